import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LoadingBar } from './loading-bar';
import { estimatedProgress, LOADING_BAR } from './loading-bar-config';

describe('loading bar', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('uses the spec numbers', () => {
    expect(LOADING_BAR).toEqual({
      throttle: 200,
      duration: 2000,
      height: 3,
      hideDelay: 500,
      resetDelay: 400,
    });
  });

  it('grows towards, but never reaches, 100 while loading', () => {
    expect(estimatedProgress(0)).toBe(0);
    expect(estimatedProgress(1000)).toBeCloseTo(50);
    expect(estimatedProgress(3000)).toBeGreaterThan(75);
    expect(estimatedProgress(60_000)).toBeLessThan(100);
  });

  it('stays hidden for navigations shorter than the throttle', () => {
    const { rerender } = render(<LoadingBar active />);
    act(() => vi.advanceTimersByTime(150));
    rerender(<LoadingBar active={false} />);
    act(() => vi.advanceTimersByTime(2000));
    expect(screen.getByTestId('loading-bar')).not.toHaveAttribute('data-visible');
  });

  it('shows after the throttle, fills, hides after hideDelay and resets after resetDelay', () => {
    const { rerender } = render(<LoadingBar active />);
    const bar = screen.getByTestId('loading-bar');
    expect(bar.style.height).toBe('3px');
    act(() => vi.advanceTimersByTime(LOADING_BAR.throttle + 50));
    expect(bar).toHaveAttribute('data-visible', 'true');
    act(() => vi.advanceTimersByTime(1000));
    const during = Number(bar.getAttribute('aria-valuenow'));
    expect(during).toBeGreaterThan(0);
    expect(during).toBeLessThan(100);

    rerender(<LoadingBar active={false} />);
    expect(bar.getAttribute('aria-valuenow')).toBe('100');
    expect(bar).toHaveAttribute('data-visible', 'true');
    act(() => vi.advanceTimersByTime(LOADING_BAR.hideDelay));
    expect(bar).not.toHaveAttribute('data-visible');
    expect(bar.getAttribute('aria-valuenow')).toBe('100');
    act(() => vi.advanceTimersByTime(LOADING_BAR.resetDelay));
    expect(bar.getAttribute('aria-valuenow')).toBe('0');
  });
});
