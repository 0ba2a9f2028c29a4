// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { emptyPerson } from '@/components/person/person-values';
import { memberBody, memberFieldErrors } from './create-member';
import { dueBody } from './save-member-due';

describe('member requests', () => {
  it('sends the status as membership_status and the type (never the number or paid-until)', () => {
    const body = memberBody({
      ...emptyPerson('2026-02-01'),
      name: 'Hawa Musa',
      status: 'Suspended',
      membership_type: 't1',
      skills: ['ignored'],
    });
    expect(body).toMatchObject({
      name: 'Hawa Musa',
      membership_status: 'Suspended',
      membership_type: 't1',
    });
    expect(body).not.toHaveProperty('status');
    expect(body).not.toHaveProperty('skills');
    expect(body).not.toHaveProperty('membership_number');
    expect(body).not.toHaveProperty('paid_until');
    expect(
      memberBody({ ...emptyPerson('2026-02-01'), membership_type: null }).membership_type,
    ).toBe('');
  });

  it("puts the server's membership_status error under the form's status", () => {
    expect(memberFieldErrors({ membership_status: 'Required.', email: 'Bad.' })).toEqual({
      status: 'Required.',
      email: 'Bad.',
    });
  });

  it('builds a dues payment', () => {
    expect(
      dueBody('m1', {
        amount: 12,
        paid_on: '2026-03-09',
        months: 12,
        method: null,
        receipt_number: ' R-1 ',
        note: '',
      }),
    ).toEqual({
      member: 'm1',
      amount: 12,
      paid_on: '2026-03-09 00:00:00.000Z',
      months: 12,
      method: '',
      receipt_number: 'R-1',
      note: '',
    });
  });
});
