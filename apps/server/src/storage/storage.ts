/**
 * The buckets of the spec: avatars (avatars and company logos), service-images (issue 5), and
 * event-category-images (images admins upload for event categories, issue 6), and partner-logos
 * (logos imported from partner sites by admins, under the partner's id, issue 7).
 */
export const BUCKETS = ['avatars', 'service-images', 'event-category-images', 'partner-logos'] as const;
export type Bucket = (typeof BUCKETS)[number];

export const isBucket = (value: string): value is Bucket => (BUCKETS as readonly string[]).includes(value);

export interface StoredObject {
  key: string;
  modifiedAt: Date;
}

/**
 * Where uploaded files live. Keys are `<userId>/<name>`: every object sits under its uploader's
 * id, so an account's files go with one deletePrefix.
 */
export interface Storage {
  put(bucket: Bucket, key: string, body: Buffer, contentType: string): Promise<void>;
  delete(bucket: Bucket, key: string): Promise<void>;
  /** Removes every object whose key starts with `prefix` (e.g. `<userId>/`). */
  deletePrefix(bucket: Bucket, prefix: string): Promise<void>;
  /** Every object of a bucket with when it was last written (the sweeps of orphaned uploads). */
  list(bucket: Bucket): Promise<StoredObject[]>;
  /** The address a browser loads the object from (saved in the database, e.g. avatar_url). */
  publicUrl(bucket: Bucket, key: string): string;
}

/**
 * A key is one or more path segments of letters, digits, `.`, `_` and `-`, none starting with a
 * dot: no `..`, no hidden files, no absolute paths, no backslashes, whatever the driver.
 */
const KEY_PATTERN = /^[A-Za-z0-9_-][A-Za-z0-9._-]*(\/[A-Za-z0-9_-][A-Za-z0-9._-]*)*$/;
const PREFIX_PATTERN = /^[A-Za-z0-9_-][A-Za-z0-9._-]*(\/[A-Za-z0-9_-][A-Za-z0-9._-]*)*\/?$/;

export const isValidKey = (key: string) => key.length <= 512 && KEY_PATTERN.test(key);
export const isValidPrefix = (prefix: string) => prefix.length <= 512 && PREFIX_PATTERN.test(prefix);

export function assertKey(bucket: string, key: string): asserts bucket is Bucket {
  if (!isBucket(bucket)) throw new Error(`unknown bucket: ${bucket}`);
  if (!isValidKey(key)) throw new Error(`invalid storage key: ${JSON.stringify(key)}`);
}

export function assertPrefix(bucket: string, prefix: string): asserts bucket is Bucket {
  if (!isBucket(bucket)) throw new Error(`unknown bucket: ${bucket}`);
  // An empty prefix would empty the bucket: never what a caller means.
  if (!isValidPrefix(prefix)) throw new Error(`invalid storage prefix: ${JSON.stringify(prefix)}`);
}

/**
 * The key of a URL `publicUrl` gave for this bucket, or null for anything else (a URL of another
 * store or setting, or a hand-made one).
 */
export function keyFromPublicUrl(storage: Storage, bucket: Bucket, url: string | null | undefined): string | null {
  if (!url) return null;
  const base = storage.publicUrl(bucket, '');
  if (!url.startsWith(base)) return null;
  const key = url.slice(base.length);
  return isValidKey(key) ? key : null;
}

/** The origin images are loaded from when it is not the site's own (S3), for the CSP's img-src. */
export function storageOrigin(storage: Storage): string | null {
  const url = storage.publicUrl('avatars', 'x');
  return URL.canParse(url) ? new URL(url).origin : null;
}
