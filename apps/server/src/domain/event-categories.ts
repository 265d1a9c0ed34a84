import { randomBytes } from 'node:crypto';
import {
  EVENT_CATEGORY_IMAGE_BUCKET,
  type EventCategory,
  type EventCategoryValues,
  eventCategoryMessages,
  isShippedEventCategoryImage,
} from '@synergie/shared';
import { asc, eq, sql } from 'drizzle-orm';
import type { AppContext } from '../context';
import type { DbOrTx } from '../db/client';
import { isFileUrlUsed } from '../db/file-columns';
import { eventCategories, events } from '../db/schema';
import { AppError } from '../lib/errors';
import { isUuid } from '../lib/ids';
import { keyFromPublicUrl } from '../storage';
import { imagePresets, processImage } from '../storage/images';
import type { Log } from './profile';

/**
 * Event categories (spec sections 3 and 9): anyone reads them, admins write them. An event copies
 * its category's name and image (events.category, events.image_url) when saved, so a change of
 * name or image is written to the category's events in the same transaction.
 *
 * Images: one of the six shipped with the site (EVENT_CATEGORY_SHIPPED_IMAGES), or an upload of
 * the `event-category-images` bucket (POST /api/admin/uploads/event-category-image). The stored
 * file of an image no category and no event shows any more is deleted after the change commits.
 */

const columns = { id: eventCategories.id, name: eventCategories.name, imageUrl: eventCategories.imageUrl };

const notFound = () => new AppError('NOT_FOUND', eventCategoryMessages.notFound);
const duplicate = () =>
  new AppError('DUPLICATE_CATEGORY', eventCategoryMessages.duplicate, { name: eventCategoryMessages.duplicate });
const invalidImage = () =>
  new AppError('INVALID_IMAGE', eventCategoryMessages.invalidImage, {
    imageUrl: eventCategoryMessages.invalidImage,
  });

/** PostgreSQL's unique_violation, wherever the driver or Drizzle put it in the cause chain. */
function isUniqueViolation(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; current && depth < 5; depth++) {
    if ((current as { code?: unknown }).code === '23505') return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/** The key of an uploaded category image (`<random>.webp`, one segment), or null. */
function uploadedKey(ctx: AppContext, url: string | null | undefined): string | null {
  const key = keyFromPublicUrl(ctx.storage, EVENT_CATEGORY_IMAGE_BUCKET, url);
  return key && !key.includes('/') ? key : null;
}

/** 400 unless the image is a shipped one or an upload of this site's category bucket. */
function assertCategoryImage(ctx: AppContext, url: string): void {
  if (!isShippedEventCategoryImage(url) && !uploadedKey(ctx, url)) throw invalidImage();
}

/** GET /api/event-categories: every category ordered by name (case-insensitively), in one query. */
export async function listEventCategories(db: DbOrTx): Promise<EventCategory[]> {
  return db
    .select(columns)
    .from(eventCategories)
    .orderBy(asc(sql`lower(${eventCategories.name})`), asc(eventCategories.name), asc(eventCategories.id));
}

/** Checks and re-encodes the upload (WebP, 1200 px at most), stores it, returns its public URL. */
export async function storeEventCategoryImage(ctx: AppContext, upload: Buffer): Promise<{ url: string }> {
  const image = await processImage(upload, imagePresets.eventCategoryImage);
  const key = `${randomBytes(16).toString('base64url')}.${image.extension}`;
  await ctx.storage.put(EVENT_CATEGORY_IMAGE_BUCKET, key, image.body, image.contentType);
  return { url: ctx.storage.publicUrl(EVENT_CATEGORY_IMAGE_BUCKET, key) };
}

/**
 * Deletes the uploaded file behind `url` once nothing shows it: no category, and no event that
 * kept it as its copied image. Call it after the change has committed; a failure is only logged.
 */
async function deleteUnusedImage(ctx: AppContext, url: string | null | undefined, log: Log): Promise<void> {
  const key = uploadedKey(ctx, url);
  if (!url || !key) return;
  try {
    // A category or an event (file columns of the bucket, db/file-columns.ts) still showing it.
    if (await isFileUrlUsed(ctx.db, EVENT_CATEGORY_IMAGE_BUCKET, url)) return;
    await ctx.storage.delete(EVENT_CATEGORY_IMAGE_BUCKET, key);
  } catch (error) {
    log.warn({ err: error, key }, 'could not delete an event category image');
  }
}

/** Runs a write; a second category with the same name is refused by the unique constraint (409). */
async function mapDuplicate<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) throw duplicate();
    throw error;
  }
}

/** POST /api/admin/event-categories. */
export async function createEventCategory(ctx: AppContext, input: EventCategoryValues): Promise<EventCategory> {
  assertCategoryImage(ctx, input.imageUrl);
  const [row] = await mapDuplicate(() =>
    ctx.db.insert(eventCategories).values({ name: input.name, imageUrl: input.imageUrl }).returning(columns),
  );
  if (!row) throw new Error('event category not saved');
  return row;
}

/**
 * PUT /api/admin/event-categories/:id: renames or changes the image of a category and of the
 * events that belong to it, in one transaction; the uploaded image it replaced goes afterwards.
 */
export async function updateEventCategory(
  ctx: AppContext,
  id: string,
  input: EventCategoryValues,
  log: Log,
): Promise<EventCategory> {
  if (!isUuid(id)) throw notFound();
  assertCategoryImage(ctx, input.imageUrl);
  const { row, previousImage } = await mapDuplicate(() =>
    ctx.db.transaction(async (tx) => {
      const [current] = await tx
        .select({ imageUrl: eventCategories.imageUrl })
        .from(eventCategories)
        .where(eq(eventCategories.id, id))
        .for('update');
      if (!current) throw notFound();
      const [updated] = await tx
        .update(eventCategories)
        .set({ name: input.name, imageUrl: input.imageUrl, updatedAt: new Date() })
        .where(eq(eventCategories.id, id))
        .returning(columns);
      if (!updated) throw notFound();
      await tx
        .update(events)
        .set({ category: updated.name, imageUrl: updated.imageUrl, updatedAt: new Date() })
        .where(eq(events.categoryId, id));
      return { row: updated, previousImage: current.imageUrl };
    }),
  );
  if (previousImage !== row.imageUrl) await deleteUnusedImage(ctx, previousImage, log);
  return row;
}

/**
 * DELETE /api/admin/event-categories/:id. Its events stay, with category_id null (the foreign
 * key says so) and their copied name and image; an uploaded image they still show is kept.
 */
export async function deleteEventCategory(ctx: AppContext, id: string, log: Log): Promise<void> {
  if (!isUuid(id)) throw notFound();
  const [deleted] = await ctx.db
    .delete(eventCategories)
    .where(eq(eventCategories.id, id))
    .returning({ imageUrl: eventCategories.imageUrl });
  if (!deleted) throw notFound();
  await deleteUnusedImage(ctx, deleted.imageUrl, log);
}
