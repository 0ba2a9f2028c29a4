import { describe, expect, it } from 'vitest';
import { isSafeStoredName, normalizeFileName } from '../../../src/tools/filesystem/file-name';

const RANDOM = '[a-z0-9]{10}';

describe('normalizeFileName', () => {
  it.each<[string, string, RegExp, string?]>([
    ['simple', 'photo.png', new RegExp(`^photo_${RANDOM}\\.png$`)],
    ['spaces', 'My Holiday Photo.jpg', new RegExp(`^my_holiday_photo_${RANDOM}\\.jpg$`)],
    ['camel case split', 'myPhotoID.png', new RegExp(`^my_photo_id_${RANDOM}\\.png$`)],
    ['upper-case extension', 'REPORT.PDF', new RegExp(`^report_${RANDOM}\\.pdf$`)],
    ['double extension', 'backup.tar.gz', new RegExp(`^backup_${RANDOM}\\.tar\\.gz$`)],
    ['only the last two dots', 'a.b.tar.gz', new RegExp(`^a_b_${RANDOM}\\.tar\\.gz$`)],
    ['punctuation runs', '  hello -- world!!.txt', new RegExp(`^hello_world_${RANDOM}\\.txt$`)],
    ['unicode letters split', 'café résumé.txt', new RegExp(`^caf_r_sum_${RANDOM}\\.txt$`)],
    ['all unicode', '写真.png', new RegExp(`^${RANDOM}_${RANDOM}\\.png$`)],
    ['short base', 'a.txt', new RegExp(`^a${RANDOM}_${RANDOM}\\.txt$`)],
    ['two-char base', 'ab.txt', new RegExp(`^ab${RANDOM}_${RANDOM}\\.txt$`)],
    ['three-char base', 'abc.txt', new RegExp(`^abc_${RANDOM}\\.txt$`)],
    ['empty', '', new RegExp(`^${RANDOM}_${RANDOM}$`)],
    ['dot file', '.bashrc', new RegExp(`^${RANDOM}_${RANDOM}\\.bashrc$`)],
    ['no extension', 'README', new RegExp(`^readme_${RANDOM}$`)],
    ['no extension, detected', 'blob', new RegExp(`^blob_${RANDOM}\\.png$`), '.png'],
    ['detected without dot', 'blob', new RegExp(`^blob_${RANDOM}\\.webp$`), 'webp'],
    ['own extension wins', 'x.jpeg', new RegExp(`^x${RANDOM}_${RANDOM}\\.jpeg$`), '.png'],
    // PocketBase reads `../etc/passwd` as the extension; we strip it down to `.etcpasswd`.
    ['path traversal', '../../etc/passwd', new RegExp(`^${RANDOM}_${RANDOM}\\.etcpasswd$`)],
    ['windows path', '..\\..\\boot.ini', new RegExp(`^${RANDOM}_${RANDOM}\\.boot\\.ini$`)],
    ['traversal in extension', 'evil.../../x', new RegExp(`^evil_${RANDOM}\\.x$`)],
    ['NUL byte', 'a\u0000b.png', new RegExp(`^a_b_${RANDOM}\\.png$`)],
    ['trailing dot', 'name.', new RegExp(`^name_${RANDOM}$`)],
    ['invalid chars in extension', 'x.p$n g', new RegExp(`^x${RANDOM}_${RANDOM}\\.png$`)],
    ['extension of symbols only', 'data.$$$', new RegExp(`^data_${RANDOM}\\.bin$`), 'bin'],
    [
      'long extension keeps the tail',
      `f.${'a'.repeat(15)}${'b'.repeat(15)}`,
      new RegExp(`^f${RANDOM}_${RANDOM}\\.a{5}b{15}$`),
    ],
  ])('%s', (_name, original, expected, detected) => {
    const result = normalizeFileName(original, detected);
    expect(result).toMatch(expected);
    expect(isSafeStoredName(result)).toBe(true);
  });

  it('cuts a base longer than 100 characters', () => {
    const result = normalizeFileName(`${'x'.repeat(150)}.txt`);
    expect(result).toMatch(new RegExp(`^x{100}_${RANDOM}\\.txt$`));
  });

  it('does not leave a dangling underscore at the cut', () => {
    const result = normalizeFileName(`${'x'.repeat(99)} y.txt`);
    expect(result).toMatch(new RegExp(`^x{99}_${RANDOM}\\.txt$`));
  });

  it('only reads the last 300 bytes of the name', () => {
    const result = normalizeFileName(`${'a'.repeat(500)}${'b'.repeat(250)}.txt`);
    // 300 bytes = 46 a + 250 b + ".txt"; the base is then cut to 100.
    expect(result).toMatch(new RegExp(`^a{46}b{54}_${RANDOM}\\.txt$`));
  });

  it('copes with a multibyte character split by the 300-byte cut', () => {
    const result = normalizeFileName(`${'é'.repeat(200)}.txt`);
    expect(isSafeStoredName(result)).toBe(true);
    expect(result).toMatch(/\.txt$/);
  });

  it('adds a fresh random part every time', () => {
    expect(normalizeFileName('same.txt')).not.toBe(normalizeFileName('same.txt'));
  });

  it('never produces separators, NUL or ".." for hostile names', () => {
    const hostile = [
      '../',
      '..',
      '.',
      '/',
      '\\',
      '....//....//',
      'a/../../b.c/../d',
      '\u0000',
      '..\u0000.png',
      'x/.',
    ];
    for (const name of hostile) {
      const result = normalizeFileName(name, '../../x');
      expect(result).not.toMatch(/[/\\]|\.\./);
      expect(result).not.toContain('\u0000');
      expect(isSafeStoredName(result)).toBe(true);
    }
  });
});

describe('isSafeStoredName', () => {
  it.each<[string, unknown, boolean]>([
    ['normal', 'my_photo_52iwbgds7l.png', true],
    ['double extension', 'backup_52iwbgds7l.tar.gz', true],
    ['no extension', 'readme_52iwbgds7l', true],
    ['thumb name', '100x100_my_photo_52iwbgds7l.png', true],
    ['upper case', 'Photo_X.PNG', true],
    ['empty', '', false],
    ['dot', '.', false],
    ['dot dot', '..', false],
    ['hidden', '.env', false],
    ['leading dash', '-rf', false],
    ['contains ..', 'a..b', false],
    ['slash', 'a/b.png', false],
    ['backslash', 'a\\b.png', false],
    ['NUL', 'a\u0000.png', false],
    ['space', 'a b.png', false],
    ['percent', 'a%2F.png', false],
    ['unicode', 'café.png', false],
    ['too long', 'a'.repeat(256), false],
    ['not a string', 42, false],
  ])('%s', (_name, value, expected) => {
    expect(isSafeStoredName(value)).toBe(expected);
  });
});
