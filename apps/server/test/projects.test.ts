import fs from 'node:fs';
import path from 'node:path';
import { contentImageMessages, PROJECT_TAG_MAX, projectMessages } from '@synergie/shared';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { memberProjects, profiles } from '../src/db/schema';
import { createTestApp } from './helpers/app';
import { client, signUp } from './helpers/auth';
import { pngImage, uploadFile } from './helpers/upload';

const t = await createTestApp();
const db = t.database.db;
const uploadsDir = path.join(t.env.DATA_DIR, 'uploads');

type Member = Awaited<ReturnType<typeof signUp>>;

/** The project dialog as the browser sends it. */
const projectForm = (overrides: Record<string, unknown> = {}) => ({
  title: 'Refonte du site de la boulangerie',
  description: 'Un site vitrine avec commande en ligne.',
  category: 'Site vitrine',
  tags: ['Design', 'Commande en ligne', ''],
  projectUrl: 'boulangerie-martin.fr',
  imageUrl: '',
  ...overrides,
});

const rowOf = async (id: string) => (await db.select().from(memberProjects).where(eq(memberProjects.id, id)))[0];

async function uploadImage(member: Member): Promise<string> {
  const png = await pngImage(400, 300, { r: 10, g: 120, b: 60 });
  const res = await uploadFile(t, '/api/uploads/service-images', member, {
    body: png,
    filename: 'projet.png',
    type: 'image/png',
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().url as string;
}

/** The file on disk behind a public URL of the service-images bucket. */
const storedFile = (url: string) => {
  expect(url.startsWith('/storage/service-images/')).toBe(true);
  return path.join(uploadsDir, 'service-images', ...url.slice('/storage/service-images/'.length).split('/'));
};

async function subscribe(member: Member) {
  const url = new URL((await member.post('/api/billing/checkout', { planId: 'monthly' })).json().url);
  const done = await member.post('/api/billing/demo/complete', { session: url.searchParams.get('session') });
  expect(done.statusCode, done.body).toBe(200);
}

async function createProject(member: Member, overrides: Record<string, unknown> = {}) {
  const res = await member.post('/api/projects', projectForm(overrides));
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: string; [key: string]: unknown };
}

describe('creating a project', () => {
  it('refuses a visitor with 401 "Vous devez être connecté." and stores nothing', async () => {
    const before = (await db.select().from(memberProjects)).length;
    const visitor = client(t);
    const res = await visitor.post('/api/projects', projectForm());
    expect(res.statusCode).toBe(401);
    expect(res.json().error.message).toBe('Vous devez être connecté.');
    // Even with a body that would not validate: the session is checked first.
    const invalid = await visitor.post('/api/projects', { title: '' });
    expect(invalid.statusCode).toBe(401);
    expect(invalid.json().error.message).toBe(projectMessages.signInRequired);
    expect((await db.select().from(memberProjects)).length).toBe(before);
  });

  it('refuses a blank title with 400 "Le titre est requis."', async () => {
    const member = await signUp(t);
    for (const title of ['', '    ', undefined]) {
      const res = await member.post('/api/projects', projectForm({ title }));
      expect(res.statusCode).toBe(400);
      expect(res.json().error.message).toBe('Le titre est requis.');
      expect(res.json().error.fields).toMatchObject({ title: 'Le titre est requis.' });
    }
    const long = await member.post('/api/projects', projectForm({ title: 'x'.repeat(151) }));
    expect(long.statusCode).toBe(400);
    expect(long.json().error.message).toBe('Le titre ne peut pas dépasser 150 caractères');
    expect(await db.select().from(memberProjects).where(eq(memberProjects.userId, member.userId))).toHaveLength(0);
  });

  it('stores the project trimmed, with the owner name, and empty optional fields as null', async () => {
    const member = await signUp(t, { name: 'Claire Martin' });
    const full = await createProject(member, { title: '  Site de la boulangerie  ' });
    expect(full).toMatchObject({
      title: 'Site de la boulangerie',
      description: 'Un site vitrine avec commande en ligne.',
      category: 'Site vitrine',
      tags: ['Design', 'Commande en ligne'],
      projectUrl: 'https://boulangerie-martin.fr',
      imageUrl: null,
      userId: member.userId,
      ownerName: 'Claire Martin',
    });

    const bare = await createProject(member, {
      title: 'Projet minimal',
      description: '   ',
      category: '',
      tags: ['', '  ', ''],
      projectUrl: '  ',
      imageUrl: '',
    });
    expect(bare).toMatchObject({ description: null, category: null, tags: [], projectUrl: null, imageUrl: null });
    expect(await rowOf(bare.id)).toMatchObject({
      description: null,
      category: null,
      tags: [],
      projectUrl: null,
      imageUrl: null,
    });
    // Fields left out entirely are null too.
    const omitted = await member.post('/api/projects', { title: 'Seulement un titre' });
    expect(omitted.statusCode).toBe(201);
    expect(await rowOf(omitted.json().id)).toMatchObject({ description: null, category: null, tags: [] });
  });

  it('trims tags, splits them on commas, drops blanks and repeats, at most 3', async () => {
    const member = await signUp(t);
    const split = await createProject(member, { tags: ['  React , ', 'Node.js', ' react '] });
    expect(split.tags).toEqual(['React', 'Node.js']);
    expect((await rowOf(split.id))?.tags).toEqual(['React', 'Node.js']);

    const tooMany = await member.post('/api/projects', projectForm({ tags: ['a, b', 'c', 'd'] }));
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().error.message).toBe('3 tags maximum');
    const fourInputs = await member.post('/api/projects', projectForm({ tags: ['a', 'b', 'c', 'd'] }));
    expect(fourInputs.statusCode).toBe(400);
    const longTag = await member.post('/api/projects', projectForm({ tags: ['x'.repeat(PROJECT_TAG_MAX + 1)] }));
    expect(longTag.statusCode).toBe(400);
    expect(longTag.json().error.message).toBe(`Chaque tag ne peut pas dépasser ${PROJECT_TAG_MAX} caractères`);
  });

  it('prefixes https:// to a link without http, keeps http(s) links, refuses what is not a web link', async () => {
    const member = await signUp(t);
    expect((await createProject(member, { projectUrl: 'exemple.fr/projet' })).projectUrl).toBe(
      'https://exemple.fr/projet',
    );
    expect((await createProject(member, { projectUrl: 'http://exemple.fr' })).projectUrl).toBe('http://exemple.fr');
    expect((await createProject(member, { projectUrl: ' https://exemple.fr ' })).projectUrl).toBe('https://exemple.fr');
    for (const projectUrl of ['javascript:alert(1)', 'pas un lien']) {
      const res = await member.post('/api/projects', projectForm({ projectUrl }));
      expect(res.statusCode, projectUrl).toBe(400);
      expect(res.json().error.fields).toHaveProperty('projectUrl');
    }
  });

  it("accepts only an image the member uploaded, never another member's or another site's", async () => {
    const owner = await signUp(t);
    const other = await signUp(t);
    const url = await uploadImage(owner);
    const created = await createProject(owner, { imageUrl: url });
    expect(created.imageUrl).toBe(url);
    for (const imageUrl of [url, 'https://ailleurs.example/image.webp', '/storage/avatars/x/y.webp']) {
      const res = await other.post('/api/projects', projectForm({ imageUrl }));
      expect(res.statusCode, imageUrl).toBe(400);
      expect(res.json().error.message).toBe(contentImageMessages.invalid);
    }
  });
});

