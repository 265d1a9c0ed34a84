import fs from 'node:fs';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { eventCategories, memberProjects, memberServices, partnerSites, profiles } from '../src/db/schema';
import {
  OWNER_FOLDER,
  removeOrphanProfileImages,
  removeOrphanUploads,
  storageOwnerId,
} from '../src/domain/orphan-uploads';
import { type Bucket, LocalDiskStorage, S3Storage } from '../src/storage';
import { createTestApp } from './helpers/app';
import { signUp } from './helpers/auth';
import { startS3Server } from './helpers/s3-server';
import { pngImage, uploadFile } from './helpers/upload';

/**
 * The sweeps (server.ts, domain/orphan-uploads.ts) of images left by a process killed mid-upload
 * or by a dialog closed without saving, see docs/reliability.md ("App killed during an upload"),
 * on the local disk and on S3 (an S3-compatible server over real HTTP, the AWS SDK's own requests).
 */
const s3 = await startS3Server({ pageSize: 2 });
afterAll(() => s3.close());

const storages = [
  { name: 'local disk', t: await createTestApp() },
  // The operator says the bucket is this installation's alone (docs/settings.md).
  { name: 'S3', t: await createTestApp({ env: { ...s3.env, S3_SWEEP_ORPHANS: 'true' } }) },
];
const ago = (seconds: number) => new Date(Date.now() - seconds * 1000);
// A bucket the operator has not said is this installation's alone.
const sharedS3 = await startS3Server();
afterAll(() => sharedS3.close());
const unswept = await createTestApp({ env: sharedS3.env });

