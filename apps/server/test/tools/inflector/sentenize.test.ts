import { describe, expect, it } from 'vitest';
import { sentenize } from '../../../src/tools/inflector/sentenize';

describe('sentenize', () => {
  it.each<[string, string]>([
    ['', ''],
    ['   ', ''],
    ['\n\t', ''],
    ['a', 'A.'],
    ['hello', 'Hello.'],
    ['hello world', 'Hello world.'],
    ['  padded message  ', 'Padded message.'],
    ['already done.', 'Already done.'],
    ['is it?', 'Is it?'],
    ['wow!', 'Wow!'],
    ['Missing or invalid auth record password', 'Missing or invalid auth record password.'],
    [
      'the provided token is for different auth collection',
      'The provided token is for different auth collection.',
    ],
    ['ends with dot and space. ', 'Ends with dot and space.'],
    ['ends with colon:', 'Ends with colon:.'],
    ['123 items', '123 items.'],
    ['élan', 'Élan.'],
    ['ßtraße', 'ßtraße.'],
    ['😀 smile', '😀 smile.'],
    ['.', '.'],
    ['already Capital', 'Already Capital.'],
  ])('%j ⇒ %j', (input, expected) => {
    expect(sentenize(input)).toBe(expected);
  });
});
