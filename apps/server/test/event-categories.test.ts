import fs from 'node:fs';
import path from 'node:path';
import {
  apiErrors,
  EVENT_CATEGORY_SHIPPED_IMAGES,
  type EventCategory,
  eventCategoryMessages,
  profileMessages,
} from '@synergie/shared';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { eventCategories, events } from '../src/db/schema';
import { createTestApp } from './helpers/app';
import { client, signUp } from './helpers/auth';
import { pngImage, type UploadedFile, uploadFile } from './helpers/upload';

const ADMIN_EMAIL = 'admin.categories@synergie.test';
const t = await createTestApp({ env: { ADMIN_EMAILS: ADMIN_EMAIL } });
const uploadsDir = path.join(t.env.DATA_DIR, 'uploads');
const admin = await signUp(t, { email: ADMIN_EMAIL, name: 'Admin Catégories' });
const member = await signUp(t);
const visitor = client(t);

const [atelierImage, afterworkImage, conferenceImage] = EVENT_CATEGORY_SHIPPED_IMAGES.map((image) => image.url);

const list = async (): Promise<EventCategory[]> => {
  const res = await visitor.get('/api/event-categories');
  expect(res.statusCode).toBe(200);
  return res.json();
};
const rowsNamed = (name: string) => t.database.db.select().from(eventCategories).where(eq(eventCategories.name, name));

const png = (width = 1600, height = 900) => pngImage(width, height, { r: 30, g: 120, b: 60 });
const upload = (who: { jar: { header(): string } } | null, file: UploadedFile) =>
  uploadFile(t, '/api/admin/uploads/event-category-image', who, file);
