// @vitest-environment node
import { fieldOf, members } from '@app/schema';
import { describe, expect, it } from 'vitest';
import { textRules } from './rules';

const check = (list: ReturnType<typeof textRules>, value: string) =>
  list.map((rule) => rule(value)).find((r) => r !== true) ?? true;

describe('rules from a field declaration', () => {
  const messages = { required: 'required', tooShort: 'short', tooLong: (max: number) => `>${max}` };

  it('checks what the declaration of members.name says (required, 3 to 200 characters)', () => {
    const name = textRules(fieldOf(members, 'name'), messages);
    expect(check(name, '')).toBe('required');
    expect(check(name, 'Al')).toBe('short');
    expect(check(name, 'Ali')).toBe(true);
    expect(check(name, 'x'.repeat(201))).toBe('>200');
  });

  it('leaves out what the declaration does not ask for', () => {
    const notes = textRules(fieldOf(members, 'notes'), messages);
    expect(check(notes, '')).toBe(true);
    expect(check(notes, 'x'.repeat(5001))).toBe('>5000');
  });
});
