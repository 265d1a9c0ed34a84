// /groupes/{slug} is rendered in the browser, yet the HTML the server sends carries the group's
// own head (title, description, canonical URL, Open Graph, JSON-LD), and /sitemap.xml lists every
// group: the acquisition page of network-core §2 must be found by search engines.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { pageTitle } from '@synergie/shared';
import { asc, count, eq } from 'drizzle-orm';
import { decodeHTMLAttribute } from 'entities';
import { afterAll, describe, expect, it } from 'vitest';
import { groupMembers, groups, trades, user } from '../src/db/schema';
import { findGroupSeo } from '../src/domain/groups/group-seo';
import { parseHead } from '../src/lib/html-head';
import { createTestApp } from './helpers/app';

const SITE = 'https://www.synergie-pro.fr';

// A small stand-in for the web build, its SPA shell carrying a head of its own to be replaced.
const webDir = fs.mkdtempSync(path.join(os.tmpdir(), 'synergie-web-'));
const inlineScript = 'window.__reactRouterContext = {"ssr":false,"isSpaMode":true};';
const shell = [
  '<!doctype html><html lang="fr"><head><meta charset="utf-8"/>',
  '<meta name="viewport" content="width=device-width, initial-scale=1"/>',
  '<title>Chargement</title><meta name="description" content="Description du shell"/>',
  '<link rel="canonical" href="https://www.synergie-pro.fr/shell"/>',
  '<meta property="og:title" content="Shell"/><meta name="twitter:title" content="Shell"/>',
  '<script type="application/ld+json">{"@type":"Thing"}</script>',
  '<link rel="icon" href="/favicon.svg"/></head>',
  `<body><div id="app">Chargement</div><script>${inlineScript}</script>`,
  '<script type="module" src="/assets/entry.js"></script></body></html>',
].join('');
const files: Record<string, string> = {
  '__spa-fallback.html': shell,
  '__not-found/index.html':
    '<!doctype html><html lang="fr"><head><title>Page introuvable</title></head><body><h1>Page introuvable</h1></body></html>',
  'assets/entry.js': 'console.log(1)',
};
for (const [name, content] of Object.entries(files)) {
  fs.mkdirSync(path.dirname(path.join(webDir, name)), { recursive: true });
  fs.writeFileSync(path.join(webDir, name), content);
}
afterAll(() => fs.rmSync(webDir, { recursive: true, force: true }));

const t = await createTestApp({ webDir, env: { SITE_URL: SITE } });
const db = t.database.db;

const tradeCount = Number((await db.select({ n: count() }).from(trades))[0]?.n);

async function createGroup(values: Partial<typeof groups.$inferInsert> & { slug: string; name: string }) {
  const [row] = await db
    .insert(groups)
    .values({
      city: 'Lyon',
      departmentCode: '69',
      region: 'Auvergne-Rhône-Alpes',
      description: 'Le groupe des entrepreneurs de la Confluence.',
      meetingPlace: '12 cours Charlemagne, 69002 Lyon',
      meetingRhythm: 'weekly',
      meetingWeekday: 2,
      meetingTime: '07:00',
      ...values,
    })
    .returning();
  if (!row) throw new Error('group not stored');
  return row;
}

/** `n` members on the first `n` trades of the catalogue (the trigger counts them). */
async function addMembers(groupId: string, n: number, prefix: string) {
  const catalogue = await db.select({ id: trades.id }).from(trades).orderBy(asc(trades.slug)).limit(n);
  for (const [i, trade] of catalogue.entries()) {
    const id = `${prefix}-${i}`;
    await db.insert(user).values({ id, name: `Membre ${i}`, email: `${id}@exemple.fr`, emailVerified: true });
    await db.insert(groupMembers).values({ groupId, userId: id, tradeId: trade.id });
  }
}

