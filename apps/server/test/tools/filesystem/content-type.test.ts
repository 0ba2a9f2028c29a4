import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  detectContentType,
  extensionForContentType,
  isInlineContentType,
} from '../../../src/tools/filesystem/content-type';

let png: Buffer;
let jpeg: Buffer;

beforeAll(async () => {
  const base = sharp({ create: { width: 8, height: 8, channels: 3, background: '#ff0000' } });
  png = await base.clone().png().toBuffer();
  jpeg = await base.clone().jpeg().toBuffer();
});

const svg = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>',
);

describe('detectContentType', () => {
  it('sniffs a real PNG regardless of its name', async () => {
    expect(await detectContentType(png, 'photo.png')).toBe('image/png');
    expect(await detectContentType(png, 'no_extension')).toBe('image/png');
    expect(await detectContentType(png, 'lying.txt')).toBe('image/png');
  });

  it('sniffs a real JPEG', async () => {
    expect(await detectContentType(jpeg, 'photo.jpg')).toBe('image/jpeg');
  });

  it.each<[string, Buffer, string, string]>([
    ['svg', svg, 'logo.svg', 'image/svg+xml'],
    ['svg, upper-case extension', svg, 'LOGO.SVG', 'image/svg+xml'],
    ['css', Buffer.from('body { color: red; }'), 'site.css', 'text/css'],
    ['js', Buffer.from('console.log(1);'), 'app.js', 'text/javascript'],
    ['mjs', Buffer.from('export {};'), 'app.mjs', 'text/javascript'],
    [
      'xlsx',
      Buffer.from('PK\u0003\u0004zip'),
      'sheet.xlsx',
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    ],
    [
      'docx',
      Buffer.from('PK\u0003\u0004zip'),
      'letter.docx',
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    ],
    [
      'pptx',
      Buffer.from('PK\u0003\u0004zip'),
      'deck.pptx',
      'application/vnd.openxmlformats-officedocument.presentationml.presentation',
    ],
  ])('forces %s by extension', async (_name, buffer, fileName, expected) => {
    expect(await detectContentType(buffer, fileName)).toBe(expected);
  });

  it.each<[string, Buffer, string]>([
    ['ascii text', Buffer.from('hello world\nsecond line\n'), 'text/plain; charset=utf-8'],
    ['utf-8 text', Buffer.from('héllo wörld — ✓ 写真'), 'text/plain; charset=utf-8'],
    ['csv', Buffer.from('a,b,c\n1,2,3\n'), 'text/plain; charset=utf-8'],
    ['svg without .svg', svg, 'text/plain; charset=utf-8'],
    ['empty', Buffer.alloc(0), 'text/plain; charset=utf-8'],
    ['binary', Buffer.from([0x00, 0x01, 0x02, 0xff, 0xfe, 0x00]), 'application/octet-stream'],
    [
      'invalid utf-8',
      Buffer.from([0x68, 0x69, 0xc3, 0x28, 0x20, 0x20]),
      'application/octet-stream',
    ],
    ['control chars', Buffer.alloc(200, 0x01), 'application/octet-stream'],
  ])('%s', async (_name, buffer, expected) => {
    expect(await detectContentType(buffer, 'file.txt')).toBe(expected);
  });

  it('accepts text whose sample ends inside a multibyte character', async () => {
    const text = Buffer.from('é'.repeat(3000));
    expect(text.length).toBeGreaterThan(4096);
    expect(await detectContentType(text, 'f.txt')).toBe('text/plain; charset=utf-8');
  });

  it('does not reject on truncated binaries', async () => {
    expect(await detectContentType(png.subarray(0, 20), 'broken.png')).toBe('image/png');
    await expect(detectContentType(Buffer.from('PK\u0003\u0004'), 'x.zip')).resolves.toBeTypeOf(
      'string',
    );
  });
});

describe('isInlineContentType', () => {
  it.each<[string, boolean]>([
    ['image/png', true],
    ['image/jpg', true],
    ['image/jpeg', true],
    ['image/gif', true],
    ['image/webp', true],
    ['image/x-icon', true],
    ['image/bmp', true],
    ['IMAGE/PNG', true],
    ['video/mp4', true],
    ['video/webm', true],
    ['audio/mpeg', true],
    ['audio/wav', true],
    ['application/pdf', true],
    ['application/pdf; name=x', true],
    ['image/svg+xml', false],
    ['text/html', false],
    ['text/plain; charset=utf-8', false],
    ['text/javascript', false],
    ['application/octet-stream', false],
    ['', false],
  ])('%s ⇒ %s', (contentType, expected) => {
    expect(isInlineContentType(contentType)).toBe(expected);
  });
});

describe('extensionForContentType', () => {
  it.each<[string, string]>([
    ['image/png', '.png'],
    ['image/jpeg', '.jpg'],
    ['image/svg+xml', '.svg'],
    ['text/plain; charset=utf-8', '.txt'],
    ['APPLICATION/PDF', '.pdf'],
    ['application/vnd.openxmlformats-officedocument.wordprocessingml.document', '.docx'],
    ['application/x-unknown', ''],
    ['constructor', ''],
    ['__proto__', ''],
    ['', ''],
  ])('%s ⇒ %j', (contentType, expected) => {
    expect(extensionForContentType(contentType)).toBe(expected);
  });
});
