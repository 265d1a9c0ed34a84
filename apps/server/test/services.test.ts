import fs from 'node:fs';
import path from 'node:path';
import { apiErrors, contentImageMessages, profileMessages, serviceMessages } from '@synergie/shared';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { memberServices, profiles } from '../src/db/schema';
import { createTestApp } from './helpers/app';
import { client, signUp } from './helpers/auth';
import { pngImage, type UploadedFile, uploadFile } from './helpers/upload';

const t = await createTestApp();
const uploadsDir = path.join(t.env.DATA_DIR, 'uploads');

type Member = Awaited<ReturnType<typeof signUp>>;

const png = pngImage;
const upload = (member: Member | null, file: UploadedFile) =>
  uploadFile(t, '/api/uploads/service-images', member, file);

async function uploadedUrl(member: Member): Promise<string> {
  const res = await upload(member, { body: await png(), filename: 'service.png', type: 'image/png' });
  expect(res.statusCode).toBe(200);
  return res.json().url;
}

const storedFile = (url: string) => {
  expect(url.startsWith('/storage/service-images/')).toBe(true);
  return path.join(uploadsDir, 'service-images', ...url.slice('/storage/service-images/'.length).split('/'));
};

const serviceForm = (overrides: Record<string, unknown> = {}) => ({
  title: '  Plomberie et chauffage ',
  description: 'Installation, dépannage et entretien de vos équipements.',
  websiteUrl: 'plomberie-martin.fr',
  features: ['  Dépannage 24h/24 ', '', '   '],
  imageUrl: null,
  ...overrides,
});

const rowOf = async (id: string) => {
  const [row] = await t.database.db.select().from(memberServices).where(eq(memberServices.id, id));
  return row;
};

async function createService(member: Member, overrides: Record<string, unknown> = {}) {
  const res = await member.post('/api/services', serviceForm(overrides));
  expect(res.statusCode).toBe(201);
  return res.json();
}

describe('POST /api/uploads/service-images', () => {
  it('refuses a visitor (401) and stores nothing', async () => {
    const res = await upload(null, { body: await png(), filename: 'a.png', type: 'image/png' });
    expect(res.statusCode).toBe(401);
    expect(res.json().error.message).toBe(apiErrors.UNAUTHENTICATED.message);
    expect(fs.existsSync(path.join(uploadsDir, 'service-images'))).toBe(false);
  });

  it('re-encodes the image as WebP (at most 1600 px wide) under the member id', async () => {
    const member = await signUp(t);
    const res = await upload(member, {
      body: await png(3200, 1000),
      filename: 'grande.png',
      type: 'image/png',
    });
    expect(res.statusCode).toBe(200);
    const { url } = res.json();
    expect(url).toMatch(new RegExp(`^/storage/service-images/${member.userId}/[A-Za-z0-9_-]+\\.webp$`));
    const meta = await sharp(fs.readFileSync(storedFile(url))).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 1600, height: 500 });
    const served = await t.app.inject({ method: 'GET', url });
    expect(served.statusCode).toBe(200);
  });

  it('refuses a file that is not an image (415, French) and keeps nothing', async () => {
    const member = await signUp(t);
    const res = await upload(member, {
      body: Buffer.from('<html><script>alert(1)</script></html>'),
      filename: 'photo.png',
      type: 'image/png',
    });
    expect(res.statusCode).toBe(415);
    expect(res.json().error.message).toBe(profileMessages.notAnImage);
    expect(fs.existsSync(path.join(uploadsDir, 'service-images', member.userId))).toBe(false);
  });

  it('refuses an image over UPLOAD_MAX_BYTES (413)', async () => {
    const member = await signUp(t);
    const res = await upload(member, {
      body: Buffer.concat([await png(10, 10), Buffer.alloc(t.env.UPLOAD_MAX_BYTES)]),
      filename: 'grande.png',
      type: 'image/png',
    });
    expect(res.statusCode).toBe(413);
    expect(res.json().error.code).toBe('IMAGE_TOO_LARGE');
  });
});

