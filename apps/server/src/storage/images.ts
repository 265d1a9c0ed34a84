import { imageTooLargeMessage } from '@synergie/shared';
import pLimit from 'p-limit';
import type { Metadata } from 'sharp';
import { AppError } from '../lib/errors';

/**
 * The image budget (issue 33): a 33 KB GIF of 7000×7000 pixels cost 3.8 s of processor, and six at
 * once kept both cores busy for 19 s. Above this many pixels an image is refused from its header,
 * before anything is decoded (7000×7000 is 49 million).
 */
export const MAX_INPUT_PIXELS = 40_000_000;
/** An animated GIF or WebP with more frames is refused (only the first one is kept anyway). */
export const MAX_FRAMES = 100;

/**
 * Decodes at once in this instance, and uploads allowed to wait for their turn; beyond that the
 * upload is refused with 503 and its French message rather than piling up behind the others.
 * Set once at start from the settings (IMAGE_DECODES, IMAGE_DECODE_QUEUE).
 */
let decodes = pLimit(1);
let maxWaiting = 8;
export function configureImageDecoding(options: { concurrency: number; queue: number }) {
  decodes = pLimit(options.concurrency);
  maxWaiting = options.queue;
}

/** Runs `work` in a decode slot, or refuses at once (IMAGES_BUSY) when the slots and the queue are full. */
export function withDecodeSlot<T>(work: () => Promise<T>): Promise<T> {
  // p-limit counts a call as pending synchronously, so two uploads cannot both take the last place.
  if (decodes.activeCount + decodes.pendingCount >= decodes.concurrency + maxWaiting) {
    return Promise.reject(new AppError('IMAGES_BUSY'));
  }
  return decodes(work);
}

export interface ImagePreset {
  /** The longest side after resizing; smaller images are not enlarged. */
  maxSize: number;
  quality: number;
}

export const imagePresets = {
  avatar: { maxSize: 512, quality: 82 },
  logo: { maxSize: 512, quality: 85 },
  serviceImage: { maxSize: 1600, quality: 80 },
  eventCategoryImage: { maxSize: 1200, quality: 80 },
} satisfies Record<string, ImagePreset>;

export interface ProcessedImage {
  body: Buffer;
  contentType: 'image/webp';
  extension: 'webp';
  width: number;
  height: number;
}

type AcceptedFormat = 'jpeg' | 'png' | 'webp' | 'gif' | 'avif';

const notAnImage = () => new AppError('NOT_AN_IMAGE');

/**
 * The format the first bytes announce, among those we accept. Anything else (SVG and other
 * XML, TIFF, PDF, HTML, text) is refused here, before any decoder sees it.
 */
export function sniffImageFormat(bytes: Buffer): AcceptedFormat | null {
  const ascii = (start: number, end: number) => bytes.subarray(start, end).toString('latin1');
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])))
    return 'png';
  if (bytes.length >= 6 && (ascii(0, 6) === 'GIF87a' || ascii(0, 6) === 'GIF89a')) return 'gif';
  if (bytes.length >= 12 && ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP') return 'webp';
  if (bytes.length >= 16 && ascii(4, 8) === 'ftyp') {
    // ISO-BMFF: major brand, minor version, then compatible brands up to the box's end.
    const boxSize = Math.min(bytes.readUInt32BE(0), bytes.length, 256);
    const brands = [ascii(8, 12)];
    for (let offset = 16; offset + 4 <= boxSize; offset += 4) brands.push(ascii(offset, offset + 4));
    if (brands.includes('avif') || brands.includes('avis')) return 'avif';
  }
  return null;
}

/**
 * Checks that the upload is a real image by its content (never its name or declared type) and
 * re-encodes it: turned upright from its EXIF orientation, resized to the preset, written as
 * WebP. Re-encoding drops every piece of metadata (EXIF with GPS position, XMP, comments) and
 * whatever a crafted file hid beside the pixels.
 */
export async function processImage(input: Buffer, preset: ImagePreset): Promise<ProcessedImage> {
  const sniffed = sniffImageFormat(input);
  if (!sniffed) throw notAnImage();

  // Loaded at the first upload rather than at start-up (docs/performance.md, "Memory and start").
  const { default: sharp } = await import('sharp');
  // One libvips thread per decode: IMAGE_DECODES decodes use at most that many cores.
  sharp.concurrency(1);
  let metadata: Metadata;
  try {
    // The header only, nothing decoded: no pixel limit here, so a huge image gets its own message.
    metadata = await sharp(input, { limitInputPixels: false }).metadata();
  } catch {
    throw notAnImage();
  }
  const format = metadata.format === 'heif' && metadata.compression === 'av1' ? 'avif' : metadata.format;
  if (format !== sniffed || !metadata.width || !metadata.height) throw notAnImage();
  if (metadata.width * (metadata.pageHeight ?? metadata.height) > MAX_INPUT_PIXELS) {
    throw new AppError('IMAGE_DIMENSIONS_TOO_LARGE');
  }
  if ((metadata.pages ?? 1) > MAX_FRAMES) throw new AppError('IMAGE_TOO_MANY_FRAMES');
  return withDecodeSlot(() => decode(sharp, input, preset));
}

async function decode(
  sharp: typeof import('sharp').default,
  input: Buffer,
  preset: ImagePreset,
): Promise<ProcessedImage> {
  try {
    // Animated GIF and WebP keep their first frame (sharp reads one page unless told otherwise).
    const { data, info } = await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' })
      .rotate()
      .resize({ width: preset.maxSize, height: preset.maxSize, fit: 'inside', withoutEnlargement: true })
      .webp({ quality: preset.quality })
      .toBuffer({ resolveWithObject: true });
    return { body: data, contentType: 'image/webp', extension: 'webp', width: info.width, height: info.height };
  } catch {
    // A header that parses but pixels that do not (truncated or corrupt file).
    throw notAnImage();
  }
}

export const tooLarge = (maxBytes: number) => new AppError('IMAGE_TOO_LARGE', imageTooLargeMessage(maxBytes));
