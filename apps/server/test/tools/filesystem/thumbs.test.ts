import { crc32 } from 'node:zlib';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  THUMBABLE_TYPES,
  makeThumb,
  parseThumbSize,
  type ThumbSize,
} from '../../../src/tools/filesystem/thumbs';

describe('parseThumbSize', () => {
  it.each<[string, ThumbSize | null]>([
    ['100x100', { width: 100, height: 100, mode: 'center' }],
    ['100x50t', { width: 100, height: 50, mode: 'top' }],
    ['100x50b', { width: 100, height: 50, mode: 'bottom' }],
    ['100x50f', { width: 100, height: 50, mode: 'fit' }],
    ['0x50', { width: 0, height: 50, mode: 'center' }],
    ['50x0', { width: 50, height: 0, mode: 'center' }],
    ['10000x10000', { width: 10000, height: 10000, mode: 'center' }],
    ['0x0', null],
    ['0x0f', null],
    ['10001x10', null],
    ['10x10001', null],
    ['100', null],
    ['100x', null],
    ['x100', null],
    ['100X100', null],
    ['100x100c', null],
    ['100x100tt', null],
    ['-1x100', null],
    ['1.5x100', null],
    [' 100x100', null],
    ['100x100 ', null],
    ['abcxdef', null],
    ['', null],
    ['999999999999x1', null],
  ])('%j', (spec, expected) => {
    expect(parseThumbSize(spec)).toEqual(expected);
  });
});

describe('THUMBABLE_TYPES', () => {
  it('lists the PocketBase thumb types', () => {
    expect([...THUMBABLE_TYPES].sort()).toEqual(
      ['image/gif', 'image/jpeg', 'image/jpg', 'image/png', 'image/webp'].sort(),
    );
  });
});

describe('makeThumb', () => {
  let png: Buffer;

  beforeAll(async () => {
    // 300x200: top half red, bottom half blue, so crops from top and bottom differ.
    const top = await sharp({
      create: { width: 300, height: 100, channels: 3, background: '#ff0000' },
    })
      .png()
      .toBuffer();
    png = await sharp({ create: { width: 300, height: 200, channels: 3, background: '#0000ff' } })
      .composite([{ input: top, top: 0, left: 0 }])
      .png()
      .toBuffer();
  });

  it.each<[string, string, number, number]>([
    ['crop center', '100x100', 100, 100],
    ['crop top', '100x100t', 100, 100],
    ['crop bottom', '100x100b', 100, 100],
    ['fit inside', '100x100f', 100, 67],
    ['fit does not upscale', '600x600f', 300, 200],
    ['crop upscales', '600x600', 600, 600],
    ['keep aspect, width', '150x0', 150, 100],
    ['keep aspect, height', '0x50', 75, 50],
    ['wide crop', '300x50', 300, 50],
  ])('%s (%s)', async (_name, spec, width, height) => {
    const size = parseThumbSize(spec);
    expect(size).not.toBeNull();
    const thumb = await makeThumb(png, size as ThumbSize);
    const meta = await sharp(thumb).metadata();
    expect(meta.format).toBe('png');
    expect([meta.width, meta.height]).toEqual([width, height]);
  });

  it('anchors crops at the top and bottom', async () => {
    const colour = async (spec: string): Promise<number[]> => {
      const thumb = await makeThumb(png, parseThumbSize(spec) as ThumbSize);
      const { data } = await sharp(thumb).raw().toBuffer({ resolveWithObject: true });
      return [data[0], data[1], data[2]];
    };
    expect(await colour('300x50t')).toEqual([255, 0, 0]);
    expect(await colour('300x50b')).toEqual([0, 0, 255]);
  });

  it.each<[string, (image: sharp.Sharp) => sharp.Sharp]>([
    ['jpeg', (image) => image.jpeg()],
    ['webp', (image) => image.webp()],
    ['gif', (image) => image.gif()],
  ])('keeps the %s format', async (format, encode) => {
    const input = await encode(sharp(png)).toBuffer();
    const thumb = await makeThumb(input, { width: 50, height: 50, mode: 'center' });
    const meta = await sharp(thumb).metadata();
    expect(meta.format).toBe(format);
    expect([meta.width, meta.height]).toEqual([50, 50]);
  });

  it('applies EXIF orientation before resizing', async () => {
    // Stored 300x200 with orientation 6 (rotate 90°): displayed as 200x300.
    const rotated = await sharp(png).jpeg().withMetadata({ orientation: 6 }).toBuffer();
    const thumb = await makeThumb(rotated, { width: 100, height: 0, mode: 'center' });
    const meta = await sharp(thumb).metadata();
    expect([meta.width, meta.height]).toEqual([100, 150]);
  });

  it('rejects non-images and unsupported formats', async () => {
    await expect(
      makeThumb(Buffer.from('not an image'), { width: 10, height: 10, mode: 'center' }),
    ).rejects.toThrow();
    const tiff = await sharp(png).tiff().toBuffer();
    await expect(makeThumb(tiff, { width: 10, height: 10, mode: 'center' })).rejects.toThrow(
      /unsupported/,
    );
  });

  it('rejects invalid sizes', async () => {
    for (const size of [
      { width: 0, height: 0, mode: 'center' },
      { width: -1, height: 10, mode: 'center' },
      { width: 10.5, height: 10, mode: 'center' },
      { width: 20_000, height: 10, mode: 'center' },
    ] as ThumbSize[]) {
      await expect(makeThumb(png, size)).rejects.toThrow(/invalid size/);
    }
  });

  it('refuses keep-aspect results that would be huge', async () => {
    const sliver = await sharp({
      create: { width: 1, height: 1000, channels: 3, background: '#000' },
    })
      .png()
      .toBuffer();
    await expect(makeThumb(sliver, { width: 10_000, height: 0, mode: 'center' })).rejects.toThrow(
      /would produce/,
    );
  });

  it('fails fast on a decompression bomb', async () => {
    // A tiny PNG whose header claims 20000x20000 (400M pixels): it must be refused from the
    // header alone, before anything is decoded.
    const bomb = Buffer.from(
      await sharp({ create: { width: 1, height: 1, channels: 3, background: '#000' } })
        .png()
        .toBuffer(),
    );
    // IHDR data starts at byte 16 (8 signature + 4 length + 4 type); its CRC covers type + data.
    bomb.writeUInt32BE(20_000, 16);
    bomb.writeUInt32BE(20_000, 20);
    bomb.writeUInt32BE(crc32(bomb.subarray(12, 29)), 29);
    expect((await sharp(bomb, { limitInputPixels: false }).metadata()).width).toBe(20_000);
    await expect(makeThumb(bomb, { width: 100, height: 100, mode: 'center' })).rejects.toThrow(
      /pixel limit/i,
    );
  });
});
