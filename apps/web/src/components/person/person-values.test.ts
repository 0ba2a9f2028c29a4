// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { sexAndAge, dateWithDuration } from './person-text';
import {
  emptyPerson,
  personBody,
  personValuesFromRecord,
  phonesOf,
  todayInput,
  type PersonFormValues,
} from './person-values';

const values = (changes: Partial<PersonFormValues> = {}): PersonFormValues => ({
  ...emptyPerson('2026-03-01'),
  name: '  Amna Hassan ',
  email: ' amna@example.org ',
  sex: 'Female',
  birth_date: '1990-05-20',
  phone_numbers: ['+249912345678'],
  notes: ' note ',
  ...changes,
});

describe('person values', () => {
  it('starts a new person active, joining today', () => {
    expect(emptyPerson('2026-03-01')).toMatchObject({
      status: 'Active',
      starting_date: '2026-03-01',
      name: '',
      phone_numbers: [],
    });
    expect(todayInput(new Date(2026, 0, 5, 23, 30))).toBe('2026-01-05');
  });

  it('builds the shared body: trimmed text, API dates, phones as a list', () => {
    expect(personBody(values())).toEqual({
      name: 'Amna Hassan',
      email: 'amna@example.org',
      sex: 'Female',
      birth_date: '1990-05-20 00:00:00.000Z',
      address: '',
      phone_numbers: ['+249912345678'],
      starting_date: '2026-03-01 00:00:00.000Z',
      notes: 'note',
    });
  });

  it('clears empty choices and dates', () => {
    const body = personBody(values({ sex: null, birth_date: null, starting_date: null }));
    expect(body).toMatchObject({ sex: '', birth_date: '', starting_date: '' });
  });

  it('sends a new avatar, removes the stored one, or leaves it', () => {
    const file = new File(['x'], 'me.png', { type: 'image/png' });
    expect(personBody(values({ avatar: file })).avatar).toBe(file);
    expect(personBody(values({ removeAvatar: true }))).toHaveProperty('avatar', null);
    expect(personBody(values())).not.toHaveProperty('avatar');
  });

  it('fills the form from a stored person', () => {
    const form = personValuesFromRecord({
      id: 'm1',
      name: 'Hawa Musa',
      email: '',
      avatar: 'a.png',
      sex: '',
      birth_date: '1973-02-02 00:00:00.000Z',
      address: 'Omdurman',
      phone_numbers: ['+249 92 100 011', 5],
      starting_date: '',
      notes: '',
    });
    expect(form).toMatchObject({
      name: 'Hawa Musa',
      sex: null,
      birth_date: '1973-02-02',
      starting_date: null,
      phone_numbers: ['+249 92 100 011'],
      avatar: null,
      removeAvatar: false,
    });
    expect(phonesOf(null)).toEqual([]);
  });

  it('describes sex and age, and a date with its duration', () => {
    expect(sexAndAge('Female', '', 'en')).toBe('Female');
    expect(sexAndAge('', '', 'en')).toBe('');
    expect(sexAndAge('Male', '2000-01-01', 'en')).toMatch(/^Male \(\d+ years\)$/);
    expect(sexAndAge('', '2000-01-01', 'en')).toMatch(/^\(\d+ years\)$/);
    expect(dateWithDuration('', 'en')).toBe('');
    expect(dateWithDuration('2021-02-01 00:00:00.000Z', 'en')).toMatch(/^02\/01\/2021 \(.+\)$/);
  });
});
