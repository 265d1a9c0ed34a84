import path from 'node:path';
import type { Env } from '../env';
import { LocalDiskStorage } from './local';
import { S3Storage } from './s3';
import type { Storage } from './storage';

export { LocalDiskStorage } from './local';
export { S3Storage } from './s3';
export * from './storage';

/** S3-compatible storage when S3_BUCKET is set, otherwise the local disk under DATA_DIR/uploads. */
export function createStorage(env: Env): Storage {
  if (env.S3_BUCKET) {
    return new S3Storage({
      bucket: env.S3_BUCKET,
      region: env.S3_REGION,
      endpoint: env.S3_ENDPOINT,
      accessKeyId: env.S3_ACCESS_KEY_ID,
      secretAccessKey: env.S3_SECRET_ACCESS_KEY,
      publicUrl: env.S3_PUBLIC_URL,
      forcePathStyle: env.S3_FORCE_PATH_STYLE,
    });
  }
  return new LocalDiskStorage(path.join(env.DATA_DIR, 'uploads'));
}