describe('creating a service', () => {
  it('refuses a visitor (401)', async () => {
    const visitor = client(t, '10.7.0.1');
    const res = await visitor.post('/api/services', serviceForm());
    expect(res.statusCode).toBe(401);
    expect(await t.database.db.select().from(memberServices)).toHaveLength(0);
  });

  it('stores the trimmed service, icon Code, blank features dropped, https:// added', async () => {
    const member = await signUp(t);
    const imageUrl = await uploadedUrl(member);
    const service = await createService(member, { icon: 'Bomb', imageUrl });
    expect(service).toMatchObject({
      userId: member.userId,
      title: 'Plomberie et chauffage',
      icon: 'Code',
      websiteUrl: 'https://plomberie-martin.fr',
      features: ['Dépannage 24h/24'],
      imageUrl,
      ownerName: member.member.name,
    });
    expect(await rowOf(service.id)).toMatchObject({ icon: 'Code', features: ['Dépannage 24h/24'], imageUrl });
  });

  it('stores an empty website and no image as null', async () => {
    const member = await signUp(t);
    const service = await createService(member, { websiteUrl: '  ', imageUrl: '', features: [] });
    expect(service).toMatchObject({ websiteUrl: null, imageUrl: null, features: [] });
  });

  it('refuses more than three features (400) and invalid fields with French messages', async () => {
    const member = await signUp(t);
    const four = await member.post('/api/services', serviceForm({ features: ['a', 'b', 'c', 'd'] }));
    expect(four.statusCode).toBe(400);
    expect(four.json().error).toMatchObject({ code: 'VALIDATION', message: 'Maximum 3 caractéristiques' });

    const noTitle = await member.post('/api/services', serviceForm({ title: '   ' }));
    expect(noTitle.statusCode).toBe(400);
    expect(noTitle.json().error.message).toBe('Le titre est requis.');

    const noDescription = await member.post('/api/services', serviceForm({ description: '' }));
    expect(noDescription.json().error.message).toBe('La description est requise.');

    const longFeature = await member.post('/api/services', serviceForm({ features: ['x'.repeat(101)] }));
    expect(longFeature.json().error.message).toBe('Chaque caractéristique ne peut pas dépasser 100 caractères');

    const badLink = await member.post('/api/services', serviceForm({ websiteUrl: 'javascript:alert(1)' }));
    expect(badLink.statusCode).toBe(400);
    expect(badLink.json().error.message).toBe('Lien invalide');

    const rows = await t.database.db.select().from(memberServices).where(eq(memberServices.userId, member.userId));
    expect(rows).toHaveLength(0);
  });

  it("refuses an image of another member's prefix, or of another site (400)", async () => {
    const owner = await signUp(t);
    const other = await signUp(t);
    const theirs = await uploadedUrl(owner);
    for (const imageUrl of [theirs, 'https://ailleurs.example/image.webp', '/storage/avatars/x/y.webp']) {
      const res = await other.post('/api/services', serviceForm({ imageUrl }));
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toMatchObject({ code: 'INVALID_IMAGE', message: contentImageMessages.invalid });
    }
    expect(fs.existsSync(storedFile(theirs))).toBe(true);
  });
});

describe('listing services', () => {
  it('lists every service newest first with its owner name and company, to visitors too', async () => {
    const alice = await signUp(t, { name: 'Alice Durand' });
    await t.database.db
      .update(profiles)
      .set({ fullName: 'Alice Durand', companyName: 'Durand SARL' })
      .where(eq(profiles.userId, alice.userId));
    const bob = await signUp(t, { name: 'Bob Leroy' });
    const first = await createService(alice, { title: 'Premier service' });
    await new Promise((resolve) => setTimeout(resolve, 5));
    const second = await createService(bob, { title: 'Second service' });

    const res = await client(t, '10.7.0.2').get('/api/services');
    expect(res.statusCode).toBe(200);
    const ids = res.json().services.map((s: { id: string }) => s.id);
    expect(ids.indexOf(second.id)).toBeLessThan(ids.indexOf(first.id));
    const listed = res.json().services.find((s: { id: string }) => s.id === first.id);
    expect(listed).toMatchObject({ ownerName: 'Alice Durand', ownerCompany: 'Durand SARL', title: 'Premier service' });
    expect(new Date(listed.createdAt).toString()).not.toBe('Invalid Date');
  });
});

