import { describe, expect, it } from 'vitest';
import type { RecordModel } from 'pocketbase';
import type { RecordColumn } from './record-table';
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
