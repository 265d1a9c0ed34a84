// The home page's testimonials (issue 31): approved ones from the database, one per member and
// per author, written into the served `/` by the web app's renderer and given as JSON for the
// page to hydrate with (as /events' lists, decision 0013). The web build is stood in for: a
// prerendered `/` with the region the page leaves, and a renderer where the build writes it.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { HOME_TESTIMONIAL_CHARS } from '@synergie/shared';
import { SERVED_TESTIMONIALS_ID } from '@synergie/shared/served-events';
import { DomUtils, parseDocument } from 'htmlparser2';
import { afterAll, describe, expect, it } from 'vitest';
import { profiles, testimonials } from '../src/db/schema';
import { quoteExcerpt } from '../src/domain/testimonials';
import { createTestApp } from './helpers/app';
import { client } from './helpers/auth';
import { insertMembers } from './helpers/members';

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'synergie-home-testimonials-'));
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));
const webDir = path.join(root, 'client');
const prerendered =
  '<!doctype html><html lang="fr"><head><meta charset="utf-8"/><title>Accueil</title></head><body>' +
  '<main><h1>Synergie Pro</h1><div hidden="" data-temoignages-servis=""></div><p>Fin</p></main>' +
  '<script type="module" src="/assets/entry.js"></script></body></html>';
fs.mkdirSync(webDir, { recursive: true });
fs.writeFileSync(path.join(webDir, 'index.html'), prerendered);
fs.writeFileSync(path.join(webDir, '__spa-fallback.html'), '<!doctype html><html><body></body></html>');
fs.mkdirSync(path.join(root, 'ssr'), { recursive: true });
// The real one renders HomeTestimonialsList (checked in the browser by e2e/social.e2e.ts); this
// one writes what it was given, escaped.
fs.writeFileSync(
  path.join(root, 'ssr', 'home-testimonials.js'),
  `const escape = (s) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
export function renderHomeTestimonials(data) {
  return '<ul id="temoignages">' + data.testimonials.map((t) => '<li>' + escape(t.author.name) + ' → ' + escape(t.member.name) + ' : ' + escape(t.body) + '</li>').join('') + '</ul>';
}
`,
);

const t = await createTestApp({ webDir });
const db = t.database.db;

/** `/` as a browser receives it, and what it holds. */
async function homePage() {
  const res = await t.app.inject({ method: 'GET', url: '/', headers: { 'accept-encoding': 'br' } });
  expect(res.statusCode).toBe(200);
  const html = brotliDecompressSync(res.rawPayload).toString('utf8');
  const document = parseDocument(html);
  const items = DomUtils.findAll((el) => el.name === 'li', document.children).map((li) => DomUtils.textContent(li));
  const data = DomUtils.findOne((el) => el.attribs.id === SERVED_TESTIMONIALS_ID, document.children, true);
  return { html, items, served: data ? JSON.parse(DomUtils.textContent(data)) : undefined };
}

const [ana, bruno, chloe, david, emma] = (await insertMembers(t, 5, [
  { fullName: 'Ana Auteur' },
  { fullName: 'Bruno Sujet' },
  { fullName: 'Chloé Sujet' },
  { fullName: 'David Auteur' },
  { fullName: 'Emma Sujet' },
])) as [string, string, string, string, string];
const day = (n: number) => new Date(Date.UTC(2026, 10, n, 9));

describe('the home page’s testimonials', () => {
  it('writes nothing but an empty list when none is published, and never a pending or declined one', async () => {
    await db.insert(testimonials).values([
      { authorId: ana, subjectId: bruno, body: 'En attente.', status: 'pending' },
      { authorId: david, subjectId: bruno, body: 'Refusé.', status: 'declined', decidedAt: day(2) },
    ]);
    const page = await homePage();
    expect(page.items).toEqual([]);
    expect(page.served).toEqual({ testimonials: [] });
    expect(page.html).not.toContain('data-temoignages-servis');
    expect(page.html).toContain('<p>Fin</p>');
  });

  it('shows the latest approved ones, one per member and per author, photo first, as the API answers', async () => {
    await db.delete(testimonials);
    await db.insert(testimonials).values([
      { authorId: ana, subjectId: bruno, body: 'Ana sur Bruno.', status: 'approved', decidedAt: day(3) },
      { authorId: ana, subjectId: chloe, body: 'Ana sur Chloé.', status: 'approved', decidedAt: day(5) },
      { authorId: david, subjectId: chloe, body: 'David sur Chloé.', status: 'approved', decidedAt: day(4) },
      { authorId: david, subjectId: emma, body: 'David sur Emma.', status: 'approved', decidedAt: day(6) },
      {
        authorId: chloe,
        subjectId: emma,
        body: 'Chloé sur Emma, <script>alert(1)</script>',
        status: 'approved',
        decidedAt: day(1),
      },
    ]);
    // David has a photo: his testimonial comes first.
    const { eq } = await import('drizzle-orm');
    await db
      .update(profiles)
      .set({ avatarUrl: `/storage/avatars/${david}/a.webp` })
      .where(eq(profiles.userId, david));
    const api = (await client(t).get('/api/testimonials/featured')).json();
    // By member, photo first then the latest: Bruno ← Ana (3); Chloé ← David (4, photo) over Ana
    // (5); Emma ← David (6, photo) over Chloé (1). By author, the latest: Ana → Bruno; David →
    // Emma (6) over Chloé (4). Then photo first: David's, then Ana's.
    expect(api.testimonials.map((x: { body: string }) => x.body)).toEqual(['David sur Emma.', 'Ana sur Bruno.']);
    expect(api.testimonials[0]).toMatchObject({
      author: { name: 'David Auteur', avatarUrl: `/storage/avatars/${david}/a.webp` },
      member: { userId: emma, name: 'Emma Sujet' },
    });
    // The visitor cache keeps the answer 2 s: the page may read the one before the photo.
    await new Promise((resolve) => setTimeout(resolve, 2100));
    const page = await homePage();
    expect(page.items).toEqual([
      'David Auteur → Emma Sujet : David sur Emma.',
      'Ana Auteur → Bruno Sujet : Ana sur Bruno.',
    ]);
    expect(page.served).toEqual((await client(t).get('/api/testimonials/featured')).json());
  });

  it('cuts a long quote at a word, with …', () => {
    const long = `${'Un partenaire fiable et disponible. '.repeat(20)}Fin.`;
    const cut = quoteExcerpt(long);
    expect(cut.length).toBeLessThanOrEqual(HOME_TESTIMONIAL_CHARS);
    expect(cut.endsWith('…')).toBe(true);
    expect(long.startsWith(cut.slice(0, -1))).toBe(true);
    expect(cut).not.toMatch(/\s…$/);
    expect(quoteExcerpt('Court.')).toBe('Court.');
  });
});