describe('listing projects', () => {
  it('lists everyone newest first, with the profile name of each owner, to visitors too', async () => {
    const alice = await signUp(t, { name: 'Alice Compte' });
    await db.update(profiles).set({ fullName: 'Alice Profil' }).where(eq(profiles.userId, alice.userId));
    const bob = await signUp(t, { name: 'Bob Bernard' });
    const first = await createProject(alice, { title: 'Premier' });
    const second = await createProject(bob, { title: 'Deuxième' });
    const res = await client(t).get('/api/projects');
    expect(res.statusCode).toBe(200);
    const ids = res.json().projects.map((p: { id: string }) => p.id);
    expect(ids.indexOf(second.id)).toBeLessThan(ids.indexOf(first.id));
    const byId = new Map(res.json().projects.map((p: { id: string }) => [p.id, p]));
    expect(byId.get(first.id)).toMatchObject({ ownerName: 'Alice Profil', title: 'Premier' });
    expect(byId.get(second.id)).toMatchObject({ ownerName: 'Bob Bernard' });
  });

  it('pages with limit and cursor, without gaps or repeats, and refuses a forged cursor', async () => {
    const member = await signUp(t);
    for (let i = 0; i < 5; i++) await createProject(member, { title: `Page ${i}` });
    const all = (await client(t).get('/api/projects?limit=100')).json().projects.map((p: { id: string }) => p.id);
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const query: string = cursor ? `&cursor=${cursor}` : '';
      const page = (await client(t).get(`/api/projects?limit=2${query}`)).json();
      expect(page.projects.length).toBeLessThanOrEqual(2);
      seen.push(...page.projects.map((p: { id: string }) => p.id));
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen).toEqual(all);
    expect((await client(t).get('/api/projects?cursor=abc')).statusCode).toBe(400);
    expect((await client(t).get('/api/projects?limit=0')).statusCode).toBe(400);
    expect((await client(t).get('/api/projects?limit=101')).statusCode).toBe(400);
  });

  it('/api/me/projects: 401 signed out, 403 SUBSCRIPTION_REQUIRED without a subscription, own projects with one', async () => {
    const member = await signUp(t);
    const other = await signUp(t);
    const older = await createProject(member, { title: 'Mon ancien projet' });
    const newer = await createProject(member, { title: 'Mon nouveau projet' });
    await createProject(other, { title: "Le projet d'un autre" });

    expect((await client(t).get('/api/me/projects')).statusCode).toBe(401);
    const refused = await member.get('/api/me/projects');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toEqual({
      code: 'SUBSCRIPTION_REQUIRED',
      message: 'Vous devez avoir un abonnement actif pour accéder à cette page',
    });

    await subscribe(member);
    const mine = await member.get('/api/me/projects');
    expect(mine.statusCode).toBe(200);
    expect(mine.json().projects.map((p: { id: string }) => p.id)).toEqual([newer.id, older.id]);
  });
});

