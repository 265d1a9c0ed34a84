import { randomBytes } from 'node:crypto';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectAccessible, useBrowser, waitForHydration } from './helpers/browser';
import { adminMember } from './helpers/member';
import { api, mailTo } from './helpers/network';

/**
 * The newcomer's first hour (issue 31; issue 28's "a new member signs up and is led to each next
 * step"), in Chromium on a phone (390 × 844, touch): from `Créer mon compte` to a seat
 * application in a group whose seat is free, following only what the screens say: the address
 * confirmed from the mail, `Vos premiers pas` on `Aujourd'hui`, the checkout in the same tab.
 */

const { newPage } = useBrowser();
const PHONE = { width: 390, height: 844 };
const poll = <T>(fn: () => T | Promise<T>, message?: string) => expect.poll(fn, { timeout: 15_000, message });
const steps = (page: Page) => page.getByRole('region', { name: 'Vos premiers pas' });
/** A step of the list, by its label: its text says its state. */
const step = (page: Page, label: string) => steps(page).getByRole('listitem').filter({ hasText: label });
/** Nothing is wider than the screen: no sideways scroll (a phone would zoom the page out). */
const overflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
const appNav = (page: Page) => page.getByRole('navigation', { name: 'Navigation de l’application' });

describe('the newcomer’s first hour, on a phone', () => {
  it('goes from `Créer mon compte` to a seat application, led by the screens', async () => {
    // A group of its own town, with every seat free (the plumber's among them).
    const admin = await adminMember();
    // Letters only: a town's name has no digits.
    const suffix = randomBytes(4)
      .toString('hex')
      .replace(/\d/g, (d) => 'ghijklmnop'[Number(d)] ?? 'x');
    const city = `Quimperlé-${suffix}`;
    const groupName = `Synergie Pro Quimperlé ${suffix}`;
    await api(admin, 'POST', '/api/admin/groups', {
      name: groupName,
      slug: `quimperle-${suffix}`,
      city,
      departmentCode: '29',
      region: 'Bretagne',
      description: 'Les entrepreneurs de la Laïta, un par métier.',
      meetingPlace: 'Hôtel de la Laïta, 29300 Quimperlé',
      meetingRhythm: 'weekly',
      meetingWeekday: 4,
      meetingTime: '07:00',
    });

    const page = await newPage({ viewport: PHONE, touch: true });
    const email = `yann.${Date.now()}@plomberie-laita.fr`;

    // 1. Sign up: `Aujourd'hui` and its six steps, not the marketing home page.
    await page.goto('/auth/inscription');
    await waitForHydration(page);
    await page.getByLabel('Nom complet', { exact: true }).fill('Yann Le Goff');
    await page.getByLabel('Email', { exact: true }).fill(email);
    await page.getByLabel('Mot de passe', { exact: true }).fill('Synergie2025');
    await page.getByRole('button', { name: 'Créer mon compte' }).tap();
    // The same answer for a new and an existing address (issue 33): the mail leads on.
    await page
      .getByText(/Consultez votre boîte de réception/)
      .first()
      .waitFor();
    await expectAccessible(page);

    // 2. The address, confirmed from the mail: `Adresse confirmée`, then the next step.
    const mail = await mailTo(email, (m) => m.template === 'verify-email', 'verification');
    const link = mail.text.match(/https?:\/\/\S+/)?.[0];
    if (!link) throw new Error('no link in the verification mail');
    await page.goto(link);
    await page.waitForURL((url) => url.pathname === '/aujourdhui' && url.search.includes('adresse=confirmee'));
    const confirmed = page.getByRole('alert').filter({ hasText: 'Adresse confirmée' });
    await confirmed.waitFor();
    // Focus lands on the news, so a screen reader says it first.
    await poll(() =>
      confirmed.evaluate((el) => el.contains(document.activeElement) || el.parentElement === document.activeElement),
    ).toBe(true);
    await steps(page).waitFor();
    await poll(() => step(page, 'Confirmer votre adresse email').textContent()).toContain('Fait');
    expect(await steps(page).getByText('1 sur 6 faits').count()).toBe(1);
    await expectAccessible(page);

    // 3. Subscribe: /pricing, then the checkout in this same tab, back on /profile/facturation with
    // the trial (the subscription's own section of `Mon profil`).
    await confirmed.getByRole('link', { name: 'Choisir votre abonnement (14 jours d’essai gratuit)' }).tap();
    await page.waitForURL((url) => url.pathname === '/pricing');
    await waitForHydration(page);
    await page.getByRole('group', { name: 'Mensuel' }).getByRole('button', { name: 'Commencer l’essai gratuit' }).tap();
    await page.waitForURL((url) => url.pathname === '/billing/demo-checkout');
    await page.getByRole('button', { name: /Démarrer l’essai gratuit/ }).tap();
    await page.waitForURL((url) => url.pathname === '/profile/facturation');
    // No other tab: the checkout came back in this one, as Stripe Checkout does.
    expect(
      page
        .context()
        .pages()
        .filter((other) => other !== page && !other.isClosed() && other.url() !== 'about:blank'),
    ).toEqual([]);
    await poll(() => page.getByTestId('subscription-status').textContent()).toMatch(/Essai gratuit/);
    expect(await overflow(page)).toBe(0);

    // 4. Back to `Aujourd'hui` (the app's bar): the trade is next, picked on /profile.
    await appNav(page).getByRole('link', { name: 'Aujourd’hui' }).tap();
    await page.waitForURL((url) => url.pathname === '/aujourdhui');
    await poll(() => steps(page).getByText('2 sur 6 faits').count()).toBe(1);
    await steps(page).getByRole('link', { name: 'Choisir votre métier' }).tap();
    await page.waitForURL((url) => url.pathname === '/profile' && url.hash === '#metier');
    const trade = page.getByRole('combobox', { name: 'Métier', exact: true });
    await trade.waitFor();
    await trade.fill('plombier chauff');
    await page.getByRole('option', { name: 'Plombier chauffagiste' }).tap();
    await page.getByRole('textbox', { name: 'Ville', exact: true }).fill(city);
    await page.getByRole('button', { name: 'Enregistrer le profil' }).tap();
    await poll(() => page.getByText('Profil mis à jour avec succès').count()).toBe(1);

    // 5. The seat step names the groups where the plumber's seat is free, this town's first.
    await appNav(page).getByRole('link', { name: 'Aujourd’hui' }).tap();
    await page.waitForURL((url) => url.pathname === '/aujourdhui');
    const seatStep = step(page, 'Trouver un groupe où le siège de votre métier est libre');
    await poll(() => seatStep.getByRole('link', { name: groupName }).count()).toBe(1);
    expect(await seatStep.textContent()).toContain('À faire');
    expect(await step(page, 'Choisir votre métier').textContent()).toContain('Fait');
    await expectAccessible(page);
    await seatStep.getByRole('link', { name: groupName }).tap();
    await page.waitForURL((url) => url.pathname === `/groupes/quimperle-${suffix}`);

    // 6. The group's page says the seat is free and takes the application.
    const apply = page.getByRole('region', { name: 'Rejoindre ce groupe' });
    await poll(() => apply.getByText('Plombier chauffagiste', { exact: true }).count()).toBe(1);
    expect(await apply.textContent()).toContain('est libre dans ce groupe');
    await apply.getByRole('button', { name: 'Postuler' }).tap();
    await poll(() => page.getByText('Votre candidature a été envoyée aux membres du groupe.').count()).toBe(1);
    await expectAccessible(page);

    // Back home: the seat step is under way, said in words.
    await appNav(page).getByRole('link', { name: 'Aujourd’hui' }).tap();
    await page.waitForURL((url) => url.pathname === '/aujourdhui');
    await poll(() => seatStep.textContent()).toContain('En cours');
    expect(
      await seatStep.getByRole('link', { name: new RegExp(`^Candidature envoyée au groupe ${groupName}`) }).count(),
    ).toBe(1);
    expect(await steps(page).getByText('3 sur 6 faits').count()).toBe(1);
    await expectAccessible(page);
  }, 240_000); // Six screens on a machine of two shared cores: more than a test's one minute.
});
