import fs from 'node:fs';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { profiles } from '../src/db/schema';
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
