import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { NumberField } from './number-field';

function Harness(props: { min?: number; max?: number; initial?: number | null }) {
  const [value, setValue] = useState<number | null>(props.initial ?? null);
  return (
    <>
      <NumberField
        label="Amount"
        value={value}
        onChange={setValue}
        min={props.min}
        max={props.max}
      />
      <output data-testid="value">{value === null ? 'null' : String(value)}</output>
    </>
  );
}

describe('NumberField', () => {
  it('accepts only digits, a leading minus and a decimal point', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Harness />);
    const input = screen.getByLabelText('Amount');
    await user.type(input, 'a-1b2.3.4c');
    expect(input).toHaveValue('-12.34');
    expect(screen.getByTestId('value')).toHaveTextContent('-12.34');
  });

  it('refuses the minus sign when min is not negative', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Harness min={0} max={100} />);
    const input = screen.getByLabelText('Amount');
    await user.type(input, '-42');
    expect(input).toHaveValue('42');
  });

  it('clamps to max at once and to min on blur', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Harness min={10} max={50} />);
    const input = screen.getByLabelText('Amount');
    await user.type(input, '75');
    expect(input).toHaveValue('50');
    expect(screen.getByTestId('value')).toHaveTextContent('50');

    await user.clear(input);
    await user.type(input, '5');
    expect(screen.getByTestId('value')).toHaveTextContent('10');
    await user.tab();
    expect(input).toHaveValue('10');
  });

  it('steps by 1 with the arrow keys', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Harness initial={2} max={3} />);
    const input = screen.getByLabelText('Amount');
    await user.click(input);
    await user.keyboard('{ArrowUp}');
    expect(input).toHaveValue('3');
    await user.keyboard('{ArrowUp}');
    expect(input).toHaveValue('3');
    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(input).toHaveValue('1');
  });

  it('empties to null', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Harness initial={7} />);
    await user.clear(screen.getByLabelText('Amount'));
    expect(screen.getByTestId('value')).toHaveTextContent('null');
  });
});
