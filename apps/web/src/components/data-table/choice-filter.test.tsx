import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, test, vi } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { ChoiceFilter } from './choice-filter';

const options = [
  { value: '', label: 'Any Status' },
  { value: 'Active', label: 'Active' },
  { value: 'Suspended', label: 'Suspended' },
];

describe('ChoiceFilter', () => {
  test("a few choices: the browser's own select, named by its label", () => {
    const onChange = vi.fn();
    renderWithProviders(
      <ChoiceFilter label="Status" options={options} value="" onChange={onChange} width="10rem" />,
    );
    const select = screen.getByRole<HTMLSelectElement>('combobox', { name: 'Status' });
    expect(select.tagName).toBe('SELECT');
    expect(select.selectedOptions[0]?.text).toBe('Any Status');
    expect([...select.options].map((option) => option.text)).toEqual([
      'Any Status',
      'Active',
      'Suspended',
    ]);
    fireEvent.change(select, { target: { value: 'Suspended' } });
    expect(onChange).toHaveBeenCalledWith('Suspended');
  });

  test("a searchable one: Mantine's select, searched by typing, once its code is there", async () => {
    const onChange = vi.fn();
    renderWithProviders(
      <ChoiceFilter
        label="Status"
        options={options}
        value="Active"
        onChange={onChange}
        searchable
        width="10rem"
      />,
    );
    // The native select stands in while the searchable one loads.
    expect(screen.getByRole('combobox', { name: 'Status' }).tagName).toBe('SELECT');
    const input = await vi.waitFor(() => {
      const box = screen.getByRole<HTMLInputElement>('combobox', { name: 'Status' });
      expect(box.tagName).toBe('INPUT');
      return box;
    });
    expect(input.value).toBe('Active');
    fireEvent.click(input);
    fireEvent.change(input, { target: { value: 'Susp' } });
    fireEvent.click(await screen.findByRole('option', { name: 'Suspended' }));
    expect(onChange).toHaveBeenCalledWith('Suspended');
  });
});
