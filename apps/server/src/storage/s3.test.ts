import { DeleteObjectCommand, ListObjectsV2Command, PutObjectCommand } from '@aws-sdk/client-s3';
import { describe, expect, it } from 'vitest';
import { loadEnv } from '../env';
import { createStorage, LocalDiskStorage, storageOrigin } from './index';
import { S3Storage } from './s3';

/** A fake S3 holding objects in a map, recording the commands it receives. */
function fakeS3(keys: string[] = []) {
  const objects = new Set(keys);
  const sent: unknown[] = [];
  return {
    sent,
    objects,
    client: {
      async send(command: unknown) {
        sent.push(command);
        if (command instanceof PutObjectCommand) objects.add(command.input.Key ?? '');
        if (command instanceof DeleteObjectCommand) objects.delete(command.input.Key ?? '');
        if (command instanceof ListObjectsV2Command) {
          // Two per page, to go through the continuation; as S3's, the token means "after this key".
          const after = command.input.ContinuationToken ?? '';
          const all = [...objects].filter((k) => k.startsWith(command.input.Prefix ?? '') && k > after).sort();
          const page = all.slice(0, 2);
          const more = all.length > 2;
          return {
            Contents: page.map((Key) => ({ Key })),
            IsTruncated: more,
            NextContinuationToken: more ? page.at(-1) : undefined,
          };
        }
        return {};
      },
      // biome-ignore lint/suspicious/noExplicitAny: the fake stands for the SDK client
    } as any,
  };
}

describe('S3Storage', () => {
  it('puts objects under <bucket>/<key> in the one S3 bucket, with type and cache headers', async () => {
    const s3 = fakeS3();
    const storage = new S3Storage({
      bucket: 'synergie',
      region: 'fr-par',
      publicUrl: 'https://cdn.exemple.fr/',
      client: s3.client,
    });
    await storage.put('avatars', 'u1/a.webp', Buffer.from('x'), 'image/webp');
    const put = s3.sent[0] as PutObjectCommand;
    expect(put.input).toMatchObject({
      Bucket: 'synergie',
      Key: 'avatars/u1/a.webp',
      ContentType: 'image/webp',
      ContentDisposition: 'inline',
      CacheControl: 'public, max-age=31536000, immutable',
    });
    expect(storage.publicUrl('avatars', 'u1/a.webp')).toBe('https://cdn.exemple.fr/avatars/u1/a.webp');
    await expect(storage.put('avatars', '../x.webp', Buffer.from('x'), 'image/webp')).rejects.toThrow();
    await expect(storage.delete('avatars', 'u1/../../x')).rejects.toThrow();
    expect(s3.sent).toHaveLength(1);
  });

  it('deletes every object of a prefix, across pages, and only those', async () => {
    const s3 = fakeS3([
      'avatars/u1/a.webp',
      'avatars/u1/b.webp',
      'avatars/u1/logo-c.webp',
      'avatars/u11/d.webp',
      'service-images/u1/e.webp',
    ]);
    const storage = new S3Storage({ bucket: 'synergie', region: 'fr-par', client: s3.client });
    await storage.deletePrefix('avatars', 'u1/');
    expect([...s3.objects].sort()).toEqual(['avatars/u11/d.webp', 'service-images/u1/e.webp']);
    await expect(storage.deletePrefix('avatars', '')).rejects.toThrow();
  });

  it('works out the public address from the endpoint when S3_PUBLIC_URL is unset', () => {
    const { client } = fakeS3();
    expect(new S3Storage({ bucket: 'b', region: 'eu-west-3', client }).publicUrl('avatars', 'u/x.webp')).toBe(
      'https://b.s3.eu-west-3.amazonaws.com/avatars/u/x.webp',
    );
    expect(
      new S3Storage({
        bucket: 'b',
        region: 'x',
        endpoint: 'http://localhost:9000',
        forcePathStyle: true,
        client,
      }).publicUrl('avatars', 'u/x.webp'),
    ).toBe('http://localhost:9000/b/avatars/u/x.webp');
    expect(
      new S3Storage({ bucket: 'b', region: 'fr-par', endpoint: 'https://s3.fr-par.scw.cloud', client }).publicUrl(
        'service-images',
        'u/x.webp',
      ),
    ).toBe('https://b.s3.fr-par.scw.cloud/service-images/u/x.webp');
  });
});

describe('createStorage', () => {
  it('uses the local disk under DATA_DIR/uploads by default', () => {
    const storage = createStorage(loadEnv({ DATA_DIR: '/var/synergie' }));
    expect(storage).toBeInstanceOf(LocalDiskStorage);
    expect((storage as LocalDiskStorage).root).toBe('/var/synergie/uploads');
    expect(storageOrigin(storage)).toBeNull();
  });

  it('uses S3 when S3_BUCKET is set, and its origin is allowed for images', () => {
    const storage = createStorage(
      loadEnv({
        S3_BUCKET: 'synergie',
        S3_ENDPOINT: 'https://s3.fr-par.scw.cloud',
        S3_REGION: 'fr-par',
        S3_ACCESS_KEY_ID: 'id',
        S3_SECRET_ACCESS_KEY: 'secret',
        S3_PUBLIC_URL: 'https://cdn.synergie-pro.fr/',
      }),
    );
    expect(storage).toBeInstanceOf(S3Storage);
    expect(storage.publicUrl('avatars', 'u/x.webp')).toBe('https://cdn.synergie-pro.fr/avatars/u/x.webp');
    expect(storageOrigin(storage)).toBe('https://cdn.synergie-pro.fr');
  });

  it('refuses half an S3 key pair and a bad endpoint', () => {
    expect(() => loadEnv({ S3_BUCKET: 'b', S3_ACCESS_KEY_ID: 'id' })).toThrow(/S3_SECRET_ACCESS_KEY/);
    expect(() => loadEnv({ S3_ENDPOINT: 'ftp://x' })).toThrow(/S3_ENDPOINT/);
  });
});
