import type { S3Client } from '@aws-sdk/client-s3';
import { assertKey, assertPrefix, type Bucket, isBucket, isValidKey, type Storage, type StoredObject } from './storage';

export interface S3StorageOptions {
  /** The one S3 bucket; our buckets (avatars, service-images) are its top-level folders. */
  bucket: string;
  region: string;
  /** Any S3-compatible service (Scaleway, OVH, MinIO, R2...); unset: AWS. */
  endpoint?: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  /** Where browsers read the bucket (a CDN, or the bucket's public address). */
  publicUrl?: string;
  forcePathStyle?: boolean;
  /** Tests pass a fake. */
  client?: Pick<S3Client, 'send'>;
}

/** Uploaded objects never change (each upload gets a new random key): cache them for a year. */
const CACHE_CONTROL = 'public, max-age=31536000, immutable';

/**
 * The SDK, loaded at the first S3 call rather than at start-up: an install without S3_BUCKET never
 * loads it (docs/performance.md, "Memory and start").
 */
const sdk = () => import('@aws-sdk/client-s3');

export class S3Storage implements Storage {
  private readonly clientPromise: Promise<Pick<S3Client, 'send'>>;
  private readonly bucket: string;
  private readonly base: string;

  constructor(options: S3StorageOptions) {
    this.bucket = options.bucket;
    const given = options.client;
    this.clientPromise = given
      ? Promise.resolve(given)
      : sdk().then(
          ({ S3Client }) =>
            new S3Client({
              region: options.region,
              endpoint: options.endpoint,
              forcePathStyle: options.forcePathStyle,
              credentials:
                options.accessKeyId && options.secretAccessKey
                  ? { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey }
                  : undefined,
              // Many S3-compatible services refuse the optional checksums recent SDKs add by default.
              requestChecksumCalculation: 'WHEN_REQUIRED',
              responseChecksumValidation: 'WHEN_REQUIRED',
              requestHandler: { connectionTimeout: 5000, requestTimeout: 20_000 },
            }),
        );
    // Not awaited before the first call: a failure to load surfaces there, not as an unhandled rejection.
    this.clientPromise.catch(() => {});
    this.base = (options.publicUrl ?? defaultPublicUrl(options)).replace(/\/+$/, '');
  }

  private objectKey(bucket: Bucket, key: string) {
    return `${bucket}/${key}`;
  }

  async put(bucket: Bucket, key: string, body: Buffer, contentType: string): Promise<void> {
    assertKey(bucket, key);
    const [client, { PutObjectCommand }] = await Promise.all([this.clientPromise, sdk()]);
    await client.send(
      new PutObjectCommand({
        Bucket: this.bucket,
        Key: this.objectKey(bucket, key),
        Body: body,
        ContentType: contentType,
        ContentLength: body.length,
        CacheControl: CACHE_CONTROL,
        ContentDisposition: 'inline',
      }),
    );
  }

  async delete(bucket: Bucket, key: string): Promise<void> {
    assertKey(bucket, key);
    const [client, { DeleteObjectCommand }] = await Promise.all([this.clientPromise, sdk()]);
    await client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: this.objectKey(bucket, key) }));
  }

  async deletePrefix(bucket: Bucket, prefix: string): Promise<void> {
    assertPrefix(bucket, prefix);
    const [client, { DeleteObjectCommand, ListObjectsV2Command }] = await Promise.all([this.clientPromise, sdk()]);
    let continuationToken: string | undefined;
    do {
      const page = await client.send(
        new ListObjectsV2Command({
          Bucket: this.bucket,
          Prefix: this.objectKey(bucket, prefix),
          ContinuationToken: continuationToken,
        }),
      );
      // One DeleteObject per file rather than DeleteObjects: a member has a handful of files,
      // and every S3-compatible service accepts it (DeleteObjects needs checksums some refuse).
      const keys = (page.Contents ?? []).flatMap((object) => (object.Key ? [object.Key] : []));
      for (let i = 0; i < keys.length; i += 10) {
        await Promise.all(
          keys.slice(i, i + 10).map((Key) => client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key }))),
        );
      }
      continuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (continuationToken);
  }

  async list(bucket: Bucket): Promise<StoredObject[]> {
    if (!isBucket(bucket)) throw new Error(`unknown bucket: ${bucket}`);
    const prefix = `${bucket}/`;
    const objects: StoredObject[] = [];
    const [client, { ListObjectsV2Command }] = await Promise.all([this.clientPromise, sdk()]);
    let continuationToken: string | undefined;
    do {
      const page = await client.send(
        new ListObjectsV2Command({ Bucket: this.bucket, Prefix: prefix, ContinuationToken: continuationToken }),
      );
      for (const object of page.Contents ?? []) {
        const key = object.Key?.slice(prefix.length);
        // Only what this app could have written (the same rule as put's keys).
        if (key && object.Key?.startsWith(prefix) && isValidKey(key) && object.LastModified) {
          objects.push({ key, modifiedAt: object.LastModified });
        }
      }
      continuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (continuationToken);
    return objects;
  }

  publicUrl(bucket: Bucket, key: string): string {
    return `${this.base}/${bucket}/${key}`;
  }
}

function defaultPublicUrl(options: S3StorageOptions): string {
  if (options.endpoint) {
    const endpoint = new URL(options.endpoint);
    const origin = endpoint.origin;
    return options.forcePathStyle
      ? `${origin}/${options.bucket}`
      : `${endpoint.protocol}//${options.bucket}.${endpoint.host}`;
  }
  return `https://${options.bucket}.s3.${options.region}.amazonaws.com`;
}
