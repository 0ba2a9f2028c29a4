import { describe, it, expect } from 'vitest';
import {
  parseSort,
  SortSyntaxError,
  MAX_SORT_FIELDS,
  MAX_SORT_FIELD_LENGTH,
  type SortField,
} from '../../../src/tools/search/sort';

const asc = (name: string): SortField => ({ name, direction: 'ASC' });
const desc = (name: string): SortField => ({ name, direction: 'DESC' });

describe('parseSort', () => {
  it.each<[string, SortField[]]>([
    ['', []],
    ['   ', []],
    [',, ,', []],
    ['created', [asc('created')]],
    ['-created', [desc('created')]],
    ['+title', [asc('title')]],
    [
      '-created,+title,author.name,@random',
      [desc('created'), asc('title'), asc('author.name'), asc('@random')],
    ],
    ['-@rowid', [desc('@rowid')]],
    [' -created , title ', [desc('created'), asc('title')]],
    ['a,,b,', [asc('a'), asc('b')]],
    ['name:lower', [asc('name:lower')]],
    ['_id', [asc('_id')]],
    ['1st', [asc('1st')]],
    ['#hash', [asc('#hash')]],
    ['comments_via_post.created', [asc('comments_via_post.created')]],
    ['json.a.0', [asc('json.a.0')]],
    ['a.', [asc('a.')]],
  ])('parses %j', (input, expected) => {
    expect(parseSort(input)).toEqual(expected);
  });

  it.each([
    '-',
    '+',
    '--created',
    '+-created',
    '-+created',
    '- created',
    'created desc',
    '.a',
    ':a',
    '@',
    '@@random',
    '@.a',
    'a-b',
    'a b',
    'ä',
    'a;drop table',
    'RANDOM()',
    "a'",
    'a"',
    'a,b c',
  ])('rejects %j', (input) => {
    expect(() => parseSort(input)).toThrow(SortSyntaxError);
  });

  it(`accepts ${MAX_SORT_FIELDS} fields and rejects one more`, () => {
    const names = Array.from({ length: MAX_SORT_FIELDS + 1 }, (_, i) => `f${i}`);
    expect(parseSort(names.slice(0, MAX_SORT_FIELDS).join(','))).toHaveLength(MAX_SORT_FIELDS);
    expect(() => parseSort(names.join(','))).toThrow(SortSyntaxError);
  });

  it('does not count empty parts towards the limit', () => {
    const input = Array.from({ length: MAX_SORT_FIELDS }, (_, i) => `f${i}`).join(',,,');
    expect(parseSort(`,${input},`)).toHaveLength(MAX_SORT_FIELDS);
  });

  it(`accepts names of ${MAX_SORT_FIELD_LENGTH} characters and rejects longer ones`, () => {
    const name = 'a'.repeat(MAX_SORT_FIELD_LENGTH);
    expect(parseSort(`-${name}`)).toEqual([desc(name)]);
    expect(() => parseSort(`${name}b`)).toThrow(SortSyntaxError);
  });

  it('rejects non-string input with SortSyntaxError', () => {
    expect(() => parseSort(null as unknown as string)).toThrow(SortSyntaxError);
  });

  it('throws errors named SortSyntaxError', () => {
    expect(() => parseSort('a b')).toThrow(expect.objectContaining({ name: 'SortSyntaxError' }));
  });
});
