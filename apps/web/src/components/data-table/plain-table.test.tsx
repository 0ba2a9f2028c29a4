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

  test("a sticky column's header and cells get its side's class beside their own", () => {
    renderWithProviders(
      <PlainTable<Row>
        caption="Register"
        rows={[{ id: 'a', note: 'Amna Hassan', status: 'Active' }]}
        rowKey={(row) => row.id}
        columns={[
          {
            key: 'name',
            header: 'Employee',
            render: (row) => row.note,
            td: { className: 'own' },
            sticky: 'start',
          },
          { key: 'status', header: 'Status', render: (row) => row.status },
          { key: 'total', header: 'Total', render: () => '10.00 USD', sticky: 'end' },
        ]}
      />,
    );
    const [name, status, total] = screen.getAllByRole('cell');
    expect(name!.className.split(' ')).toEqual(
      expect.arrayContaining(['own', 'table-sticky-start']),
    );
    expect(status!.className).not.toContain('table-sticky');
    expect(total!.className).toContain('table-sticky-end');
    expect(total!.className).not.toContain('table-sticky-start');
    expect(screen.getByRole('columnheader', { name: 'Employee' }).className).toContain(
      'table-sticky-start',
    );
  });
});
