import fs from 'node:fs';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { baseURL, expectAccessible, useBrowser, waitForHydration } from './helpers/browser';
import { cookieHeader, type Member, signInPage, signUpMember, subscribe } from './helpers/member';

const { newPage } = useBrowser();

let owner: Member;
let ownerId: string;
let member: Member;
let subscriber: Member;
const PHONE = '+33 6 98 76 54 32';

const api = (m: Member, path: string, init: { method?: string; body?: unknown } = {}) =>
  fetch(`${baseURL()}/api${path}`, {
    method: init.method ?? 'GET',
    headers: { 'content-type': 'application/json', origin: baseURL(), cookie: cookieHeader(m) },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });

beforeAll(async () => {
  owner = await signUpMember({ name: 'Mathilde Rousseau' });
  ownerId = (await (await api(owner, '/me')).json()).user.id;
  const saved = await api(owner, '/me/profile', {
    method: 'PUT',
    body: {
      fullName: 'Mathilde Rousseau',
      companyName: 'Rousseau Patrimoine',
      phone: PHONE,
      bio: 'Conseillère en gestion de patrimoine, j’accompagne les chefs d’entreprise dans leurs projets.',
      profession: 'Conseillère en patrimoine',
      industry: 'Finance',
      city: 'Bordeaux',
      sponsorName: '',
      websiteUrl: 'rousseau-patrimoine.fr',
      linkedinUrl: '',
      twitterUrl: '',
      githubUrl: '',
      facebookUrl: '',
      skills: ['Retraite', 'Transmission'],
      lookingFor: ['Notaire'],
    },
  });
  if (!saved.ok) throw new Error(`profile failed: ${saved.status} ${await saved.text()}`);
  member = await signUpMember({ name: 'Lucas Petit' });
  subscriber = await signUpMember({ name: 'Nadia Haddad' });
  await subscribe(subscriber);
});

async function open(who: Member | null, path: string) {
  const page = await newPage();
  if (who) await signInPage(page, who);
  await page.goto(path);
  await waitForHydration(page);
  return page;
}

const memberPath = () => `/membres/${ownerId}`;

async function expectCard(page: Page) {
  await page.getByRole('heading', { level: 1, name: 'Mathilde Rousseau' }).waitFor();
  await page.getByRole('heading', { name: /Carte de visite/ }).waitFor();
  // The QR code is drawn once the qrcode package has loaded.
  await page.getByRole('img', { name: 'QR code de la carte de visite de Mathilde Rousseau' }).waitFor();
}

describe('member page and business card', () => {
  it('shows a visitor the card, the QR code and the title, but no phone', async () => {
    const page = await open(null, memberPath());
    await expectCard(page);
    expect(await page.title()).toBe('Mathilde Rousseau | Synergie Pro - Réseau d’Affaires Multi-Métiers');
    const description = await page.locator('meta[name="description"]').first().getAttribute('content');
    expect(description).toContain('Conseillère en patrimoine');
    const jsonLd = JSON.parse((await page.locator('script[type="application/ld+json"]').last().textContent()) ?? '');
    expect(jsonLd).toMatchObject({ '@type': 'Person', name: 'Mathilde Rousseau', url: `${baseURL()}${memberPath()}` });
    await page.getByText('Les coordonnées sont réservées aux membres abonnés.').waitFor();
    expect(await page.getByText(PHONE).count()).toBe(0);
    await expectAccessible(page);

    // The .vcf downloads, without the phone for a visitor.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Télécharger la carte de visite (.vcf)' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('mathilde-rousseau.vcf');
    const vcard = fs.readFileSync((await download.path()) as string, 'utf8');
    expect(vcard).toContain('BEGIN:VCARD\r\n');
    expect(vcard).toContain('FN:Mathilde Rousseau');
    expect(vcard).not.toContain('TEL');
  });

  it('hides the phone from a member without a subscription and shows it to a subscriber', async () => {
    const plain = await open(member, memberPath());
    await expectCard(plain);
    await plain.getByText('Les coordonnées sont réservées aux membres abonnés.').waitFor();
    expect(await plain.getByText(PHONE).count()).toBe(0);

    const page = await open(subscriber, memberPath());
    await expectCard(page);
    await page.getByRole('link', { name: PHONE }).waitFor();
    await expectAccessible(page);
  });

  it('leads a member from /profile to their own card', async () => {
    const page = await open(owner, '/profile');
    await page.getByRole('link', { name: 'Voir ma carte de visite' }).click();
    await page.waitForURL(`**${memberPath()}`);
    await expectCard(page);
    await page.getByRole('link', { name: PHONE }).waitFor();
  });

  it('answers an unknown member with a clear message', async () => {
    const page = await open(null, '/membres/inconnu');
    await page.getByRole('heading', { level: 1, name: 'Membre introuvable' }).waitFor();
  });
});

describe('/companies and /dashboard', () => {
  it('send a member without a subscription to /pricing', async () => {
    for (const path of ['/companies', '/dashboard']) {
      const page = await open(member, path);
      await page.waitForURL(/\/pricing\?message=subscription_required/);
    }
  });

  it('show a subscriber the partner companies', async () => {
    const page = await open(subscriber, '/companies');
    await page.getByRole('heading', { level: 1, name: 'Entreprises partenaires' }).waitFor();
    expect(await page.getByRole('main').getByRole('heading', { level: 2 }).count()).toBe(6);
    await page.getByRole('img', { name: 'Logo de Batiréno' }).waitFor();
    await expectAccessible(page);
  });

  it('show a subscriber their figures, with links to act on them', async () => {
    const page = await open(subscriber, '/dashboard');
    await page.getByRole('heading', { level: 1, name: 'Tableau de bord' }).waitFor();
    // The dashboard of issue 29: next actions first, then the figures grouped, each defined.
    await page.getByRole('heading', { name: 'Vos prochaines actions' }).waitFor();
    await page.getByRole('heading', { name: 'Tête-à-tête et contacts' }).waitFor();
    await page.getByRole('heading', { name: 'Parrainage' }).waitFor();
    await page.getByText('Commissions à verser', { exact: true }).first().waitFor();
    await page.getByRole('link', { name: 'Voir les événements' }).waitFor();
    await expectAccessible(page);
  });

  it("moves between the member app's pages with its side bar (no admin links for a member)", async () => {
    const page = await open(subscriber, '/profile');
    const nav = page.getByRole('navigation', { name: 'Navigation de l’application' });
    expect(await nav.getByRole('link', { name: 'Mon profil' }).getAttribute('aria-current')).toBe('page');
    expect(await nav.getByText('Administration').count()).toBe(0);
    await nav.getByRole('link', { name: 'Tableau de bord' }).click();
    await page.waitForURL(/\/dashboard$/);
    await page.getByRole('heading', { level: 1, name: 'Tableau de bord' }).waitFor();
    await nav.getByRole('link', { name: 'Mes projets' }).click();
    await page.waitForURL(/\/my-projects$/);
    await page.getByRole('heading', { level: 1, name: 'Mes projets' }).waitFor();
    expect(await nav.getByRole('link', { name: 'Mes projets' }).getAttribute('aria-current')).toBe('page');
  });
});
