// /events is served with the first page of both lists written in (issue 20, decision 0013): a
// visitor reads the events before any script, and the page hydrates with the same pages as JSON.
// The web build is stood in for: a prerendered page with the two loading regions the board
// renders, and a renderer module where the build writes it (build/ssr/events-list.js).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { SERVED_EVENTS_ID } from '@synergie/shared/served-events';
import { eq } from 'drizzle-orm';
import { DomUtils, parseDocument } from 'htmlparser2';
import { afterAll, describe, expect, it } from 'vitest';
import { eventRegistrations, events } from '../src/db/schema';
import { parisNow } from '../src/domain/events/clock';
import { createTestApp } from './helpers/app';
import { client, signUp } from './helpers/auth';

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'synergie-events-page-'));
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));
const webDir = path.join(root, 'client');
const rendererFile = path.join(root, 'ssr', 'events-list.js');

const loader = 'window.__reactRouterContext = {"ssr":false};';
const region = (when: string) =>
  `<div role="status" aria-live="polite" aria-busy="true" data-liste-servie="${when}"><span class="sr-only">Chargement des événements…</span><ul aria-hidden="true"><li></li><li></li></ul></div>`;
const prerendered = [
  '<!doctype html><html lang="fr"><head><meta charset="utf-8"/><title>Événements</title></head><body>',
  '<main><h2>Événements à venir</h2>',
  region('upcoming'),
  '<h2>Événements passés</h2>',
  region('past'),
  `</main><script>${loader}</script><script type="module" src="/assets/entry.js"></script></body></html>`,
].join('');
fs.mkdirSync(path.join(webDir, 'events'), { recursive: true });
fs.writeFileSync(path.join(webDir, 'events', 'index.html'), prerendered);
fs.writeFileSync(path.join(webDir, '__spa-fallback.html'), '<!doctype html><html><body></body></html>');
fs.mkdirSync(path.dirname(rendererFile), { recursive: true });
// The real one renders the board's components (apps/web/app/ssr/events-list.tsx, checked in the
// browser by e2e/events.e2e.ts); this one writes what it was given, escaped, and fails on demand.
fs.writeFileSync(
  rendererFile,
  `const escape = (s) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
export function renderEventList(when, page) {
  if (page.events.some((e) => e.title === 'Panne du rendu')) throw new Error('renderer failed');
  return '<ul aria-label="' + when + '">' + page.events.map((e) => '<li data-registered="' + e.isRegistered + '">' + escape(e.title) + '</li>').join('') + '</ul>';
}
`,
);

const t = await createTestApp({ webDir });
const db = t.database.db;

