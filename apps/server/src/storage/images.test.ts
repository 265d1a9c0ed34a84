import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { imagePresets, processImage, sniffImageFormat } from './images';

const make = (format: 'jpeg' | 'png' | 'webp' | 'gif' | 'avif' | 'tiff') =>
  sharp({ create: { width: 40, height: 30, channels: 3, background: 'green' } })
    .toFormat(format)
    .toBuffer();

describe('image checks', () => {
  it.each(['jpeg', 'png', 'webp', 'gif', 'avif'] as const)('accepts %s and re-encodes it as WebP', async (format) => {
    const input = await make(format);
    expect(sniffImageFormat(input)).toBe(format);
    const out = await processImage(input, imagePresets.avatar);
    expect(out.contentType).toBe('image/webp');
    expect((await sharp(out.body).metadata()).format).toBe('webp');
    // Small images are not enlarged.
    expect([out.width, out.height]).toEqual([40, 30]);
  });

  it('refuses by content: TIFF, SVG, HTML, text, empty', async () => {
    const refused = [
      await make('tiff'),
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'),
      Buffer.from('<!doctype html><script>alert(1)</script>'),
      Buffer.from('GIF8'),
      Buffer.from(''),
    ];
    for (const input of refused) {
      expect(sniffImageFormat(input)).toBeNull();
      await expect(processImage(input, imagePresets.avatar)).rejects.toMatchObject({ statusCode: 415 });
    }
  });

  it('refuses a file whose first bytes lie about the rest', async () => {
    const png = await make('png');
    const jpegHeaderOnPng = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff]), png]);
    await expect(processImage(jpegHeaderOnPng, imagePresets.avatar)).rejects.toMatchObject({ statusCode: 415 });
  });
});
