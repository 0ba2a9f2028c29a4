import { act, fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, test, vi } from 'vitest';
import { Tooltip } from './tooltip';

function Subject({ onFocus }: { onFocus?: () => void }) {
  return (
    <Tooltip label="Update">
      <button type="button" aria-label="Update the payment of 01/04/2026" onFocus={onFocus}>
        ✎
      </button>
    </Tooltip>
  );
}

describe('Tooltip', () => {
  test('shows its label while the mouse rests on the button, and hides it as it leaves', () => {
    render(<Subject />);
    const button = screen.getByRole('button', { name: 'Update the payment of 01/04/2026' });
    expect(screen.queryByRole('tooltip')).toBeNull();
    fireEvent.pointerEnter(button, { pointerType: 'mouse' });
    expect(screen.getByRole('tooltip').textContent).toBe('Update');
    fireEvent.pointerLeave(button, { pointerType: 'mouse' });
    expect(screen.queryByRole('tooltip')).toBeNull();
  });

  test('not for a finger: a tap is a press, not a hover', () => {
    render(<Subject />);
    fireEvent.pointerEnter(screen.getByRole('button'), { pointerType: 'touch' });
    expect(screen.queryByRole('tooltip')).toBeNull();
  });

  test('Escape and a scroll hide it', () => {
    render(<Subject />);
    const button = screen.getByRole('button');
    fireEvent.pointerEnter(button, { pointerType: 'mouse' });
    fireEvent.keyDown(window, { key: 'Escape' });
    expect(screen.queryByRole('tooltip')).toBeNull();
    fireEvent.pointerEnter(button, { pointerType: 'mouse' });
    act(() => {
      window.dispatchEvent(new Event('scroll'));
    });
    expect(screen.queryByRole('tooltip')).toBeNull();
  });

  test("keeps the button's own handlers, and shows on keyboard focus", () => {
    const onFocus = vi.fn();
    render(<Subject onFocus={onFocus} />);
    const button = screen.getByRole('button');
    // jsdom has no keyboard modality: say this focus came from the keyboard.
    vi.spyOn(button, 'matches').mockImplementation((selector) => selector === ':focus-visible');
    fireEvent.focus(button);
    expect(onFocus).toHaveBeenCalledOnce();
    expect(screen.getByRole('tooltip').textContent).toBe('Update');
    fireEvent.blur(button);
    expect(screen.queryByRole('tooltip')).toBeNull();
  });

  test('shown by keyboard focus, it follows its element when the page scrolls', () => {
    render(<Subject />);
    const button = screen.getByRole('button');
    let buttonTop = 400;
    vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (
      this: HTMLElement,
    ) {
      return this === button
        ? DOMRect.fromRect({ x: 100, y: buttonTop, width: 20, height: 20 })
        : DOMRect.fromRect({ x: 0, y: 0, width: 60, height: 24 });
    });
    vi.spyOn(button, 'matches').mockImplementation((selector) => selector === ':focus-visible');
    fireEvent.focus(button);
    expect(screen.getByRole('tooltip').style.top).toBe('370px');
    // Focusing an element below the fold scrolls the page to it.
    buttonTop = 200;
    act(() => {
      window.dispatchEvent(new Event('scroll'));
    });
    expect(screen.getByRole('tooltip').style.top).toBe('170px');
    vi.restoreAllMocks();
  });

  test('sits above the button, centred, kept on screen', () => {
    render(<Subject />);
    const button = screen.getByRole('button');
    vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (
      this: HTMLElement,
    ) {
      return this === button
        ? DOMRect.fromRect({ x: 2, y: 100, width: 20, height: 20 })
        : DOMRect.fromRect({ x: 0, y: 0, width: 60, height: 24 });
    });
    fireEvent.pointerEnter(button, { pointerType: 'mouse' });
    const tip = screen.getByRole('tooltip');
    // Above: 100 - 6 - 24; centred at 12 would start at -18, kept 4 px from the edge.
    expect(tip.style.top).toBe('70px');
    expect(tip.style.left).toBe('4px');
    vi.restoreAllMocks();
  });
});