describe.each(storages)('on $name', ({ t }) => {
  const storage = t.app.ctx.storage;

  /** Stores a file as an upload would, last written at `modifiedAt`. */
  async function stored(bucket: Bucket, key: string, modifiedAt: Date) {
    await storage.put(bucket, key, Buffer.from('image'), 'image/webp');
    if (storage instanceof LocalDiskStorage) fs.utimesSync(storage.filePath(bucket, key), modifiedAt, modifiedAt);
    else {
      const object = s3.objects.get(`${bucket}/${key}`);
      if (!object) throw new Error(`${bucket}/${key} is not on the S3 server`);
      object.lastModified = modifiedAt;
    }
  }
  const keysIn = async (bucket: Bucket) => (await storage.list(bucket)).map((f) => f.key).sort();

  it('uses the storage it was given', () => {
    expect(storage).toBeInstanceOf(t.env.S3_BUCKET ? S3Storage : LocalDiskStorage);
  });

  it('removes old avatars and logos no profile points at, keeps referenced and recent ones', async () => {
    const member = await signUp(t);
    const avatar = `${member.userId}/avatar.webp`;
    const logo = `${member.userId}/logo-logo.webp`;
    await stored('avatars', avatar, ago(7200));
    await stored('avatars', logo, ago(7200));
    await t.database.db
      .update(profiles)
      .set({ avatarUrl: storage.publicUrl('avatars', avatar), companyLogoUrl: storage.publicUrl('avatars', logo) })
      .where(eq(profiles.userId, member.userId));
    // Killed between storing and saving the profile, two hours ago...
    const orphan = `${member.userId}/orphan.webp`;
    await stored('avatars', orphan, ago(7200));
    // ...and a file an upload (maybe on another instance) is finishing right now.
    const fresh = `${member.userId}/fresh.webp`;
    await stored('avatars', fresh, new Date());

    expect(await removeOrphanProfileImages(t.app.ctx, 3600 * 1000)).toEqual([orphan]);
    expect((await keysIn('avatars')).filter((k) => k.startsWith(member.userId))).toEqual([avatar, fresh, logo].sort());
    // Nothing more to do the second time.
    expect(await removeOrphanProfileImages(t.app.ctx, 3600 * 1000)).toEqual([]);
  });

  it('keeps an avatar uploaded through the API, which the profile points at', async () => {
    const member = await signUp(t);
    const res = await uploadFile(t, '/api/me/avatar', member, {
      body: await pngImage(64, 64),
      filename: 'moi.png',
      type: 'image/png',
    });
    expect(res.statusCode).toBe(200);
    const key = (await keysIn('avatars')).find((k) => k.startsWith(`${member.userId}/`));
    expect(key).toBeDefined();
    if (!(storage instanceof LocalDiskStorage)) {
      expect(s3.objects.get(`avatars/${key}`)?.contentType).toBe('image/webp');
    }
    // Even once it is old, the profile's URL protects it.
    await stored('avatars', key as string, ago(86400));
    expect(await removeOrphanProfileImages(t.app.ctx, 3600 * 1000)).toEqual([]);
    expect(await keysIn('avatars')).toContain(key);
  });

  it('removes old service, project, category and partner images nothing points at; keeps used and recent ones', async () => {
    const member = await signUp(t);
    const db = t.database.db;
    const serviceImage = `${member.userId}/service.webp`;
    const projectImage = `${member.userId}/project.webp`;
    const abandoned = `${member.userId}/abandoned.webp`;
    const openDialog = `${member.userId}/open-dialog.webp`;
    for (const key of [serviceImage, projectImage, abandoned]) await stored('service-images', key, ago(2 * 86400));
    await stored('service-images', openDialog, ago(600));
    await db.insert(memberServices).values({
      userId: member.userId,
      title: 'Audit',
      description: 'Audit de sites',
      imageUrl: storage.publicUrl('service-images', serviceImage),
    });
    await db
      .insert(memberProjects)
      .values({ userId: member.userId, title: 'Refonte', imageUrl: storage.publicUrl('service-images', projectImage) });
    const usedCategoryImage = `${member.userId}/used.webp`;
    const unusedCategoryImage = `${member.userId}/unused.webp`;
    await stored('event-category-images', usedCategoryImage, ago(2 * 86400));
    await stored('event-category-images', unusedCategoryImage, ago(2 * 86400));
    await db.insert(eventCategories).values({
      name: `Catégorie ${member.userId}`,
      imageUrl: storage.publicUrl('event-category-images', usedCategoryImage),
    });
    const [partner] = await db
      .insert(partnerSites)
      .values({ name: `Partenaire ${member.userId}`, websiteUrl: 'https://partenaire.example' })
      .returning();
    const partnerLogo = `${partner?.id}/logo.webp`;
    const leftLogo = `${partner?.id}/left.webp`;
    await stored('partner-logos', partnerLogo, ago(2 * 86400));
    await stored('partner-logos', leftLogo, ago(2 * 86400));
    await db
      .update(partnerSites)
      .set({ logoUrl: storage.publicUrl('partner-logos', partnerLogo) })
      .where(eq(partnerSites.id, partner?.id ?? ''));

    const { removed, refused } = await removeOrphanUploads(t.app.ctx, 86400 * 1000);
    expect(refused).toEqual([]);
    expect(removed).toEqual(
      expect.arrayContaining([
        { bucket: 'service-images', key: abandoned },
        { bucket: 'event-category-images', key: unusedCategoryImage },
        { bucket: 'partner-logos', key: leftLogo },
      ]),
    );
    const services = await keysIn('service-images');
    expect(services).toEqual(expect.arrayContaining([serviceImage, projectImage, openDialog]));
    expect(services).not.toContain(abandoned);
    const categories = await keysIn('event-category-images');
    expect(categories).toContain(usedCategoryImage);
    expect(categories).not.toContain(unusedCategoryImage);
    expect(await keysIn('partner-logos')).toEqual(expect.arrayContaining([partnerLogo]));
    expect(await keysIn('partner-logos')).not.toContain(leftLogo);
    expect((await removeOrphanUploads(t.app.ctx, 86400 * 1000)).removed).toEqual([]);
  });

  it('keeps a file whose row was saved under another address of the storage (a CDN put in front)', async () => {
    const member = await signUp(t);
    const key = `${member.userId}/before-cdn.webp`;
    await stored('avatars', key, ago(7200));
    await t.database.db
      .update(profiles)
      .set({ avatarUrl: `https://ancien-cdn.exemple.fr/images/avatars/${key}?v=2` })
      .where(eq(profiles.userId, member.userId));
    expect(await removeOrphanProfileImages(t.app.ctx, 3600 * 1000)).not.toContain(key);
    expect(await keysIn('avatars')).toContain(key);
  });

  it('deletes nothing when most old files look unreferenced (a storage shared with another database)', async () => {
    const member = await signUp(t);
    const strangers = Array.from({ length: 12 }, (_, i) => `${member.userId}/autre-base-${i}.webp`);
    for (const key of strangers) await stored('service-images', key, ago(3 * 86400));
    const { removed, refused } = await removeOrphanUploads(t.app.ctx, 86400 * 1000);
    expect(removed.filter((r) => r.bucket === 'service-images')).toEqual([]);
    expect(refused.map((e) => [e.bucket, e.reason])).toEqual([['service-images', 'mostly-unreferenced']]);
    expect(refused[0]?.message).toContain('12 of 14 old files are referenced by no row; nothing deleted');
    expect(await keysIn('service-images')).toEqual(expect.arrayContaining(strangers));
    // Once the rows are there (or the storage is the right one), the sweep goes on.
    for (const key of strangers) {
      await t.database.db.insert(memberServices).values({
        userId: member.userId,
        title: key,
        description: 'Service',
        imageUrl: storage.publicUrl('service-images', key),
      });
    }
    expect((await removeOrphanUploads(t.app.ctx, 86400 * 1000)).refused).toEqual([]);
  });
  it("marks each folder as this installation's, and sweeps nothing in a folder another installation marked", async () => {
    const owner = await storageOwnerId(t.app.ctx);
    await removeOrphanUploads(t.app.ctx, 86400 * 1000);
    for (const bucket of ['service-images', 'event-category-images', 'partner-logos'] as const) {
      expect(await keysIn(bucket), bucket).toContain(`${OWNER_FOLDER}/${owner}`);
    }
    // Another database (staging, say) has swept this storage too: its marker is there.
    const member = await signUp(t);
    const abandoned = `${member.userId}/abandoned.webp`;
    await stored('event-category-images', abandoned, ago(3 * 86400));
    await stored('event-category-images', `${OWNER_FOLDER}/autre-installation`, ago(3 * 86400));
    const { removed, refused } = await removeOrphanUploads(t.app.ctx, 86400 * 1000);
    expect(removed.filter((r) => r.bucket === 'event-category-images')).toEqual([]);
    expect(refused.map((e) => [e.bucket, e.reason])).toEqual([['event-category-images', 'shared']]);
    expect(await keysIn('event-category-images')).toContain(abandoned);
    // The other folders are still swept.
    expect(await keysIn('service-images')).toContain(`${OWNER_FOLDER}/${owner}`);
  });
});

describe('on S3 without S3_SWEEP_ORPHANS', () => {
  it('deletes nothing and writes no marker: the bucket may be shared', async () => {
    const member = await signUp(unswept);
    const key = `${member.userId}/ancien.webp`;
    await unswept.app.ctx.storage.put('service-images', key, Buffer.from('image'), 'image/webp');
    const object = sharedS3.objects.get(`service-images/${key}`);
    if (object) object.lastModified = ago(30 * 86400);
    expect(await removeOrphanUploads(unswept.app.ctx, 86400 * 1000)).toEqual({ removed: [], refused: [] });
    expect(await removeOrphanProfileImages(unswept.app.ctx, 3600 * 1000)).toEqual([]);
    expect([...sharedS3.objects.keys()]).toEqual([`service-images/${key}`]);
  });
});