const storedFile = (url: string) => path.join(uploadsDir, url.replace(/^\/storage\//, ''));

async function createCategory(name: string, imageUrl = atelierImage): Promise<EventCategory> {
  const res = await admin.post('/api/admin/event-categories', { name, imageUrl });
  expect(res.statusCode).toBe(201);
  return res.json();
}

async function insertEvent(category: EventCategory, title: string) {
  const [row] = await t.database.db
    .insert(events)
    .values({
      organizerId: member.userId,
      title,
      date: '2031-05-20',
      time: '18:30',
      location: 'Paris',
      categoryId: category.id,
      category: category.name,
      imageUrl: category.imageUrl,
    })
    .returning();
  if (!row) throw new Error('event not inserted');
  return row;
}
const eventById = async (id: string) => (await t.database.db.select().from(events).where(eq(events.id, id)))[0];

describe('public list', () => {
  it('has the six default categories of a fresh install, ordered by name, with their shipped images', async () => {
    const categories = await list();
    expect(categories.map((c) => c.name)).toEqual([
      'Afterwork',
      'Atelier',
      'Conférence',
      'Forum',
      'Lancement',
      'Réunion',
    ]);
    for (const category of categories) {
      expect(Object.keys(category).sort()).toEqual(['id', 'imageUrl', 'name']);
      expect(EVENT_CATEGORY_SHIPPED_IMAGES.map((image) => image.url)).toContain(category.imageUrl);
      // The file is really shipped with the site.
      expect(fs.existsSync(path.join(import.meta.dirname, '../../web/public', category.imageUrl))).toBe(true);
    }
  });
});

describe('admin only', () => {
  it('answers 401 to a visitor and 403 "Accès non autorisé" to a member on every admin route, changing nothing', async () => {
    const target = await createCategory('Cible des refus', afterworkImage);
    const before = await list();
    const body = { name: 'Piratage', imageUrl: atelierImage };
    const attempts = [
      (c: typeof visitor) => c.post('/api/admin/event-categories', body),
      (c: typeof visitor) => c.put(`/api/admin/event-categories/${target.id}`, body),
      (c: typeof visitor) => c.delete(`/api/admin/event-categories/${target.id}`),
    ];
    for (const attempt of attempts) {
      const anonymous = await attempt(visitor);
      expect(anonymous.statusCode).toBe(401);
      expect(anonymous.json().error.message).toBe(apiErrors.UNAUTHENTICATED.message);
      const forbidden = await attempt(member);
      expect(forbidden.statusCode).toBe(403);
      expect(forbidden.json().error.message).toBe('Accès non autorisé');
    }
    // Refused before the body is read: an empty form is still a 401/403, not a 400.
    expect((await visitor.post('/api/admin/event-categories', {})).statusCode).toBe(401);
    expect((await member.post('/api/admin/event-categories', {})).statusCode).toBe(403);

    const uploadAnonymous = await upload(null, { body: await png(), filename: 'a.png', type: 'image/png' });
    expect(uploadAnonymous.statusCode).toBe(401);
    const uploadMember = await upload(member, { body: await png(), filename: 'a.png', type: 'image/png' });
    expect(uploadMember.statusCode).toBe(403);
    expect(uploadMember.json().error.message).toBe('Accès non autorisé');
    const bucket = path.join(uploadsDir, 'event-category-images');
    expect(fs.existsSync(bucket) ? fs.readdirSync(bucket) : []).toEqual([]);

    expect(await list()).toEqual(before);
  });
});

describe('admin create, edit, delete', () => {
  it('creates a category with a shipped image, trimmed, and lists it by name', async () => {
    const res = await admin.post('/api/admin/event-categories', { name: '  Déjeuner  ', imageUrl: conferenceImage });
    expect(res.statusCode).toBe(201);
    const created: EventCategory = res.json();
    expect(created).toMatchObject({ name: 'Déjeuner', imageUrl: conferenceImage });
    const names = (await list()).map((c) => c.name);
    expect(names).toContain('Déjeuner');
    expect(names.indexOf('Déjeuner')).toBe(names.indexOf('Conférence') + 1);
  });

  it('refuses a missing name or image with "Veuillez remplir tous les champs"', async () => {
    for (const body of [
      {},
      { imageUrl: atelierImage },
      { name: '   ', imageUrl: atelierImage },
      { name: 'Sans image' },
      { name: 'Sans image', imageUrl: '' },
    ]) {
      const res = await admin.post('/api/admin/event-categories', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().error.message).toBe('Veuillez remplir tous les champs');
    }
    expect(await rowsNamed('Sans image')).toEqual([]);
    const existing = await createCategory('À compléter');
    const edit = await admin.put(`/api/admin/event-categories/${existing.id}`, { name: '', imageUrl: atelierImage });
    expect(edit.statusCode).toBe(400);
    expect(edit.json().error.message).toBe(eventCategoryMessages.required);
    expect((await rowsNamed('À compléter')).length).toBe(1);
  });

  it('refuses a second category of the same name with 409, on create and on rename', async () => {
    const res = await admin.post('/api/admin/event-categories', { name: 'Atelier', imageUrl: afterworkImage });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe('Une catégorie porte déjà ce nom.');
    const other = await createCategory('Séminaire');
    const rename = await admin.put(`/api/admin/event-categories/${other.id}`, {
      name: 'Forum',
      imageUrl: atelierImage,
    });
    expect(rename.statusCode).toBe(409);
    expect(rename.json().error.message).toBe(eventCategoryMessages.duplicate);
    expect((await rowsNamed('Séminaire')).length).toBe(1);
    expect((await rowsNamed('Atelier'))[0]?.imageUrl).toBe(atelierImage);
  });

  it('accepts only shipped images or uploads of this site (400 otherwise)', async () => {
    for (const imageUrl of [
      'https://ailleurs.example/image.png',
      '/images/event-categories/inconnue.svg',
      '/images/event-categories/atelier.svg?x=1',
      'javascript:alert(1)',
      '/storage/avatars/quelquun/photo.webp',
      '/storage/event-category-images/../avatars/x.webp',
    ]) {
      const res = await admin.post('/api/admin/event-categories', { name: 'Image étrangère', imageUrl });
      expect(res.statusCode, imageUrl).toBe(400);
      expect(res.json().error.message).toBe(eventCategoryMessages.invalidImage);
    }
    expect(await rowsNamed('Image étrangère')).toEqual([]);
  });

  it('renames a category and changes its image, and its events follow in the same write', async () => {
    const category = await createCategory('Petit-déjeuner', atelierImage);
    const event = await insertEvent(category, 'Petit-déjeuner de mai');
    const res = await admin.put(`/api/admin/event-categories/${category.id}`, {
      name: 'Brunch',
      imageUrl: afterworkImage,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ id: category.id, name: 'Brunch', imageUrl: afterworkImage });
    expect(await eventById(event.id)).toMatchObject({
      categoryId: category.id,
      category: 'Brunch',
      imageUrl: afterworkImage,
    });
    expect((await list()).find((c) => c.id === category.id)?.name).toBe('Brunch');
  });

  it('deletes a category; its events stay, without category, with their copied name and image', async () => {
    const category = await createCategory('Visite', conferenceImage);
    const event = await insertEvent(category, "Visite d'usine");
    const res = await admin.delete(`/api/admin/event-categories/${category.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });
    expect((await list()).some((c) => c.id === category.id)).toBe(false);
    expect(await eventById(event.id)).toMatchObject({
      categoryId: null,
      category: 'Visite',
      imageUrl: conferenceImage,
    });
    // Gone: a second delete or an edit is a 404.
    expect((await admin.delete(`/api/admin/event-categories/${category.id}`)).statusCode).toBe(404);
  });

  it('answers 404 to an unknown or malformed id', async () => {
    const body = { name: 'Fantôme', imageUrl: atelierImage };
    for (const id of ['00000000-0000-4000-8000-000000000000', 'pas-un-id']) {
      const edit = await admin.put(`/api/admin/event-categories/${id}`, body);
      expect(edit.statusCode, id).toBe(404);
      expect(edit.json().error.message).toBe(eventCategoryMessages.notFound);
      expect((await admin.delete(`/api/admin/event-categories/${id}`)).statusCode, id).toBe(404);
    }
    expect(await rowsNamed('Fantôme')).toEqual([]);
  });
});

describe('uploaded images', () => {
  it('stores an upload as WebP of 1200 px at most, and uses it for a category', async () => {
    const res = await upload(admin, { body: await png(), filename: 'afterwork.png', type: 'image/png' });
    expect(res.statusCode).toBe(200);
    const { url } = res.json();
    expect(url).toMatch(/^\/storage\/event-category-images\/[A-Za-z0-9_-]+\.webp$/);
    const metadata = await sharp(fs.readFileSync(storedFile(url))).metadata();
    expect(metadata.format).toBe('webp');
    expect([metadata.width, metadata.height]).toEqual([1200, 675]);

    const created = await admin.post('/api/admin/event-categories', { name: 'Gala', imageUrl: url });
    expect(created.statusCode).toBe(201);
    expect(created.json().imageUrl).toBe(url);
    expect((await visitor.get(url)).statusCode).toBe(200);
  });

  it('refuses a file that is not an image (SVG, text), storing nothing', async () => {
    const bucket = path.join(uploadsDir, 'event-category-images');
    const before = fs.existsSync(bucket) ? fs.readdirSync(bucket) : [];
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    for (const file of [
      { body: svg, filename: 'image.svg', type: 'image/svg+xml' },
      { body: Buffer.from('pas une image'), filename: 'image.png', type: 'image/png' },
    ]) {
      const res = await upload(admin, file);
      expect(res.statusCode, file.filename).toBe(415);
      expect(res.json().error.message).toBe(profileMessages.notAnImage);
    }
    expect(fs.existsSync(bucket) ? fs.readdirSync(bucket) : []).toEqual(before);
  });

  it('deletes the uploaded file a category no longer shows, and keeps one its events still show', async () => {
    const first = (await upload(admin, { body: await png(), filename: 'a.png', type: 'image/png' })).json().url;
    const category = await createCategory('Soirée', first);
    const second = (await upload(admin, { body: await png(800, 800), filename: 'b.png', type: 'image/png' })).json()
      .url;
    const edit = await admin.put(`/api/admin/event-categories/${category.id}`, { name: 'Soirée', imageUrl: second });
    expect(edit.statusCode).toBe(200);
    expect(fs.existsSync(storedFile(first))).toBe(false);
    expect(fs.existsSync(storedFile(second))).toBe(true);

    // Deleting the category: its event keeps the copied image, so the file stays.
    const event = await insertEvent({ ...category, imageUrl: second }, 'Soirée de gala');
    expect((await admin.delete(`/api/admin/event-categories/${category.id}`)).statusCode).toBe(200);
    expect((await eventById(event.id))?.imageUrl).toBe(second);
    expect(fs.existsSync(storedFile(second))).toBe(true);

    // A category with no event: its uploaded image goes with it.
    const third = (await upload(admin, { body: await png(), filename: 'c.png', type: 'image/png' })).json().url;
    const lonely = await createCategory('Éphémère', third);
    expect((await admin.delete(`/api/admin/event-categories/${lonely.id}`)).statusCode).toBe(200);
    expect(fs.existsSync(storedFile(third))).toBe(false);
  });
});
