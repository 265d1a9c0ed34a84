import fs from 'node:fs';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { eventCategories, memberProjects, memberServices, profiles } from '../src/db/schema';
import { removeOrphanUploads } from '../src/domain/orphan-uploads';
import { removeOrphanProfileImages } from '../src/domain/profile';
import type { LocalDiskStorage } from '../src/storage';
import { createTestApp } from './helpers/app';
import { signUp } from './helpers/auth';

/**
 * The start-up sweep (server.ts) of images left by a process killed mid-upload, see
 * docs/reliability.md ("App killed during an upload").
 */
const t = await createTestApp();
const storage = t.app.ctx.storage as LocalDiskStorage;
const ago = (seconds: number) => new Date(Date.now() - seconds * 1000);

async function stored(key: string, modifiedAt: Date) {
  await storage.put('avatars', key, Buffer.from('image'), 'image/webp');
  fs.utimesSync(storage.filePath('avatars', key), modifiedAt, modifiedAt);
}

describe('removeOrphanProfileImages', () => {
  it('removes old images no profile points at, keeps referenced and recent ones', async () => {
    const member = await signUp(t);
    const avatar = `${member.userId}/avatar.webp`;
    const logo = `${member.userId}/logo-logo.webp`;
    await stored(avatar, ago(7200));
    await stored(logo, ago(7200));
    await t.database.db
      .update(profiles)
      .set({ avatarUrl: storage.publicUrl('avatars', avatar), companyLogoUrl: storage.publicUrl('avatars', logo) })
      .where(eq(profiles.userId, member.userId));
    // Killed between storing and saving the profile, two hours ago...
    const orphan = `${member.userId}/orphan.webp`;
    await stored(orphan, ago(7200));
    // ...and a file an upload (maybe on another instance) is finishing right now.
    const fresh = `${member.userId}/fresh.webp`;
    await stored(fresh, new Date());

    expect(await removeOrphanProfileImages(t.app.ctx, 3600 * 1000)).toEqual([orphan]);
    const left = (await storage.list('avatars')).map((f) => f.key).sort();
    expect(left).toEqual([avatar, fresh, logo].sort());
    // Nothing more to do the second time.
    expect(await removeOrphanProfileImages(t.app.ctx, 3600 * 1000)).toEqual([]);
  });
});

describe('removeOrphanUploads (images uploaded from a dialog never saved)', () => {
  async function storedIn(bucket: 'service-images' | 'event-category-images', key: string, modifiedAt: Date) {
    await storage.put(bucket, key, Buffer.from('image'), 'image/webp');
    fs.utimesSync(storage.filePath(bucket, key), modifiedAt, modifiedAt);
  }

  it('removes old service, project and category images nothing points at; keeps used and recent ones', async () => {
    const member = await signUp(t);
    const db = t.database.db;
    const serviceImage = `${member.userId}/service.webp`;
    const projectImage = `${member.userId}/project.webp`;
    const abandoned = `${member.userId}/abandoned.webp`;
    const openDialog = `${member.userId}/open-dialog.webp`;
    for (const key of [serviceImage, projectImage, abandoned]) await storedIn('service-images', key, ago(2 * 86400));
    await storedIn('service-images', openDialog, ago(600));
    await db.insert(memberServices).values({
      userId: member.userId,
      title: 'Audit',
      description: 'Audit de sites',
      imageUrl: storage.publicUrl('service-images', serviceImage),
    });
    await db
      .insert(memberProjects)
      .values({ userId: member.userId, title: 'Refonte', imageUrl: storage.publicUrl('service-images', projectImage) });
    const usedCategoryImage = 'admin/used.webp';
    const unusedCategoryImage = 'admin/unused.webp';
    await storedIn('event-category-images', usedCategoryImage, ago(2 * 86400));
    await storedIn('event-category-images', unusedCategoryImage, ago(2 * 86400));
    await db.insert(eventCategories).values({
      name: `Catégorie ${member.userId}`,
      imageUrl: storage.publicUrl('event-category-images', usedCategoryImage),
    });

    const removed = await removeOrphanUploads(t.app.ctx, 86400 * 1000);
    expect(removed).toEqual(
      expect.arrayContaining([
        { bucket: 'service-images', key: abandoned },
        { bucket: 'event-category-images', key: unusedCategoryImage },
      ]),
    );
    const services = (await storage.list('service-images')).map((f) => f.key);
    expect(services).toEqual(expect.arrayContaining([serviceImage, projectImage, openDialog]));
    expect(services).not.toContain(abandoned);
    const categories = (await storage.list('event-category-images')).map((f) => f.key);
    expect(categories).toContain(usedCategoryImage);
    expect(categories).not.toContain(unusedCategoryImage);
    expect(await removeOrphanUploads(t.app.ctx, 86400 * 1000)).toEqual([]);
  });
});
