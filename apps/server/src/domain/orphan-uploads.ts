import { isNotNull } from 'drizzle-orm';
import type { AppContext } from '../context';
import { eventCategories, events, memberProjects, memberServices } from '../db/schema';
import { type Bucket, keyFromPublicUrl, LocalDiskStorage } from '../storage';

/**
 * Images are uploaded from a dialog before the item that shows them is saved (a service, a
 * project, an event category). A dialog closed without saving, or a process killed between the
 * two steps, leaves a file nothing points at. This sweep deletes the files of those buckets that
 * no row references and that were last written more than `olderThanMs` ago (a day by default in
 * server.ts: long enough for a dialog left open, and an old unreferenced file can never become
 * referenced again since the form only keeps the URL it just received). Local disk only; on S3 a
 * bucket lifecycle rule does this (docs/reliability.md).
 */
const referencedBy: Record<
  'service-images' | 'event-category-images',
  (ctx: AppContext) => Promise<(string | null)[]>
> = {
  'service-images': async (ctx) => {
    const [services, projects] = await Promise.all([
      ctx.db.select({ url: memberServices.imageUrl }).from(memberServices).where(isNotNull(memberServices.imageUrl)),
      ctx.db.select({ url: memberProjects.imageUrl }).from(memberProjects).where(isNotNull(memberProjects.imageUrl)),
    ]);
    return [...services, ...projects].map((r) => r.url);
  },
  'event-category-images': async (ctx) => {
    const [categories, eventRows] = await Promise.all([
      ctx.db.select({ url: eventCategories.imageUrl }).from(eventCategories),
      ctx.db.select({ url: events.imageUrl }).from(events).where(isNotNull(events.imageUrl)),
    ]);
    return [...categories, ...eventRows].map((r) => r.url);
  },
};

export async function removeOrphanUploads(
  ctx: AppContext,
  olderThanMs: number,
): Promise<{ bucket: Bucket; key: string }[]> {
  const storage = ctx.storage;
  if (!(storage instanceof LocalDiskStorage)) return [];
  const removed: { bucket: Bucket; key: string }[] = [];
  const now = Date.now();
  for (const bucket of Object.keys(referencedBy) as (keyof typeof referencedBy)[]) {
    const old = (await storage.list(bucket)).filter((f) => now - f.modifiedAt.getTime() > olderThanMs);
    if (old.length === 0) continue;
    const referenced = new Set((await referencedBy[bucket](ctx)).map((url) => keyFromPublicUrl(storage, bucket, url)));
    for (const { key } of old) {
      if (referenced.has(key)) continue;
      await storage.delete(bucket, key);
      removed.push({ bucket, key });
    }
  }
  return removed;
}
