import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { PhoneListField } from './phone-list-field';

function Harness({ initial = [] as string[] }) {
  const [value, setValue] = useState<string[]>(initial);
  return (
    <>
      <PhoneListField label="Phone" value={value} onChange={setValue} />
      <output data-testid="value">{JSON.stringify(value)}</output>
    </>
  );
}

describe('PhoneListField', () => {
  it('adds a number with Enter and clears the input', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Harness />);
    const input = screen.getByRole('textbox', { name: 'Phone' });
    await user.type(input, '+249 912 345 678{Enter}');
    expect(screen.getByTestId('value')).toHaveTextContent('["+249912345678"]');
    expect(input).toHaveValue('');
    await user.type(input, '0123456789{Enter}');
    expect(screen.getByTestId('value')).toHaveTextContent('["+249912345678","0123456789"]');
    expect(screen.getByText('0123456789')).toBeInTheDocument();
  });

  it('explains a refused number and keeps the text', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Harness initial={['0123456789']} />);
    const input = screen.getByRole('textbox', { name: 'Phone' });
    await user.type(input, '0123-456-789{Enter}');
    expect(screen.getByText('This number is already in the list')).toBeInTheDocument();
    expect(input).toHaveValue('0123-456-789');
    expect(screen.getByTestId('value')).toHaveTextContent('["0123456789"]');
  });

  it('removes a number with its chip button', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Harness initial={['0111111111', '0222222222']} />);
    await user.click(screen.getByRole('button', { name: 'Remove 0111111111' }));
    expect(screen.getByTestId('value')).toHaveTextContent('["0222222222"]');
  });
});