const lyon = await createGroup({ slug: 'lyon-confluence', name: 'Synergie Pro Lyon Confluence' });
await addMembers(lyon.id, 12, 'lyon');
const hostile = await createGroup({
  slug: 'les-pros',
  name: 'Les <Pros> & "Amis" </title><script>alert(1)</script>',
  city: 'Saint-Denis <b>',
  departmentCode: '93',
  region: 'Île-de-France',
  description: '</script><script>alert("ld")</script><!-- \u2028 &',
  meetingPlace: '1 rue "du Port" <i>',
  meetingRhythm: 'biweekly',
  meetingWeekday: 5,
  meetingTime: '08:00',
});

/** The <head> of an HTML body. */
const headOf = (html: string) => html.slice(0, html.indexOf('</head>') + '</head>'.length);
const jsonLd = (html: string) => {
  const blocks = [...headOf(html).matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)];
  expect(blocks).toHaveLength(1);
  return { raw: blocks[0]?.[1] as string, data: JSON.parse(blocks[0]?.[1] as string) };
};
/** The description as a browser reads it (parseHead would fold its no-break spaces). */
const description = (html: string) =>
  decodeHTMLAttribute(/<meta name="description" content="([^"]*)"\/>/.exec(headOf(html))?.[1] ?? '');
const occurrences = (html: string, re: RegExp) => (html.match(re) ?? []).length;

/** Counts the SQL statements the database driver receives while `run` goes on. */
async function countQueries(run: () => Promise<unknown>): Promise<number> {
  const driver = (db as unknown as { $client: { query: (...args: unknown[]) => unknown } }).$client;
  const original = driver.query;
  let queries = 0;
  driver.query = function (this: unknown, ...args: unknown[]) {
    queries += 1;
    return original.apply(this, args);
  };
  try {
    await run();
  } finally {
    driver.query = original;
  }
  return queries;
}

