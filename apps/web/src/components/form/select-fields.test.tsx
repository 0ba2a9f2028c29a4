import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, test, vi } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { choiceLabels, MultiSelectField, SelectField } from './select-fields';

const sexes = [
  { value: 'male', label: 'Male' },
  { value: 'female', label: 'Female' },
];

describe('choiceLabels', () => {
  test('names the chosen values from plain, labelled and grouped options', () => {
    expect(choiceLabels(['Active', 'Suspended'], ['Suspended'])).toBe('Suspended');
    expect(choiceLabels(sexes, ['female'])).toBe('Female');
    expect(
      choiceLabels([{ group: 'Kinds', items: sexes }, 'Other'], ['male', 'Other', 'gone']),
    ).toBe('Male, Other, gone');
    expect(choiceLabels(sexes, [])).toBe('');
  });
});

// In this order: the first test runs before Mantine's selects have been fetched.
describe('SelectField fetched on first opening', () => {
  test('a stand-in shows the field; a click brings the select, open and focused', async () => {
    const onChange = vi.fn();
    renderWithProviders(
      <SelectField
        label="Sex"
        required
        error="Required"
        data={sexes}
        value="male"
        onChange={onChange}
      />,
    );
    const standIn = screen.getByRole<HTMLInputElement>('combobox', { name: /^Sex/ });
    expect(standIn).toHaveAttribute('readonly');
    expect(standIn.value).toBe('Male');
    expect(standIn).toHaveAttribute('aria-invalid', 'true');
    expect(standIn).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('option')).toBeNull();

    fireEvent.click(standIn);
    expect(standIn).toHaveAttribute('aria-busy', 'true');
    fireEvent.click(await screen.findByRole('option', { name: 'Female' }));
    expect(onChange).toHaveBeenCalledWith('female');
    const select = screen.getByRole<HTMLInputElement>('combobox', { name: /^Sex/ });
    expect(select).not.toHaveAttribute('data-stand-in');
  });

  test('once fetched, a new field is the select itself, closed until opened', async () => {
    renderWithProviders(
      <MultiSelectField
        label="Skills"
        data={['First aid', 'Driving']}
        value={[]}
        onChange={() => undefined}
      />,
    );
    const field = screen.getByLabelText('Skills');
    expect(field).not.toHaveAttribute('data-stand-in');
    expect(screen.queryByRole('option')).toBeNull();
  });
});
