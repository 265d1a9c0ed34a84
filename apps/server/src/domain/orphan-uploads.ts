import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../context';
import { fileUrlsIn } from '../db/file-columns';
import { installation } from '../db/schema';
import { BUCKETS, type Bucket, isValidKey } from '../storage';

/**
 * Sweeps of uploaded files no row points at (server.ts runs them at start-up, the second one
 * every 6 hours; every instance may run them: deleting twice is harmless).
 *
 * - Avatars and company logos (`removeOrphanProfileImages`, an hour old): left when the process
 *   is killed between storing an image and saving the profile, or between saving it and deleting
 *   the image it replaced.
 * - Service, project, event category and partner images (`removeOrphanUploads`, a day old): they
 *   are uploaded from a dialog before the item is saved, so a dialog closed without saving leaves
 *   one too. A day is long enough for a dialog left open.
 *
 * Which rows point at files is read from the registry of file columns (db/file-columns.ts).
 *
 * An old unreferenced file can never become referenced again: each upload gets a new random key,
 * and a form only keeps the URL it has just received.
 *
 * Deleting is the one thing here that cannot be undone, so:
 * - The local disk is swept; S3 only with `S3_SWEEP_ORPHANS=true`, which says that the bucket (or
 *   its folder) belongs to this installation alone (docs/settings.md).
 * - Ownership: each storage folder holds a marker `_owner/<id>`, `<id>` being this installation's
 *   `storage-owner` (table `installation`). A folder without a marker is claimed; a folder with
 *   another installation's marker gets ours too and is never swept again, by either of them (a
 *   staging database pointed at the production bucket, a DATA_DIR next to the wrong DATABASE_URL).
 * - A row protects a file by the end of its URL (`/<bucket>/<key>`), not by the storage's current
 *   address: after a change of S3_PUBLIC_URL, the URLs saved before still protect their files.
 * - When more than half of a folder's old files (and more than ten) look unreferenced, nothing is
 *   deleted and the sweep reports it: a sanity check against a reading of the rows gone wrong.
 */
export class SweepRefusedError extends Error {
  constructor(
    readonly bucket: Bucket,
    readonly reason: 'shared' | 'mostly-unreferenced',
    detail: string,
  ) {
    super(`${bucket}: ${detail}; nothing deleted.`);
  }
}

const MAX_UNREFERENCED_SHARE = 0.5;
const ALWAYS_ALLOWED = 10;
/** The folder of the ownership markers in each bucket (a key no upload can take: uploads are under a user or partner id). */
export const OWNER_FOLDER = '_owner';
const OWNER_KEY = 'storage-owner';

/** Whether this installation sweeps its storage at all. */
export function sweepsStorage(ctx: AppContext): boolean {
  return !ctx.env.S3_BUCKET || ctx.env.S3_SWEEP_ORPHANS;
}

/** This installation's storage owner id, created on first use (one row, whatever the instances). */
export async function storageOwnerId(ctx: AppContext): Promise<string> {
  await ctx.db
    .insert(installation)
    .values({ key: OWNER_KEY, value: randomBytes(16).toString('hex') })
    .onConflictDoNothing();
  const [row] = await ctx.db
    .select({ value: installation.value })
    .from(installation)
    .where(eq(installation.key, OWNER_KEY));
  if (!row) throw new Error('the storage owner id could not be read');
  return row.value;
}

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
  ctx: AppContext,
  bucket: Bucket,
  olderThanMs: number,
  urls: () => Promise<(string | null)[]>,
): Promise<string[]> {
  if (!sweepsStorage(ctx)) return [];
  const storage = ctx.storage;
  const objects = await storage.list(bucket);
  const owner = await storageOwnerId(ctx);
  const owners = objects
    .filter((o) => o.key.startsWith(`${OWNER_FOLDER}/`))
    .map((o) => o.key.slice(OWNER_FOLDER.length + 1));
  if (!owners.includes(owner)) await storage.put(bucket, `${OWNER_FOLDER}/${owner}`, Buffer.alloc(0), 'text/plain');
  if (owners.some((id) => id !== owner)) {
    throw new SweepRefusedError(bucket, 'shared', 'this storage folder is used by another installation too');
  }
  const now = Date.now();
  const old = objects.filter(
    (f) => !f.key.startsWith(`${OWNER_FOLDER}/`) && now - f.modifiedAt.getTime() > olderThanMs,
  );
  if (old.length === 0) return [];
  const referenced = referencedKeys(bucket, await urls());
  const orphans = old.map((f) => f.key).filter((key) => !referenced.has(key));
  if (orphans.length > ALWAYS_ALLOWED && orphans.length > old.length * MAX_UNREFERENCED_SHARE) {
    throw new SweepRefusedError(
      bucket,
      'mostly-unreferenced',
      `${orphans.length} of ${old.length} old files are referenced by no row`,
    );
  }
  for (const key of orphans) await storage.delete(bucket, key);
  return orphans;
}

/** The bucket of avatars and company logos, swept sooner than the others (an hour, from server.ts). */
const PROFILE_BUCKET: Bucket = 'avatars';

/** Avatars and company logos no profile points at, last written more than `olderThanMs` ago. */
export async function removeOrphanProfileImages(ctx: AppContext, olderThanMs: number): Promise<string[]> {
  return sweepBucket(ctx, PROFILE_BUCKET, olderThanMs, () => fileUrlsIn(ctx.db, PROFILE_BUCKET));
}

/**
 * Service, project, event category and partner images (every bucket but the avatars) no row
 * points at, last written more than `olderThanMs` ago. A bucket the guard refuses is reported in
 * `refused`; the others are swept.
 */
export async function removeOrphanUploads(
  ctx: AppContext,
  olderThanMs: number,
): Promise<{ removed: { bucket: Bucket; key: string }[]; refused: SweepRefusedError[] }> {
  const removed: { bucket: Bucket; key: string }[] = [];
  const refused: SweepRefusedError[] = [];
  for (const bucket of BUCKETS.filter((b) => b !== PROFILE_BUCKET)) {
    try {
      const keys = await sweepBucket(ctx, bucket, olderThanMs, () => fileUrlsIn(ctx.db, bucket));
      removed.push(...keys.map((key) => ({ bucket, key })));
    } catch (error) {
      if (!(error instanceof SweepRefusedError)) throw error;
      refused.push(error);
    }
  }
  return { removed, refused };
}
