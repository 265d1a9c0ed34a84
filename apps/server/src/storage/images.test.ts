import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import {
  configureImageDecoding,
  imagePresets,
  MAX_FRAMES,
  processImage,
  sniffImageFormat,
  withDecodeSlot,
} from './images';

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

  it('refuses from its header an image above 40 million pixels (6400×6400)', async () => {
    // A solid colour compresses to a few hundred KB: the file's size is no guide to its cost.
    const huge = await sharp({ create: { width: 6400, height: 6400, channels: 3, background: 'green' } })
      .png()
      .toBuffer();
    await expect(processImage(huge, imagePresets.avatar)).rejects.toMatchObject({
      code: 'IMAGE_DIMENSIONS_TOO_LARGE',
      statusCode: 413,
    });
  });

  it('refuses an animated image of more than 100 frames, keeps one of 100', async () => {
    const frames = (count: number) =>
      Promise.all(
        Array.from({ length: count }, (_, i) =>
          // Each frame differs from the one before, so the encoder keeps them all.
          sharp({ create: { width: 4, height: 4, channels: 3, background: 'white' } })
            .composite([
              { input: { create: { width: 1, height: 1, channels: 3, background: 'black' } }, left: i % 4, top: 0 },
            ])
            .png()
            .toBuffer(),
        ),
      );
    const animated = async (count: number) =>
      sharp(await frames(count), { join: { animated: true } })
        .gif()
        .toBuffer();
    const tooMany = await animated(MAX_FRAMES + 1);
    expect((await sharp(tooMany).metadata()).pages).toBe(MAX_FRAMES + 1);
    await expect(processImage(tooMany, imagePresets.avatar)).rejects.toMatchObject({
      code: 'IMAGE_TOO_MANY_FRAMES',
      statusCode: 413,
    });
    const out = await processImage(await animated(MAX_FRAMES), imagePresets.avatar);
    expect([out.width, out.height]).toEqual([4, 4]);
  });

  it('decodes as many images at once as set, lets the queue wait, refuses the rest with 503', async () => {
    configureImageDecoding({ concurrency: 2, queue: 1 });
    try {
      let running = 0;
      let most = 0;
      const releases: Array<() => void> = [];
      const work = () =>
        new Promise<string>((resolve) => {
          running += 1;
          most = Math.max(most, running);
          releases.push(() => {
            running -= 1;
            resolve('fait');
          });
        });
      const accepted = [withDecodeSlot(work), withDecodeSlot(work), withDecodeSlot(work)];
      // Two slots and one place in the queue: the fourth is refused at once, in French.
      await expect(withDecodeSlot(work)).rejects.toMatchObject({ code: 'IMAGES_BUSY', statusCode: 503 });
      await new Promise((resolve) => setTimeout(resolve, 10));
      expect(releases).toHaveLength(2);
      releases.shift()?.();
      await new Promise((resolve) => setTimeout(resolve, 10));
      // The first one done, the one waiting starts; never more than two at once.
      expect(releases).toHaveLength(2);
      for (const release of releases.splice(0)) release();
      expect(await Promise.all(accepted)).toEqual(['fait', 'fait', 'fait']);
      expect(most).toBe(2);
      // Once the slots are free again, an upload is accepted.
      const again = withDecodeSlot(async () => 'encore');
      expect(await again).toBe('encore');
    } finally {
      configureImageDecoding({ concurrency: 1, queue: 8 });
    }
  });
});