describe('editing and deleting (owner only)', () => {
  it('the owner edits; another member gets 403, a visitor 401, and nothing changes', async () => {
    const owner = await signUp(t);
    const other = await signUp(t);
    const project = await createProject(owner);
    const before = await rowOf(project.id);

    const edit = projectForm({ title: 'Titre piraté', projectUrl: '' });
    const forbidden = await other.put(`/api/projects/${project.id}`, edit);
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json().error.message).toBe(projectMessages.notOwner);
    expect((await client(t).put(`/api/projects/${project.id}`, edit)).statusCode).toBe(401);
    expect(await rowOf(project.id)).toEqual(before);

    const res = await owner.put(`/api/projects/${project.id}`, projectForm({ title: 'Nouveau titre', category: '' }));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: project.id, title: 'Nouveau titre', category: null });
    expect(await rowOf(project.id)).toMatchObject({ title: 'Nouveau titre', category: null });

    const blank = await owner.put(`/api/projects/${project.id}`, projectForm({ title: '  ' }));
    expect(blank.statusCode).toBe(400);
    expect(blank.json().error.message).toBe('Le titre est requis.');
  });

  it('answers 404 for an unknown or malformed id', async () => {
    const member = await signUp(t);
    for (const id of ['00000000-0000-4000-8000-000000000000', 'pas-un-uuid', "1' or '1'='1"]) {
      const url = `/api/projects/${encodeURIComponent(id)}`;
      const put = await member.put(url, projectForm());
      expect(put.statusCode, id).toBe(404);
      expect(put.json().error.message).toBe(projectMessages.notFound);
      expect((await member.delete(url)).statusCode, id).toBe(404);
    }
  });

  it('another member cannot delete; the owner deletes the project and its image', async () => {
    const owner = await signUp(t);
    const other = await signUp(t);
    const url = await uploadImage(owner);
    const project = await createProject(owner, { imageUrl: url });
    expect(fs.existsSync(storedFile(url))).toBe(true);

    expect((await other.delete(`/api/projects/${project.id}`)).statusCode).toBe(403);
    expect((await client(t).delete(`/api/projects/${project.id}`)).statusCode).toBe(401);
    expect(await rowOf(project.id)).toBeDefined();
    expect(fs.existsSync(storedFile(url))).toBe(true);

    const res = await owner.delete(`/api/projects/${project.id}`);
    expect(res.statusCode).toBe(200);
    expect(await rowOf(project.id)).toBeUndefined();
    expect(fs.existsSync(storedFile(url))).toBe(false);
    expect((await owner.delete(`/api/projects/${project.id}`)).statusCode).toBe(404);
  });

  it('replacing or removing the image deletes the old one; keeping it keeps it', async () => {
    const owner = await signUp(t);
    const first = await uploadImage(owner);
    const project = await createProject(owner, { imageUrl: first });

    const kept = await owner.put(`/api/projects/${project.id}`, projectForm({ imageUrl: first, title: 'Même image' }));
    expect(kept.statusCode).toBe(200);
    expect(fs.existsSync(storedFile(first))).toBe(true);

    const second = await uploadImage(owner);
    const replaced = await owner.put(`/api/projects/${project.id}`, projectForm({ imageUrl: second }));
    expect(replaced.json().imageUrl).toBe(second);
    expect(fs.existsSync(storedFile(first))).toBe(false);
    expect(fs.existsSync(storedFile(second))).toBe(true);

    const removed = await owner.put(`/api/projects/${project.id}`, projectForm({ imageUrl: '' }));
    expect(removed.json().imageUrl).toBeNull();
    expect(fs.existsSync(storedFile(second))).toBe(false);
  });
});
