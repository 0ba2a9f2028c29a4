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

  test("a searchable one: Mantine's select, fetched when first opened, then searched by typing", async () => {
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
    // A light stand-in shows the choice until the person opens it.
    const standIn = screen.getByRole<HTMLInputElement>('combobox', { name: 'Status' });
    expect(standIn).toHaveAttribute('readonly');
    expect(standIn.value).toBe('Active');
    fireEvent.click(standIn);
    // The select arrives open, with the focus, and searches what is typed. (Its code is a real
    // import, transformed on first use: on a busy machine that takes more than waitFor's 1 s.)
    const input = await vi.waitFor(
      () => {
        const box = screen.getByRole<HTMLInputElement>('combobox', { name: 'Status' });
        expect(box).not.toHaveAttribute('readonly');
        return box;
      },
      { timeout: 10_000 },
    );
    expect(input.value).toBe('Active');
    expect(document.activeElement).toBe(input);
    fireEvent.change(input, { target: { value: 'Susp' } });
    // (jsdom leaves the dropdown's opening transition unfinished: its options count as hidden.)
    const found = await screen.findAllByRole('option', { hidden: true });
    expect(found.map((option) => option.textContent)).toEqual(['Suspended']);
    fireEvent.click(found[0]);
    expect(onChange).toHaveBeenCalledWith('Suspended');
  });
});