function dayFromToday(days: number): string {
  const [y, m, d] = parisNow().date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

const organizer = await signUp(t, { name: 'Claire Martin' });
async function storeEvent(title: string, days: number) {
  const [row] = await db
    .insert(events)
    .values({ organizerId: organizer.userId, title, date: dayFromToday(days), time: '18:30', location: 'Lyon' })
    .returning({ id: events.id });
  return row?.id as string;
}

/** The page as a browser receives it, decompressed, and what it holds. */
async function eventsPage(as = client(t)) {
  const res = await t.app.inject({
    method: 'GET',
    url: '/events',
    headers: { 'accept-encoding': 'br', cookie: as.jar.header() },
  });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-encoding']).toBe('br');
  const html = brotliDecompressSync(res.rawPayload).toString('utf8');
  const document = parseDocument(html);
  const list = (when: string) =>
    DomUtils.findAll(
      (el) =>
        el.name === 'li' &&
        (el.parent as { attribs?: Record<string, string> } | null)?.attribs?.['aria-label'] === when,
      document.children,
    ).map((li) => DomUtils.textContent(li));
  const data = DomUtils.findOne((el) => el.attribs.id === SERVED_EVENTS_ID, document.children, true);
  const scripts = DomUtils.findAll((el) => el.name === 'script', document.children);
  return {
    res,
    html,
    upcoming: list('upcoming'),
    past: list('past'),
    served: data ? JSON.parse(DomUtils.textContent(data)) : undefined,
    scripts,
  };
}

const future = await storeEvent('Afterwork des artisans', 20);
await storeEvent('Petit-déjeuner des notaires', 5);
await storeEvent('Conférence passée', -3);

describe('/events with its lists written in', () => {
  it('writes both first pages where the loading regions were, and the same pages as JSON, which the API answers a visitor', async () => {
    const page = await eventsPage();
    expect(page.upcoming).toEqual(['Petit-déjeuner des notaires', 'Afterwork des artisans']);
    expect(page.past).toEqual(['Conférence passée']);
    expect(page.html).not.toContain('aria-busy');
    expect(page.html).not.toContain('data-liste-servie');
    const api = async (when: string) => (await client(t).get(`/api/events?when=${when}`)).json();
    expect(page.served).toEqual({ upcoming: await api('upcoming'), past: await api('past') });
    // Nothing else moved: the page's own scripts and its CSP (the JSON is data, not a script).
    expect(page.html).toContain(`<script>${loader}</script>`);
    expect(page.res.headers['content-security-policy']).toMatch(/script-src[^;]*'sha256-/);
    expect(page.res.headers['cache-control']).toBe('no-cache');
  });

  it('is a visitor’s view for a member too: nobody’s registrations are written in the page', async () => {
    const member = await signUp(t, { name: 'Paul Durand' });
    await db.insert(eventRegistrations).values({ eventId: future, userId: member.userId });
    const mine = (await member.get('/api/events')).json().events.find((e: { id: string }) => e.id === future);
    expect(mine.isRegistered).toBe(true);
    const page = await eventsPage(member);
    expect(page.html).not.toContain('data-registered="true"');
    const served = page.served.upcoming.events.find((e: { id: string }) => e.id === future);
    expect(served).toMatchObject({ isRegistered: false, isOwn: false, attendeesCount: 1 });
  });

  it('keeps a title that would close the script or open a tag as text', async () => {
    const hostile = '</script><script>alert(1)</script><img src=x onerror=alert(2)>';
    const id = await storeEvent(hostile, 2);
    const page = await eventsPage();
    expect(page.upcoming[0]).toBe(hostile);
    expect(page.served.upcoming.events[0].title).toBe(hostile);
    expect(page.scripts).toHaveLength(3); // the loader, the entry, the JSON: nothing injected
    expect(page.html).not.toContain('<img src=x');
    await db.delete(events).where(eq(events.id, id));
  });

  it('serves the prerendered page as it is when the renderer cannot even be loaded', async () => {
    const brokenRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'synergie-events-broken-'));
    try {
      fs.cpSync(webDir, path.join(brokenRoot, 'client'), { recursive: true });
      fs.mkdirSync(path.join(brokenRoot, 'ssr'));
      // A deployment without a package the renderer imports.
      fs.writeFileSync(
        path.join(brokenRoot, 'ssr', 'events-list.js'),
        "import 'paquet-absent-du-deploiement';\nexport const renderEventList = () => '';\n",
      );
      const broken = await createTestApp({ webDir: path.join(brokenRoot, 'client'), database: t.database });
      for (let i = 0; i < 2; i += 1) {
        const res = await broken.app.inject({ method: 'GET', url: '/events' });
        expect(res.statusCode).toBe(200);
        expect(res.body).toBe(prerendered);
      }
    } finally {
      fs.rmSync(brokenRoot, { recursive: true, force: true });
    }
  });

  it('serves the prerendered page as it is when the lists cannot be written (its scripts load them)', async () => {
    const id = await storeEvent('Panne du rendu', 1);
    const page = await eventsPage();
    expect(page.html).toBe(prerendered);
    expect(page.served).toBeUndefined();
    await db.delete(events).where(eq(events.id, id));
    expect((await eventsPage()).upcoming).toHaveLength(2);
  });
});
