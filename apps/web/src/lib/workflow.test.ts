import { EXPENSE_WORKFLOW, GRANT_WORKFLOW, REQUEST_WORKFLOW } from '@app/schema';
import { describe, expect, it } from 'vitest';
import {
  fieldEditableNow,
  heldRules,
  reachableStates,
  workflowOf,
  workflowRowRules,
} from './workflow';

describe('the screens reading the workflow declarations', () => {
  it('offer edit and remove on a row as its state allows', () => {
    const rules = workflowRowRules('expenses');
    expect(rules.editable?.({ status: 'pending' })).toBe(true);
    // Approved: notes and receipts still change, so the edit button stays…
    expect(rules.editable?.({ status: 'approved' })).toBe(true);
    expect(rules.removable?.({ status: 'approved' })).toBe(false);
    expect(rules.editable?.({ status: 'paid' })).toBe(false);
    expect(rules.removable?.({ status: 'declined' })).toBe(true);
    // …but what is paid is fixed.
    expect(fieldEditableNow(EXPENSE_WORKFLOW, { status: 'approved' }, 'amount')).toBe(false);
    expect(fieldEditableNow(EXPENSE_WORKFLOW, { status: 'approved' }, 'statement')).toBe(true);
    expect(workflowRowRules('vaults')).toEqual({});
  });

  it('offer a form the states a record may reach, and a new one those it may start in', () => {
    expect(reachableStates(GRANT_WORKFLOW, { status: 'applied' })).toEqual([
      'applied',
      'awarded',
      'rejected',
      'draft',
    ]);
    expect(reachableStates(GRANT_WORKFLOW, null)).toEqual([
      'draft',
      'applied',
      'awarded',
      'rejected',
      'closed',
    ]);
    expect(workflowOf('grants')).toBe(GRANT_WORKFLOW);
  });

  it("freeze a request's items with it, but for their bills once approved", () => {
    const pending = heldRules(REQUEST_WORKFLOW, 'financial_request_items', { status: 'PENDING' });
    expect(pending).toMatchObject({ create: true, any: true, delete: true, frozen: false });
    const approved = heldRules(REQUEST_WORKFLOW, 'financial_request_items', {
      status: 'APPROVED',
    });
    expect(approved).toMatchObject({ create: false, any: true, delete: false, frozen: true });
    expect(approved.editable('bills')).toBe(true);
    expect(approved.editable('unit_price')).toBe(false);
    const paid = heldRules(REQUEST_WORKFLOW, 'financial_request_items', {
      status: 'BILL_APPROVED',
    });
    expect(paid).toMatchObject({ create: false, any: false, delete: false });
  });
});
