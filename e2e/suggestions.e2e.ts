import { randomBytes } from 'node:crypto';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectAccessible, useBrowser, waitForHydration } from './helpers/browser';
import { adminMember, signInPage } from './helpers/member';
import { api, seatWithPresident, tradeSubscriber } from './helpers/network';

/**
 * Suggestions that explain themselves and the network's public figures (issue 29) in Chromium,
 * on a desktop (1366 × 900) and on a phone (390 × 844, touch): a cordonnier whose trade won
 * business with a horloger is told to meet the horlogers not met yet, nearest first, and why; his
 * group is told which trade it lacks; a visitor reads the network's figures in the served page.
 * Trades no other end-to-end file uses, so the counts are this file's own.
 */

const { newPage } = useBrowser();
const DESKTOP = { width: 1366, height: 900 };
const PHONE = { width: 390, height: 844 };
const poll = <T>(fn: () => T | Promise<T>) => expect.poll(fn, { timeout: 15_000 });
const overflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

async function group(admin: Awaited<ReturnType<typeof adminMember>>, city: string) {
  const slug = `${city.toLowerCase()}-${randomBytes(3).toString('hex')}`;
  return api<{ id: string }>(admin, 'POST', '/api/admin/groups', {
    name: `Synergie Pro ${city} ${slug.slice(-6)}`,
    slug,
    city,
    departmentCode: '29',
    region: 'Bretagne',
    description: 'Les entrepreneurs du Finistère, un par métier.',
    meetingPlace: `Salle des fêtes, 29000 ${city}`,
    meetingRhythm: 'weekly',
    meetingWeekday: 3,
    meetingTime: '07:30',
  });
}

const tag = randomBytes(2).toString('hex');
const admin = await adminMember();
const quimper = await group(admin, 'Quimper');
const brest = await group(admin, 'Brest');
const me = await tradeSubscriber(`Corentin Cordonnier ${tag}`, 'Cordonnier', 'Quimper');
const neighbour = await tradeSubscriber(`Gaëlle Groupe ${tag}`, 'Horloger', 'Quimper');
await tradeSubscriber(`Hervé Horloger ${tag}`, 'Horloger', 'Quimper');
const sweep = await tradeSubscriber(`Rozenn Ramoneuse ${tag}`, 'Ramoneur', 'Brest');
await seatWithPresident(admin, quimper.id, [me, neighbour]);
await seatWithPresident(admin, brest.id, [sweep]);
// Business between the two trades: the cordonnier recommends the horlogère of his group, she wins
// it (1 200 €), he confirms. Then a recommendation received by the ramoneuse in Brest.
const given = await api<{ id: string }>(me, 'POST', '/api/recommendations', {
  receiverId: neighbour.id,
  kind: 'for_you',
  heat: 4,
});
await api(neighbour, 'POST', `/api/recommendations/${given.id}/status`, { status: 'won', amount: '1200' });
await api(me, 'POST', `/api/recommendations/${given.id}/business/answer`, {
  answer: 'confirm',
  seenAmountCents: 120_000,
});
await api(me, 'POST', '/api/recommendations', { receiverId: sweep.id, kind: 'for_you', heat: 2 });

describe('Suggestions that explain themselves', () => {
  it('proposes whom to meet, nearest first, and says why (desktop)', async () => {
    const page = await newPage({ viewport: DESKTOP });
    await signInPage(page, me);
    await page.goto('/tete-a-tete');
    const section = page.getByRole('region', { name: 'Qui rencontrer en tête-à-tête' });
    await poll(() => section.getByRole('listitem').filter({ hasText: tag }).count()).toBe(2);
    const names = await section.getByRole('link', { name: new RegExp(tag) }).allTextContents();
    // The horlogère of my group first, then the horloger of my city.
    expect(names).toEqual([`Gaëlle Groupe ${tag}`, `Hervé Horloger ${tag}`]);
    const card = section.getByRole('listitem').filter({ hasText: `Hervé Horloger ${tag}` });
    await card.getByText('Pourquoi\u202f?').click();
    await card.getByText('se sont passé 1 recommandation gagnée', { exact: false }).waitFor();
    expect(await card.getByText('1\u00a0200,00\u00a0€ HT', { exact: false }).count()).toBe(1);
    expect(await card.getByText('Proximité\u00a0: votre ville (Quimper).').count()).toBe(1);
    await expectAccessible(page);
  });

  it('tells the group which trades it lacks, with the figures, on a phone', async () => {
    const page = await newPage({ viewport: PHONE, touch: true });
    await signInPage(page, me);
    await page.goto('/mon-groupe');
    const section = page.getByRole('region', { name: 'Les métiers qui manquent à votre groupe' });
    await section.waitFor();
    const card = section.getByRole('listitem').filter({ hasText: 'Ramoneur' });
    await card.waitFor();
    await card.getByText('Pourquoi\u202f?').tap();
    await card
      .getByText('Le métier Ramoneur a reçu 1 recommandation sur les 12 derniers mois', { exact: false })
      .waitFor();
    expect(await card.getByText('Un membre de ce métier siège dans 1 groupe sur', { exact: false }).count()).toBe(1);
    expect(await overflow(page)).toBe(0);
    await expectAccessible(page);
  });
});

describe('The network figures in public', () => {
  for (const [name, viewport, touch] of [
    ['desktop', DESKTOP, false],
    ['phone', PHONE, true],
  ] as const) {
    it(`shows members, groups and business of the year on / and /groupes before any script (${name})`, async () => {
      for (const path of ['/', '/groupes']) {
        // Scripts off: what the server sent, visible, with its figures (a check of
        // "before hydration" on a scripted page races a fast hydration).
        const served = await newPage({ viewport, touch, javaScriptEnabled: false });
        await served.goto(path);
        const servedBlock = served.locator('[data-chiffres-reseau]');
        expect(await servedBlock.getAttribute('hidden')).toBeNull();
        expect(await servedBlock.locator('[data-chiffre="members"]').textContent()).toMatch(/^[\d\u202f]+ membres?$/);
        expect(await servedBlock.locator('[data-chiffre="groups"]').textContent()).toMatch(
          /^[\d\u202f]+ (groupe local|groupes locaux)$/,
        );
        expect(await servedBlock.locator('[data-chiffre="business"]').textContent()).toMatch(/^[\d\u202f]+\u00a0€$/);
        await served.close();
        const page = await newPage({ viewport, touch });
        await page.goto(path);
        const block = page.locator('[data-chiffres-reseau]');
        await waitForHydration(page);
        // Hydration keeps the served figures.
        expect(await block.getAttribute('hidden')).toBeNull();
        expect(await block.locator('[data-chiffre="members"]').textContent()).not.toBe('…');
        expect(await overflow(page)).toBe(0);
        await expectAccessible(page);
      }
    });
  }
});
