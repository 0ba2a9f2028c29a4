import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { DATE_PLACEHOLDER, DateField, parseDateInput } from './date-field';

/**
 * The field once its calendar has loaded. Until the person first goes into a date field a
 * read-only copy stands in; once the code is there, every date field is the real one.
 */
async function loadedInput(label: string): Promise<HTMLElement> {
  fireEvent.focus(screen.getByLabelText(label));
  await waitFor(() => expect(screen.getByLabelText(label)).not.toHaveAttribute('readonly'));
  return screen.getByLabelText(label);
}

describe('DateField', () => {
  // First in the file: the calendar's code is not there yet.
  it('stands read-only with its label, value and placeholder until the person goes into it', async () => {
    renderWithProviders(<DateField label="Start" value="2024-03-09" onChange={() => undefined} />);
    const standIn = screen.getByLabelText('Start');
    expect(standIn).toHaveAttribute('readonly');
    expect(standIn).toHaveValue('03/09/2024');
    expect(standIn).toHaveAttribute('placeholder', 'mm/dd/yyyy');
    // Going into it brings the calendar's input, which takes the focus where the person is.
    standIn.focus();
    const input = await loadedInput('Start');
    expect(input).toHaveValue('03/09/2024');
    expect(document.activeElement).toBe(input);
  });

  it('uses the placeholder mm/dd/yyyy', async () => {
    renderWithProviders(<DateField label="Birth Date" value={null} onChange={() => undefined} />);
    expect(DATE_PLACEHOLDER).toBe('mm/dd/yyyy');
    expect(await loadedInput('Birth Date')).toHaveAttribute('placeholder', 'mm/dd/yyyy');
  });

  it('keeps the placeholder even if another is given', async () => {
    renderWithProviders(
      <DateField label="Start" placeholder="dd/mm/yyyy" value={null} onChange={() => undefined} />,
    );
    expect(await loadedInput('Start')).toHaveAttribute('placeholder', 'mm/dd/yyyy');
  });

  it('shows a value as mm/dd/yyyy', async () => {
    renderWithProviders(<DateField label="Start" value="2024-03-09" onChange={() => undefined} />);
    expect(await loadedInput('Start')).toHaveValue('03/09/2024');
  });

  it.each([
    ['03/09/2024', '2024-03-09'],
    ['3/9/2024', '2024-03-09'],
    ['12-31-1999', '1999-12-31'],
    ['2024-03-09', '2024-03-09'],
    ['02/30/2024', null],
    ['13/01/2024', null],
    ['tomorrow', null],
  ])('reads %j as %j', (text, expected) => {
    expect(parseDateInput(text)).toBe(expected);
  });
});
