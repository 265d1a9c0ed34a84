import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { NETWORK_FIGURES_ID, type NetworkFigures } from '@synergie/shared';
import { afterAll, describe, expect, it } from 'vitest';
import { recommendations, subscriptions, user } from '../src/db/schema';
import { countNetworkFigures, networkFiguresCache, parisYearStart } from '../src/domain/network-figures';
import { fillNetworkFigures } from '../src/lib/network-figures-page';
import { createTestApp } from './helpers/app';
import { countQueries } from './helpers/db';
import { createGroup } from './helpers/groups';

// A stand-in web build: `/` and `/groupes` with the figures' block as the page prerenders it
// (components/network-figures.tsx: hidden, placeholders), /pricing without it.
const block =
  '<section data-chiffres-reseau="" hidden="" aria-labelledby="chiffres"><h2 id="chiffres">Le réseau en chiffres</h2>' +
  '<p><span data-chiffre="members">…</span></p><p><span data-chiffre="groups">…</span></p>' +
  '<p><span data-chiffre="business">…</span> <span data-chiffre="businessLabel">…</span></p>' +
  '<p data-chiffre="businessDefinition">…</p></section>';
const page = (body: string) =>
  `<!doctype html><html lang="fr"><head><title>Page</title></head><body><h1>Page</h1>${body}<script>window.__x = 1;</script></body></html>`;
const webDir = fs.mkdtempSync(path.join(os.tmpdir(), 'synergie-web-figures-'));
for (const [name, content] of Object.entries({
  'index.html': page(block),
  'groupes/index.html': page(block),
  'pricing/index.html': page('<p>Tarifs</p>'),
  '__spa-fallback.html': page(''),
})) {
  fs.mkdirSync(path.dirname(path.join(webDir, name)), { recursive: true });
  fs.writeFileSync(path.join(webDir, name), content);
}
afterAll(() => fs.rmSync(webDir, { recursive: true, force: true }));

const t = await createTestApp({ webDir });
const db = t.database.db;

async function account(status: string, values: Partial<typeof subscriptions.$inferInsert> = {}) {
  const id = randomUUID();
  await db.insert(user).values({ id, name: `Compte ${status}`, email: `${id}@chiffres.test` });
  await db
    .insert(subscriptions)
    .values({ userId: id, provider: 'demo', planId: 'monthly', status, providerUpdatedAt: new Date(), ...values });
  return id;
}

const won = (business: 'declared' | 'confirmed' | 'disputed', amountCents: number, answeredAt: string | null) => ({
  kind: 'for_you',
  heat: 3,
  status: 'won',
  amountCents,
  businessStatus: business,
  businessDeclaredAt: new Date('2026-01-01T00:00:00Z'),
  businessAnsweredAt: answeredAt ? new Date(answeredAt) : null,
});

// Members: an active and a trialing subscription count; a cancelled one, a past-due one and one
// cancelled at a period end already passed do not: 2.
await account('active');
await account('trialing');
await account('canceled');
await account('past_due');
await account('active', { cancelAtPeriodEnd: true, currentPeriodEnd: new Date('2026-05-01T00:00:00Z') });
// Groups: 3.
for (const city of ['Lyon', 'Nantes', 'Lille']) await createGroup(db, { city });
// Business confirmed in 2026 (Paris), counted on 15 June 2026: 1 000 € at 00:30 on 1 January in
// Paris and 200 € in March; not the 500 € of 23:30 on 31 December in Paris, a declared and a
// disputed one, nor one confirmed after the count.
await db
  .insert(recommendations)
  .values([
    won('confirmed', 100_000, '2025-12-31T23:30:00Z'),
    won('confirmed', 20_000, '2026-03-01T10:00:00Z'),
    won('confirmed', 50_000, '2025-12-31T22:30:00Z'),
    won('declared', 70_000, null),
    won('disputed', 30_000, '2026-02-01T10:00:00Z'),
    won('confirmed', 40_000, '2026-07-01T10:00:00Z'),
  ]);
const june = new Date('2026-06-15T12:00:00Z');

describe('the network figures', () => {
  it('starts the year at midnight in Paris', () => {
    expect(parisYearStart(june)).toEqual({ year: 2026, start: new Date('2025-12-31T23:00:00Z') });
    // 00:30 on 1 January 2027 in Paris is still 2026 in UTC.
    expect(parisYearStart(new Date('2026-12-31T23:30:00Z')).year).toBe(2027);
  });

  it('counts each figure as its definition says, in one query', async () => {
    let figures: NetworkFigures | undefined;
    const queries = await countQueries(db, async () => {
      figures = await countNetworkFigures(db, june);
    });
    expect(queries).toBe(1);
    expect(figures).toEqual({
      members: 2,
      groups: 3,
      businessCents: 120_000,
      year: 2026,
      countedAt: june.toISOString(),
    });
  });

  it('is counted at most once per period by an instance, concurrent requests sharing one count', async () => {
    let now = june.getTime();
    const cache = networkFiguresCache(db, 60_000, () => now);
    const queries = await countQueries(db, () => Promise.all([cache.get(), cache.get(), cache.get()]));
    expect(queries).toBe(1);
    const group = await createGroup(db, { city: 'Brest' });
    now += 59_000;
    expect((await cache.get()).groups).toBe(3);
    now += 1_000;
    expect((await cache.get()).groups).toBe(4);
    await db.execute(`delete from groups where id = '${group.id}'`);
  });

  it('writes the figures into the block and leaves a page without it as it was', () => {
    const figures = { members: 1234, groups: 1, businessCents: 123_456_789, year: 2026, countedAt: june.toISOString() };
    const html = fillNetworkFigures(page(block), figures);
    expect(html).toContain('<section data-chiffres-reseau="" aria-labelledby="chiffres">');
    expect(html).toContain('<span data-chiffre="members">1\u202f234 membres</span>');
    expect(html).toContain('<span data-chiffre="groups">1 groupe local</span>');
    expect(html).toContain('<span data-chiffre="business">1\u202f234\u202f568\u00a0€</span>');
    expect(html).toContain('<span data-chiffre="businessLabel">d’affaires confirmées en 2026 (HT)</span>');
    expect(html).toContain(
      `<script type="application/json" id="${NETWORK_FIGURES_ID}">${JSON.stringify(figures)}</script></body>`,
    );
    expect(fillNetworkFigures(page('<p>Tarifs</p>'), figures)).toBe(page('<p>Tarifs</p>'));
  });
});

describe('the served public pages', () => {
  it('show the figures in the HTML of / and /groupes, before any script', async () => {
    const year = Number(
      new Intl.DateTimeFormat('en', { timeZone: 'Europe/Paris', year: 'numeric' }).format(new Date()),
    );
    const counted = await countNetworkFigures(db);
    for (const url of ['/', '/groupes']) {
      const res = await t.app.inject(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.body).toContain('<section data-chiffres-reseau="" aria-labelledby="chiffres">');
      expect(res.body).toContain('<span data-chiffre="members">2 membres</span>');
      expect(res.body).toContain('<span data-chiffre="groups">3 groupes locaux</span>');
      expect(res.body).toContain(`<span data-chiffre="businessLabel">d’affaires confirmées en ${year} (HT)</span>`);
      expect(res.body).toContain(`id="${NETWORK_FIGURES_ID}"`);
      expect(counted.members).toBe(2);
    }
    const pricing = await t.app.inject('/pricing');
    expect(pricing.body).not.toContain(NETWORK_FIGURES_ID);
  });
});
