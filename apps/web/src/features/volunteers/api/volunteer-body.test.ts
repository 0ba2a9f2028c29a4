// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { emptyPerson } from '@/components/person/person-values';
import { volunteerBody } from './create-volunteer';
import { hoursBody } from './save-volunteer-hours';

describe('volunteer requests', () => {
  it('sends status, skills and availability (never a membership type)', () => {
    const body = volunteerBody({
      ...emptyPerson('2026-02-01'),
      name: 'Nour Salih',
      skills: ['s1', 's2'],
      availability: ['Weekends'],
      membership_type: 'ignored',
    });
    expect(body).toMatchObject({
      name: 'Nour Salih',
      status: 'Active',
      skills: ['s1', 's2'],
      availability: ['Weekends'],
    });
    expect(body).not.toHaveProperty('membership_type');
    expect(body).not.toHaveProperty('membership_status');
  });

  it('builds an hours entry, with no project as empty', () => {
    expect(
      hoursBody('v1', {
        date: '2026-02-08',
        hours: 1.5,
        project: null,
        activity: ' Survey ',
        note: '',
      }),
    ).toEqual({
      volunteer: 'v1',
      date: '2026-02-08 00:00:00.000Z',
      hours: 1.5,
      project: '',
      activity: 'Survey',
      note: '',
    });
  });
});