describe('the head of /groupes/{slug} in the served HTML', () => {
  it("writes the group's title, description, canonical URL and Open Graph data in place of the shell's", async () => {
    const res = await t.app.inject('/groupes/lyon-confluence');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.headers['cache-control']).toBe('no-cache');
    const head = headOf(res.body);
    const title = pageTitle('Synergie Pro Lyon Confluence', 'Synergie Pro');
    expect(title).toBe('Synergie Pro Lyon Confluence | Synergie Pro - Réseau d’Affaires Multi-Métiers');
    const parsed = parseHead(res.body, new URL(`${SITE}/groupes/lyon-confluence`));
    expect(parsed.title).toBe(title);
    const nbsp = '\u00a0';
    const open = tradeCount - 12;
    expect(description(res.body)).toBe(
      `Groupe d'affaires à Lyon (69, Auvergne-Rhône-Alpes), un professionnel par métier. Tous les mardis à 7${nbsp}h${nbsp}00. 12 membres, ${open} sièges libres\u202f: postulez pour le vôtre.`,
    );
    // The shell's own tags are gone: one of each.
    expect(occurrences(head, /<title>/g)).toBe(1);
    expect(occurrences(head, /name="description"/g)).toBe(1);
    expect(occurrences(head, /rel="canonical"/g)).toBe(1);
    expect(occurrences(head, /property="og:title"/g)).toBe(1);
    expect(occurrences(head, /name="twitter:title"/g)).toBe(1);
    expect(head).not.toContain('Chargement');
    expect(head).not.toContain('Description du shell');
    expect(head).toContain(`<link rel="canonical" href="${SITE}/groupes/lyon-confluence"/>`);
    expect(head).toContain(`<meta property="og:url" content="${SITE}/groupes/lyon-confluence"/>`);
    expect(head).toContain('<meta property="og:title" content="Synergie Pro Lyon Confluence | Synergie Pro');
    expect(head).toContain('<meta property="og:description" content="Groupe d\'affaires à Lyon (69');
    expect(head).toContain(`<meta property="og:image" content="${SITE}/images/og-default.png"/>`);
    // The rest of the shell is untouched: charset, viewport, icon, the app and its scripts.
    expect(head).toContain('<meta charset="utf-8"/>');
    expect(head).toContain('<link rel="icon" href="/favicon.svg"/>');
    expect(res.body).toContain('<div id="app">Chargement</div>');
    expect(res.body).toContain(`<script>${inlineScript}</script>`);
  });

  it('describes the group as a schema.org Organization with its address and area served', async () => {
    const res = await t.app.inject('/groupes/lyon-confluence');
    const { data } = jsonLd(res.body);
    expect(data).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'Organization',
      name: 'Synergie Pro Lyon Confluence',
      url: `${SITE}/groupes/lyon-confluence`,
      description: 'Le groupe des entrepreneurs de la Confluence.',
      address: {
        '@type': 'PostalAddress',
        addressLocality: 'Lyon',
        addressRegion: 'Auvergne-Rhône-Alpes',
        addressCountry: 'FR',
      },
      areaServed: { '@type': 'City', name: 'Lyon' },
      location: { '@type': 'Place', address: '12 cours Charlemagne, 69002 Lyon' },
      parentOrganization: { '@type': 'Organization', name: 'Synergie Pro', url: SITE },
    });
  });

  it("keeps the shell's CSP: the inline scripts' hashes still match and JSON-LD needs none", async () => {
    const group = await t.app.inject('/groupes/lyon-confluence');
    const plain = await t.app.inject('/profile');
    expect(plain.statusCode).toBe(200);
    const csp = String(group.headers['content-security-policy']);
    expect(csp).toBe(String(plain.headers['content-security-policy']));
    const hash = createHash('sha256').update(inlineScript).digest('base64');
    const scriptSrc = csp.split(';').find((d) => d.trim().startsWith('script-src')) ?? '';
    expect(scriptSrc).toContain(`'sha256-${hash}'`);
    expect(scriptSrc.match(/sha256-/g)).toHaveLength(1);
    expect(scriptSrc).not.toContain('unsafe-inline');
    // Every inline script of the page other than JSON-LD is one the CSP lists.
    for (const match of group.body.matchAll(/<script(?![^>]*\bsrc=)([^>]*)>([\s\S]*?)<\/script>/g)) {
      if (/application\/ld\+json/.test(match[1] ?? '')) continue;
      const digest = createHash('sha256')
        .update(match[2] ?? '')
        .digest('base64');
      expect(scriptSrc).toContain(`'sha256-${digest}'`);
    }
  });

  it('escapes every value: names, cities, descriptions and places cannot break out of their tag', async () => {
    const res = await t.app.inject('/groupes/les-pros');
    expect(res.statusCode).toBe(200);
    const head = headOf(res.body);
    // Nothing the group's texts hold becomes markup.
    expect(res.body).not.toContain('<script>alert');
    expect(res.body).not.toContain('<b>');
    expect(res.body).not.toContain('<i>');
    expect(res.body).not.toContain('<!--');
    expect(occurrences(head, /<title>/g)).toBe(1);
    expect(occurrences(head, /<\/title>/g)).toBe(1);
    expect(head).toContain(
      '<title>Les &lt;Pros&gt; &amp; "Amis" &lt;/title&gt;&lt;script&gt;alert(1)&lt;/script&gt; |',
    );
    expect(head).toContain('content="Groupe d\'affaires à Saint-Denis &lt;b&gt; (93, Île-de-France)');
    // Read back as a browser reads it, each value is the group's text exactly.
    const parsed = parseHead(res.body, new URL(`${SITE}/groupes/les-pros`));
    expect(parsed.title).toBe(pageTitle(hostile.name, 'Synergie Pro'));
    expect(description(res.body)).toContain('Saint-Denis <b> (93, Île-de-France)');
    expect(description(res.body)).toContain('Un vendredi sur deux à 8\u00a0h\u00a000.');
    expect(description(res.body)).toContain('0 membre, ');
    const { raw, data } = jsonLd(res.body);
    expect(raw).not.toMatch(/[<>&\u2028]/);
    expect(raw).toContain('\\u003c/script\\u003e');
    expect(data.name).toBe(hostile.name);
    expect(data.description).toBe(hostile.description);
    expect(data.location.address).toBe('1 rue "du Port" <i>');
  });

  it('says a full group is full', async () => {
    const full = await createGroup({ slug: 'groupe-complet', name: 'Synergie Pro Complet' });
    await db.update(groups).set({ activeMembers: 50 }).where(eq(groups.id, full.id));
    const res = await t.app.inject('/groupes/groupe-complet');
    expect(description(res.body)).toContain(
      '50 membres, groupe complet\u202f: voyez les groupes voisins où le siège de votre métier est libre.',
    );
  });

  it('answers an unknown group, or a path no group can have, with the 404 page and status 404', async () => {
    for (const url of [
      '/groupes/inconnu',
      '/groupes/Lyon-Confluence',
      '/groupes/lyon--confluence',
      `/groupes/${'a'.repeat(81)}`,
      '/groupes/lyon-confluence/membres',
    ]) {
      const res = await t.app.inject(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.body, url).toContain('<h1>Page introuvable</h1>');
      expect(res.body, url).not.toContain('Synergie Pro Lyon Confluence');
    }
    // A slug that cannot be a group's costs no query.
    expect(await countQueries(() => t.app.inject('/groupes/%3Cscript%3E'))).toBe(0);
  });

  it('costs one query, whatever the number of members, and answers HEAD and a trailing slash', async () => {
    expect(await countQueries(() => t.app.inject('/groupes/lyon-confluence'))).toBe(1);
    expect(await countQueries(() => t.app.inject('/groupes/inconnu'))).toBe(1);
    expect((await t.app.inject('/groupes/lyon-confluence/')).statusCode).toBe(200);
    const head = await t.app.inject({ method: 'HEAD', url: '/groupes/lyon-confluence' });
    expect(head.statusCode).toBe(200);
    expect((await t.app.inject({ method: 'HEAD', url: '/groupes/inconnu' })).statusCode).toBe(404);
  });

  it('compresses the page for browsers that accept br or gzip, with the same content', async () => {
    const plain = (await t.app.inject('/groupes/lyon-confluence')).body;
    const br = await t.app.inject({ url: '/groupes/lyon-confluence', headers: { 'accept-encoding': 'br, gzip' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toBe('accept-encoding');
    expect(brotliDecompressSync(br.rawPayload).toString('utf8')).toBe(plain);
    const gzip = await t.app.inject({ url: '/groupes/lyon-confluence', headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString('utf8')).toBe(plain);
  });

  it('reads the group with its open seats from the catalogue size', async () => {
    const seo = await findGroupSeo(db, 'lyon-confluence');
    expect(seo).toMatchObject({ name: 'Synergie Pro Lyon Confluence', activeMembers: 12, openSeats: tradeCount - 12 });
    expect(tradeCount).toBeGreaterThan(150);
    expect(await findGroupSeo(db, 'inconnu')).toBeNull();
  });
});

describe('/sitemap.xml', () => {
  it('lists /groupes and every group page, once, after the public pages', async () => {
    const res = await t.app.inject('/sitemap.xml');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/xml');
    const locs = [...res.body.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1]);
    expect(locs).toContain(`${SITE}/`);
    expect(locs).toContain(`${SITE}/contact`);
    const slugs = (await db.select({ slug: groups.slug }).from(groups)).map((g) => g.slug);
    expect(slugs.length).toBeGreaterThanOrEqual(3);
    for (const slug of slugs) expect(locs).toContain(`${SITE}/groupes/${slug}`);
    expect(locs.filter((l) => l === `${SITE}/groupes`)).toHaveLength(1);
    expect(new Set(locs).size).toBe(locs.length);
    // The groups come in one query, whatever their number.
    expect(await countQueries(() => t.app.inject('/sitemap.xml'))).toBe(1);
  });
});
