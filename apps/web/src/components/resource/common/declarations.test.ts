import { describe, expect, it } from 'vitest';
import { bodyOf, initialValuesOf } from './declarations';

describe("a form's values and body from the declared field types", () => {
  const names = [
    'donor',
    'amount',
    'transaction_fees',
    'received_on',
    'receipt_number',
    'vault',
    'statement',
  ];

  it('starts a new record with empty values of each type', () => {
    expect(initialValuesOf('donations', names, null)).toEqual({
      donor: '',
      amount: null,
      transaction_fees: null,
      received_on: null,
      receipt_number: '',
      vault: null,
      statement: '',
    });
  });

  it("takes a stored record's values, dates as the date input holds them", () => {
    const stored = {
      donor: 'Council',
      amount: 250,
      transaction_fees: 0,
      received_on: '2026-03-01 00:00:00.000Z',
      receipt_number: 'R-1',
      vault: '',
      statement: '',
    };
    expect(initialValuesOf('donations', names, stored)).toEqual({
      ...stored,
      received_on: '2026-03-01',
      vault: null,
    });
  });

  it('sends trimmed texts, API dates, empty choices as "" and an empty optional number as 0', () => {
    expect(
      bodyOf('donations', {
        donor: '  Council ',
        amount: null,
        transaction_fees: null,
        received_on: '2026-03-01',
        receipt_number: ' R-1 ',
        vault: null,
        statement: '',
      }),
    ).toEqual({
      donor: 'Council',
      // Required: left empty, so that the server names it.
      amount: null,
      transaction_fees: 0,
      received_on: '2026-03-01 00:00:00.000Z',
      receipt_number: 'R-1',
      vault: '',
      statement: '',
    });
    expect(bodyOf('grant_deadlines', { done: true, kind: null })).toEqual({ done: true, kind: '' });
  });

  describe('file fields', () => {
    const receipt = new File(['x'], 'receipt.pdf', { type: 'application/pdf' });
    const stored = { receipts: ['old_a1b2c3d4e5.pdf'], cover_image: 'cover_a1b2c3d4e5.png' };

    it('start empty for new files, whatever the record stores', () => {
      expect(initialValuesOf('expenses', ['receipts'], stored)).toEqual({ receipts: [] });
      expect(initialValuesOf('expenses', ['receipts'], null)).toEqual({ receipts: [] });
      expect(initialValuesOf('blog_articles', ['cover_image'], stored)).toEqual({
        cover_image: [],
      });
    });

    it('send new files as an append, and nothing when none was picked', () => {
      expect(bodyOf('expenses', { receipts: [receipt] })).toEqual({ 'receipts+': [receipt] });
      expect(bodyOf('expenses', { receipts: [] })).toEqual({});
    });

    it('put the new file of a one-file field in place of the stored one', () => {
      expect(bodyOf('blog_articles', { cover_image: [receipt] })).toEqual({ cover_image: receipt });
      expect(bodyOf('blog_articles', { cover_image: [] })).toEqual({});
    });

    it('remove stored files only when the form names them', () => {
      expect(
        bodyOf('expenses', { receipts: [receipt] }, { receipts: ['old_a1b2c3d4e5.pdf'] }),
      ).toEqual({ 'receipts+': [receipt], 'receipts-': ['old_a1b2c3d4e5.pdf'] });
      expect(bodyOf('expenses', { receipts: [] }, { receipts: [] })).toEqual({});
      expect(() => bodyOf('expenses', {}, { statement: ['x'] })).toThrow(/Not a file field/);
    });
  });
});