describe('editing and deleting', () => {
  it('refuses another member (403) and a visitor (401), changing nothing', async () => {
    const owner = await signUp(t);
    const imageUrl = await uploadedUrl(owner);
    const service = await createService(owner, { imageUrl });
    const before = await rowOf(service.id);
    const other = await signUp(t);

    const edit = await other.put(`/api/services/${service.id}`, serviceForm({ title: 'Pris' }));
    expect(edit.statusCode).toBe(403);
    expect(edit.json().error.message).toBe(serviceMessages.forbidden);
    const remove = await other.delete(`/api/services/${service.id}`);
    expect(remove.statusCode).toBe(403);

    const visitor = client(t, '10.7.0.3');
    expect((await visitor.put(`/api/services/${service.id}`, serviceForm())).statusCode).toBe(401);
    expect((await visitor.delete(`/api/services/${service.id}`)).statusCode).toBe(401);

    expect(await rowOf(service.id)).toEqual(before);
    expect(fs.existsSync(storedFile(imageUrl))).toBe(true);
  });

  it('lets the owner edit; a replaced image is deleted', async () => {
    const owner = await signUp(t);
    const firstImage = await uploadedUrl(owner);
    const service = await createService(owner, { imageUrl: firstImage });
    const secondImage = await uploadedUrl(owner);

    const res = await owner.put(
      `/api/services/${service.id}`,
      serviceForm({ title: 'Chauffage', features: ['A', ' B ', 'C'], imageUrl: secondImage, websiteUrl: '' }),
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: service.id,
      title: 'Chauffage',
      features: ['A', 'B', 'C'],
      imageUrl: secondImage,
      websiteUrl: null,
      icon: 'Code',
    });
    expect(fs.existsSync(storedFile(firstImage))).toBe(false);
    expect(fs.existsSync(storedFile(secondImage))).toBe(true);

    // Keeping the same image keeps its file.
    const again = await owner.put(`/api/services/${service.id}`, serviceForm({ imageUrl: secondImage }));
    expect(again.statusCode).toBe(200);
    expect(fs.existsSync(storedFile(secondImage))).toBe(true);
  });

  it("refuses an edit that points at another member's image (400)", async () => {
    const owner = await signUp(t);
    const other = await signUp(t);
    const service = await createService(owner);
    const theirs = await uploadedUrl(other);
    const res = await owner.put(`/api/services/${service.id}`, serviceForm({ imageUrl: theirs }));
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(contentImageMessages.invalid);
    expect((await rowOf(service.id))?.imageUrl).toBeNull();
  });

  it('lets the owner delete the service, which deletes its image', async () => {
    const owner = await signUp(t);
    const imageUrl = await uploadedUrl(owner);
    const service = await createService(owner, { imageUrl });
    const res = await owner.delete(`/api/services/${service.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });
    expect(await rowOf(service.id)).toBeUndefined();
    expect(fs.existsSync(storedFile(imageUrl))).toBe(false);
    const list = await owner.get('/api/services');
    expect(list.json().services.some((s: { id: string }) => s.id === service.id)).toBe(false);
  });

  it('keeps an image still shown by another of the owner services', async () => {
    const owner = await signUp(t);
    const imageUrl = await uploadedUrl(owner);
    const first = await createService(owner, { imageUrl });
    await createService(owner, { imageUrl });
    expect((await owner.delete(`/api/services/${first.id}`)).statusCode).toBe(200);
    expect(fs.existsSync(storedFile(imageUrl))).toBe(true);
  });

  it('answers 404 in French to an unknown id or one that is not a UUID', async () => {
    const member = await signUp(t);
    for (const id of ['00000000-0000-4000-8000-000000000000', 'pas-un-uuid', "1'; drop table x"]) {
      const put = await member.put(`/api/services/${encodeURIComponent(id)}`, serviceForm());
      expect(put.statusCode).toBe(404);
      expect(put.json().error.message).toBe(serviceMessages.notFound);
      expect((await member.delete(`/api/services/${encodeURIComponent(id)}`)).statusCode).toBe(404);
    }
  });

  it('validates the edit body like the create body (400, French)', async () => {
    const owner = await signUp(t);
    const service = await createService(owner);
    const res = await owner.put(`/api/services/${service.id}`, serviceForm({ title: '' }));
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe('Le titre est requis.');
  });
});
