// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { isLapsed, memberDisplayStatus } from './member-status';

const now = new Date(2026, 5, 15, 10, 30);

describe('member status', () => {
  it.each([
    ['Active', '2026-06-14 00:00:00.000Z', 'Lapsed'],
    ['Active', '2026-06-15 00:00:00.000Z', 'Active'],
    ['Active', '2027-01-01 00:00:00.000Z', 'Active'],
    ['Active', '', 'Active'],
    ['Suspended', '2020-01-01 00:00:00.000Z', 'Suspended'],
    ['Resigned', '2020-01-01 00:00:00.000Z', 'Resigned'],
    ['', '', ''],
  ])('%s paid until %j shows %j', (membership_status, paid_until, expected) => {
    expect(memberDisplayStatus({ membership_status, paid_until }, now)).toBe(expected);
  });

  it('counts a member paid until yesterday as lapsed, whatever the hour', () => {
    const lateEvening = new Date(2026, 5, 15, 23, 59);
    expect(isLapsed({ membership_status: 'Active', paid_until: '2026-06-14' }, lateEvening)).toBe(
      true,
    );
    const earlyMorning = new Date(2026, 5, 15, 0, 1);
    expect(isLapsed({ membership_status: 'Active', paid_until: '2026-06-15' }, earlyMorning)).toBe(
      false,
    );
  });
});
