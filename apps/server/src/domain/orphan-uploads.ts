import { isNotNull, or } from 'drizzle-orm';
import type { AppContext } from '../context';
import { eventCategories, events, memberProjects, memberServices, partnerSites, profiles } from '../db/schema';
import { type Bucket, isValidKey, type Storage } from '../storage';

/**
 * Sweeps of uploaded files no row points at, on the local disk or S3 (server.ts runs them at
 * start-up, the second one every 6 hours; every instance may run them: deleting twice is harmless).
 *
 * - Avatars and company logos (`removeOrphanProfileImages`, an hour old): left when the process
 *   is killed between storing an image and saving the profile, or between saving it and deleting
 *   the image it replaced.
 * - Service, project, event category and partner images (`removeOrphanUploads`, a day old): they
 *   are uploaded from a dialog before the item is saved, so a dialog closed without saving leaves
 *   one too. A day is long enough for a dialog left open.
 *
 * An old unreferenced file can never become referenced again: each upload gets a new random key,
 * and a form only keeps the URL it has just received.
 *
 * Two guards, because deleting is the one thing here that cannot be undone:
 * - a row references a file by the end of its URL (`/<bucket>/<key>`), not by the storage's
 *   current address: after a change of S3_PUBLIC_URL (a CDN in front of the bucket), the URLs
 *   saved before still protect their files;
 * - when more than half of a bucket's old files (and more than ten) look unreferenced, nothing is
 *   deleted and the sweep reports it: that is what a storage shared with another database looks
 *   like (staging on the production bucket, a DATA_DIR next to the wrong DATABASE_URL), not
 *   abandoned uploads.
 */
export class SweepRefusedError extends Error {
  constructor(
    readonly bucket: Bucket,
    readonly unreferenced: number,
    readonly old: number,
  ) {
    super(
      `${bucket}: ${unreferenced} of ${old} old files are referenced by no row; nothing deleted. ` +
        'Does this storage belong to this database?',
    );
  }
}

const MAX_UNREFERENCED_SHARE = 0.5;
const ALWAYS_ALLOWED = 10;

/** Every key a URL can point at in a bucket, whatever address the storage had when it was saved. */
export function referencedKeys(bucket: Bucket, urls: (string | null)[]): Set<string> {
  const marker = `/${bucket}/`;
  const keys = new Set<string>();
  for (const url of urls) {
    if (!url) continue;
    const path = url.split(/[?#]/)[0] ?? '';
    for (let at = path.indexOf(marker); at !== -1; at = path.indexOf(marker, at + 1)) {
      const key = path.slice(at + marker.length);
      if (isValidKey(key)) keys.add(key);
    }
  }
  return keys;
}

/** Deletes a bucket's files older than `olderThanMs` that none of `urls` points at; returns their keys. */
async function sweepBucket(
  storage: Storage,
  bucket: Bucket,
  olderThanMs: number,
  urls: () => Promise<(string | null)[]>,
): Promise<string[]> {
  const now = Date.now();
  const old = (await storage.list(bucket)).filter((f) => now - f.modifiedAt.getTime() > olderThanMs);
  if (old.length === 0) return [];
  const referenced = referencedKeys(bucket, await urls());
  const orphans = old.map((f) => f.key).filter((key) => !referenced.has(key));
  if (orphans.length > ALWAYS_ALLOWED && orphans.length > old.length * MAX_UNREFERENCED_SHARE) {
    throw new SweepRefusedError(bucket, orphans.length, old.length);
  }
  for (const key of orphans) await storage.delete(bucket, key);
  return orphans;
}

/** Avatars and company logos no profile points at, last written more than `olderThanMs` ago. */
export async function removeOrphanProfileImages(ctx: AppContext, olderThanMs: number): Promise<string[]> {
  return sweepBucket(ctx.storage, 'avatars', olderThanMs, async () => {
    const rows = await ctx.db
      .select({ avatar: profiles.avatarUrl, logo: profiles.companyLogoUrl })
      .from(profiles)
      .where(or(isNotNull(profiles.avatarUrl), isNotNull(profiles.companyLogoUrl)));
    return rows.flatMap((r) => [r.avatar, r.logo]);
  });
}

const referencedBy: Record<
  'service-images' | 'event-category-images' | 'partner-logos',
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
  'partner-logos': async (ctx) =>
    (await ctx.db.select({ url: partnerSites.logoUrl }).from(partnerSites).where(isNotNull(partnerSites.logoUrl))).map(
      (r) => r.url,
    ),
};

/**
 * Service, project, event category and partner images no row points at, last written more than
 * `olderThanMs` ago. A bucket the guard refuses is reported in `refused`; the others are swept.
 */
export async function removeOrphanUploads(
  ctx: AppContext,
  olderThanMs: number,
): Promise<{ removed: { bucket: Bucket; key: string }[]; refused: SweepRefusedError[] }> {
  const removed: { bucket: Bucket; key: string }[] = [];
  const refused: SweepRefusedError[] = [];
  for (const bucket of Object.keys(referencedBy) as (keyof typeof referencedBy)[]) {
    try {
      const keys = await sweepBucket(ctx.storage, bucket, olderThanMs, () => referencedBy[bucket](ctx));
      removed.push(...keys.map((key) => ({ bucket, key })));
    } catch (error) {
      if (!(error instanceof SweepRefusedError)) throw error;
      refused.push(error);
    }
  }
  return { removed, refused };
}
