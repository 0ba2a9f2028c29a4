import { render, screen } from '@testing-library/react';
import { useEffect, useRef } from 'react';
import { describe, expect, test } from 'vitest';
import { useId } from './mantine-use-id';

function Field({ id, onRender }: { id?: string; onRender: () => void }) {
  const fieldId = useId(id);
  const renders = useRef(0);
  renders.current += 1;
  useEffect(() => {
    onRender();
  });
  return <input id={fieldId} aria-label={`field ${renders.current}`} />;
}

describe("the app's useId for Mantine", () => {
  test('keeps the id it is given', () => {
    render(<Field id="email" onRender={() => {}} />);
    expect(screen.getByRole('textbox').id).toBe('email');
  });

  test('makes distinct ids usable in a selector, and renders once', () => {
    let effects = 0;
    const { container } = render(
      <>
        <Field onRender={() => (effects += 1)} />
        <Field onRender={() => (effects += 1)} />
      </>,
    );
    const [a, b] = screen.getAllByRole('textbox');
    expect(a!.id).toMatch(/^mantine-[\w-]+$/);
    expect(a!.id).not.toBe(b!.id);
    expect(container.querySelector(`#${a!.id}`)).toBe(a);
    // Mantine's own renders every component a second time as it appears.
    expect(screen.getAllByRole('textbox').map((input) => input.getAttribute('aria-label'))).toEqual(
      ['field 1', 'field 1'],
    );
    expect(effects).toBe(2);
  });
});
