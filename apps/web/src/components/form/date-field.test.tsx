import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { DATE_PLACEHOLDER, DateField, parseDateInput } from './date-field';

describe('DateField', () => {
  it('uses the placeholder mm/dd/yyyy', () => {
    renderWithProviders(<DateField label="Birth Date" value={null} onChange={() => undefined} />);
    expect(DATE_PLACEHOLDER).toBe('mm/dd/yyyy');
    expect(screen.getByLabelText('Birth Date')).toHaveAttribute('placeholder', 'mm/dd/yyyy');
  });

  it('keeps the placeholder even if another is given', () => {
    renderWithProviders(
      <DateField label="Start" placeholder="dd/mm/yyyy" value={null} onChange={() => undefined} />,
    );
    expect(screen.getByLabelText('Start')).toHaveAttribute('placeholder', 'mm/dd/yyyy');
  });

  it('shows a value as mm/dd/yyyy', () => {
    renderWithProviders(<DateField label="Start" value="2024-03-09" onChange={() => undefined} />);
    expect(screen.getByLabelText('Start')).toHaveValue('03/09/2024');
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
