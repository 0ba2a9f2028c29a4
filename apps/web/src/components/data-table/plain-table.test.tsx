import { Badge } from '@mantine/core';
import { screen } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { PlainTable } from './plain-table';

type Row = { id: string; note: string; status: string };

describe('PlainTable', () => {
  test("a cell's plain text is isolated in <bdi>, an element cell is left as it is", () => {
    renderWithProviders(
      <PlainTable<Row>
        caption="Notes"
        rows={[{ id: 'a', note: 'Checks the repaired wells.', status: 'Active' }]}
        rowKey={(row) => row.id}
        columns={[
          { key: 'note', header: 'Note', render: (row) => row.note },
          { key: 'status', header: 'Status', render: (row) => <Badge>{row.status}</Badge> },
          { key: 'empty', header: 'Empty', render: () => '' },
        ]}
      />,
    );
    const [note, status, empty] = screen.getAllByRole('cell');
    // Its direction comes from its own first letter, not from the page's.
    expect(note!.firstElementChild?.tagName).toBe('BDI');
    expect(note!.textContent).toBe('Checks the repaired wells.');
    expect(status!.querySelector('bdi')).toBeNull();
    expect(status!.textContent).toBe('Active');
    // Nothing to isolate: the cell stays empty (a phone's stacked row leaves it out).
    expect(empty!.childNodes).toHaveLength(0);
  });
});
