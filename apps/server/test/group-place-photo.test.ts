import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createTestApp } from './helpers/app';
import { catalogue, createGroup, seat } from './helpers/groups';
import { signUpSubscriber } from './helpers/members';
import { pngImage, uploadFile } from './helpers/upload';

/**
 * The meeting place's photo (issue 31) on a real database and the local storage: the group's
 * leaders change it, the public page shows it, the file it replaced is deleted, nobody else may
 * touch it (the authorization matrix covers every actor; here the domain's answers).
 */

const t = await createTestApp();
const db = t.database.db;
const uploadsDir = path.join(t.env.DATA_DIR, 'uploads');

const president = await signUpSubscriber(t, { name: 'Léa Présidente' });
const member = await signUpSubscriber(t, { name: 'Marc Membre' });
const otherLeader = await signUpSubscriber(t, { name: 'Iris Ailleurs' });
const trades = await catalogue(db);
const tradeAt = (i: number) => (trades[i] as { id: string }).id;
const groupA = await createGroup(db, { meetingPlace: 'Hôtel de la Gare, 3 rue Carnot', city: 'Angers' });
const groupB = await createGroup(db);
await seat(db, groupA.id, [
  { userId: president.userId, tradeId: tradeAt(0), role: 'president' },
  { userId: member.userId, tradeId: tradeAt(1) },
]);
await seat(db, groupB.id, [{ userId: otherLeader.userId, tradeId: tradeAt(0), role: 'president' }]);

const photoUrl = async (slug: string) => (await member.get(`/api/group-pages/${slug}`)).json().group.placePhotoUrl;
const stored = (url: string) => {
  expect(url).toMatch(new RegExp(`^/storage/service-images/${groupA.id}/lieu-[A-Za-z0-9_-]+\\.webp$`));
  return path.join(uploadsDir, ...url.slice('/storage/'.length).split('/'));
};
const photo = async () => ({ body: await pngImage(1600, 1000), filename: 'salle.png', type: 'image/png' });

describe('the meeting place’s photo', () => {
  it('is set by a leader, shown on the public page, and its predecessor’s file is deleted', async () => {
    expect(await photoUrl(groupA.slug)).toBeNull();
    const first = await uploadFile(t, `/api/groups/${groupA.id}/place-photo`, president, await photo());
    expect(first.statusCode, first.body).toBe(200);
    const firstUrl = first.json().url as string;
    expect(fs.existsSync(stored(firstUrl))).toBe(true);
    expect(await photoUrl(groupA.slug)).toBe(firstUrl);

    const second = await uploadFile(t, `/api/groups/${groupA.id}/place-photo`, president, await photo());
    expect(second.statusCode).toBe(200);
    const secondUrl = second.json().url as string;
    expect(await photoUrl(groupA.slug)).toBe(secondUrl);
    expect(fs.existsSync(stored(firstUrl))).toBe(false);
    expect(fs.existsSync(stored(secondUrl))).toBe(true);

    const removed = await president.post(`/api/groups/${groupA.id}/place-photo/remove`, {});
    expect(removed.statusCode).toBe(200);
    expect(await photoUrl(groupA.slug)).toBeNull();
    expect(fs.existsSync(stored(secondUrl))).toBe(false);
  });

  it('is refused to a member of the group and to another group’s leader, and nothing changes', async () => {
    for (const who of [member, otherLeader]) {
      const res = await uploadFile(t, `/api/groups/${groupA.id}/place-photo`, who, await photo());
      expect(res.statusCode).toBe(403);
      expect((await who.post(`/api/groups/${groupA.id}/place-photo/remove`, {})).statusCode).toBe(403);
    }
    expect(await photoUrl(groupA.slug)).toBeNull();
    const dir = path.join(uploadsDir, 'service-images', groupA.id);
    expect(fs.existsSync(dir) ? fs.readdirSync(dir) : []).toEqual([]);
  });

  it('refuses what is not an image in French, and keeps the photo it had', async () => {
    const kept = (await uploadFile(t, `/api/groups/${groupA.id}/place-photo`, president, await photo())).json().url;
    const res = await uploadFile(t, `/api/groups/${groupA.id}/place-photo`, president, {
      body: Buffer.from('pas une image'),
      filename: 'salle.png',
      type: 'image/png',
    });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
    expect(res.json().error.message).toMatch(/image/);
    expect(await photoUrl(groupA.slug)).toBe(kept);
  });
});
