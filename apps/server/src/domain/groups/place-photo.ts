import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { AppError } from '../../lib/errors';
import { isUuid } from '../../lib/ids';
import { imagePresets, processImage } from '../../storage/images';
import { CONTENT_IMAGE_BUCKET, deleteContentImage } from '../content-images';
import type { Log } from '../profile';

/**
 * The photo of a group's meeting place (issue 31): stored in the `service-images` bucket under
 * the group's id (`{groupId}/{random}.webp`, db/file-columns.ts), then swapped into
 * groups.place_photo_url in one statement under the group's row lock, so two leaders changing it
 * at once leave one photo and delete the other's file. The file it replaced goes after the
 * commit (deleteContentImage: kept while another row shows it; a failure is only logged).
 */
async function swapPlacePhoto(ctx: AppContext, groupId: string, url: string | null): Promise<string | null> {
  if (!isUuid(groupId)) throw new AppError('GROUP_NOT_FOUND');
  const { rows } = await ctx.db.execute<{ previous: string | null }>(sql`
    with old as (select id, place_photo_url from groups where id = ${groupId} for update)
    update groups g set place_photo_url = ${url}, updated_at = now()
      from old where g.id = old.id
    returning old.place_photo_url as previous`);
  const row = rows[0];
  if (!row) throw new AppError('GROUP_NOT_FOUND');
  return row.previous;
}

/** POST /api/groups/:groupId/place-photo: checks and re-encodes the image, shows it on the group's page. */
export async function setGroupPlacePhoto(
  ctx: AppContext,
  groupId: string,
  upload: Buffer,
  log: Log,
): Promise<{ url: string }> {
  if (!isUuid(groupId)) throw new AppError('GROUP_NOT_FOUND');
  const image = await processImage(upload, imagePresets.serviceImage);
  const key = `${groupId}/lieu-${randomBytes(16).toString('base64url')}.${image.extension}`;
  await ctx.storage.put(CONTENT_IMAGE_BUCKET, key, image.body, image.contentType);
  const url = ctx.storage.publicUrl(CONTENT_IMAGE_BUCKET, key);
  let previous: string | null;
  try {
    previous = await swapPlacePhoto(ctx, groupId, url);
  } catch (error) {
    // Nothing half-written: no stored file without the group pointing at it.
    await ctx.storage.delete(CONTENT_IMAGE_BUCKET, key).catch((cleanupError: unknown) => {
      log.warn({ err: cleanupError, key }, 'could not delete a place photo whose group update failed');
    });
    throw error;
  }
  await deleteContentImage(ctx, previous, log);
  return { url };
}

/** DELETE /api/groups/:groupId/place-photo. */
export async function removeGroupPlacePhoto(ctx: AppContext, groupId: string, log: Log): Promise<void> {
  const previous = await swapPlacePhoto(ctx, groupId, null);
  await deleteContentImage(ctx, previous, log);
}
