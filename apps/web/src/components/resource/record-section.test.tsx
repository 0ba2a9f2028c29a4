import { describe, expect, it } from 'vitest';
import type { RecordModel } from 'pocketbase';
import type { RecordColumn } from './record-table';
import { resolveColumns } from './declared-columns';
import { recordTableColumns } from './record-section';

type Expense = RecordModel & { beneficiary: string; amount: number; status: string };

const row = {
  id: 'e1',
  collectionId: '',
  collectionName: 'expenses',
  beneficiary: 'Printer',
  amount: 12.5,
  status: 'paid',
} as Expense;

const columns: RecordColumn<Expense>[] = [
  { key: 'beneficiary', header: 'Beneficiary', strong: true, render: (r) => r.beneficiary },
  { key: 'amount', header: 'Amount', render: (r) => <b>{r.amount}</b> },
  { key: 'status', header: 'Status', render: (r) => <i>{r.status}</i> },
  { key: 'moves', header: 'Actions', render: () => <button type="button">Pay</button> },
  { key: 'fees', header: 'Fees', render: () => <b>0</b> },
];

describe('record columns in the kit table', () => {
  it('sorts the declared columns by their server field', () => {
    const cells = recordTableColumns('expenses', columns, { beneficiary: true, amount: 'amount' });
    expect(cells.map((c) => c.sortField)).toEqual([
      true,
      'amount',
      undefined,
      undefined,
      undefined,
    ]);
    expect(cells[0].strong).toBe(true);
  });

  it("exports a field's text, else its stored value; other columns only when given a cell", () => {
    const cells = recordTableColumns('expenses', columns, {}, { fees: () => 0.5, status: false });
    const csv = cells.map((c) => (typeof c.csv === 'function' ? c.csv(row) : c.csv));
    // The amount is drawn as an element: the export takes the stored number.
    expect(csv).toEqual(['Printer', 12.5, false, false, 0.5]);
  });
});

describe('columns named after declared fields', () => {
  const t = (key: string) => `<${key}>`;
  type Donation = RecordModel & {
    donor: string;
    amount: number;
    received_on: string;
    receipt_number: string;
    vault: string;
    expand?: { vault?: { title: string } };
  };
  const donation = {
    id: 'd1',
    collectionId: '',
    collectionName: 'donations',
    donor: 'Village council',
    amount: 250,
    received_on: '2026-03-01 00:00:00.000Z',
    receipt_number: '',
    vault: 'v1',
    expand: { vault: { title: 'Main vault' } },
  } as Donation;

  it("take the field's one label, its cell by type, its sort, and its stored value in the CSV", () => {
    const { columns, sortable } = resolveColumns<Donation>(t, 'donations', [
      { field: 'donor', strong: true, sort: true },
      { field: 'receipt_number' },
      { field: 'amount', sort: true },
      { field: 'vault' },
      { key: 'own', header: 'Own', render: () => 'x' },
    ]);
    expect(columns.map((c) => [c.key, c.header])).toEqual([
      ['donor', '<fields.donations.donor>'],
      ['receipt_number', '<fields.donations.receipt_number>'],
      ['amount', '<fields.donations.amount>'],
      ['vault', '<fields.donations.vault>'],
      ['own', 'Own'],
    ]);
    expect(sortable).toEqual({ donor: true, amount: true });
    expect(columns[0].strong).toBe(true);
    // An empty text shows a dash; a related record its name.
    expect(columns[1].render(donation)).toBe('—');
    expect(columns[3].render(donation)).toBe('Main vault');
    const csv = recordTableColumns('donations', columns, sortable).map((c) =>
      typeof c.csv === 'function' ? c.csv(donation) : c.csv,
    );
    expect(csv).toEqual(['Village council', '—', 250, 'Main vault', false]);
  });
});
