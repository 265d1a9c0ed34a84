import { randomBytes } from 'node:crypto';
import { contentImageMessages } from '@synergie/shared';
import type { AppContext } from '../context';
import { isFileUrlUsed } from '../db/file-columns';
import { AppError } from '../lib/errors';
import { keyFromPublicUrl } from '../storage';
import { imagePresets, processImage } from '../storage/images';
import type { Log } from './profile';

/**
 * Images of member content (services and portfolio projects) live in the spec's
 * `service-images` bucket, under `{userId}/{random}.webp`.
 *
 * How services and projects use them:
 * 1. The dialog uploads the file to POST /api/uploads/service-images (`storeContentImage`) and
 *    gets `{ url }` back, before the item is saved.
 * 2. The item is saved with that URL as `imageUrl`. Before writing it, the domain function calls
 *    `assertOwnImageUrl(ctx, ownerId, imageUrl)`: only a URL of this bucket under the owner's
 *    own prefix is accepted (400 'Image invalide…' otherwise), so nobody can point an item at
 *    another member's file (which deleting the item would then delete) or at another site.
 * 3. After the database write has committed, the image an update replaced, or the image of a
 *    deleted item, goes with `deleteContentImage(ctx, url, log)`: best effort (a failure is
 *    only logged), and skipped while another row still shows the same URL (any file column of
 *    the bucket, db/file-columns.ts).
 */
export const CONTENT_IMAGE_BUCKET = 'service-images' as const;

/** Checks (by content) and re-encodes the upload, stores it under the member's id, returns its public URL. */
export async function storeContentImage(ctx: AppContext, userId: string, upload: Buffer): Promise<{ url: string }> {
  const image = await processImage(upload, imagePresets.serviceImage);
  const key = `${userId}/${randomBytes(16).toString('base64url')}.${image.extension}`;
  await ctx.storage.put(CONTENT_IMAGE_BUCKET, key, image.body, image.contentType);
  return { url: ctx.storage.publicUrl(CONTENT_IMAGE_BUCKET, key) };
}

/**
 * 400 unless `url` is null or the public URL of an object of the `service-images` bucket directly
 * under `{userId}/` (what POST /api/uploads/service-images gave this member).
 */
export function assertOwnImageUrl(ctx: AppContext, userId: string, url: string | null): void {
  if (url === null) return;
  const key = keyFromPublicUrl(ctx.storage, CONTENT_IMAGE_BUCKET, url);
  const [owner, name, ...rest] = key?.split('/') ?? [];
  if (owner !== userId || !name || rest.length > 0) {
    throw new AppError('INVALID_IMAGE', contentImageMessages.invalid, { imageUrl: contentImageMessages.invalid });
  }
}

/**
 * Deletes the stored image a service or project showed, given its public URL; call it after the
 * change that dropped the URL has committed. A URL outside the bucket is ignored, an image still
 * shown by another row (a file column of the bucket) is kept, and a storage failure is only logged.
 */
export async function deleteContentImage(ctx: AppContext, url: string | null | undefined, log: Log): Promise<void> {
  const key = keyFromPublicUrl(ctx.storage, CONTENT_IMAGE_BUCKET, url);
  if (!url || !key) return;
  try {
    if (await isFileUrlUsed(ctx.db, CONTENT_IMAGE_BUCKET, url)) return;
    await ctx.storage.delete(CONTENT_IMAGE_BUCKET, key);
  } catch (error) {
    log.warn({ err: error, key }, 'could not delete a content image');
  }
}
