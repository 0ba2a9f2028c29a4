import { toApiDate } from '@/lib/format/date';

export type DueInput = {
  amount: number | null;
  /** `YYYY-MM-DD`. */
  paid_on: string | null;
  months: number | null;
  method: string | null;
  receipt_number: string;
  note: string;
};

/** A payment's body; the server re-chains the periods and the member's paid-until. */
export function dueBody(memberId: string, input: DueInput): Record<string, unknown> {
  return {
    member: memberId,
    amount: input.amount,
    paid_on: toApiDate(input.paid_on),
    months: input.months,
    method: input.method ?? '',
    receipt_number: input.receipt_number.trim(),
    note: input.note.trim(),
  };
}
