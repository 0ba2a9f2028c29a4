import { Select } from '@mantine/core';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, test } from 'vitest';
import { renderWithProviders } from '@/test/render';

describe("the theme's selects", () => {
  test('build their list of choices when opened, not before', async () => {
    renderWithProviders(
      <>
        <Select label="Status" data={['Active', 'Suspended']} />
        <Select label="Section" data={['Finance', 'Projects']} />
      </>,
    );
    // Mantine keeps every list in the page, hidden, unless told otherwise.
    expect(screen.queryAllByRole('listbox', { hidden: true })).toHaveLength(0);
    expect(screen.queryAllByRole('option', { hidden: true })).toHaveLength(0);
    await userEvent.click(screen.getByLabelText('Status'));
    // Opened, the one select's list is there, with its choices.
    await waitFor(() => expect(screen.queryAllByRole('listbox', { hidden: true })).toHaveLength(1));
    expect(
      screen.getAllByRole('option', { hidden: true }).map((option) => option.textContent),
    ).toEqual(['Active', 'Suspended']);
  });
});
