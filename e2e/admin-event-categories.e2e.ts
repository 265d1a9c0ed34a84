import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { baseURL, expectAccessible, useBrowser, waitForHydration } from './helpers/browser';
import { cookieHeader, type Member, signInPage, signUpMember } from './helpers/member';

const { newPage } = useBrowser();

const ADMIN = { name: 'Alice Admin', email: 'admin.e2e@synergie-pro.test', password: 'Synergie2025' };
const DEFAULTS = ['Afterwork', 'Atelier', 'Conférence', 'Forum', 'Lancement', 'Réunion'];

/** Set when this file signed the admin up: the account goes afterwards, for the files that sign it up too. */
let createdAdmin: Member | null = null;

afterAll(async () => {
  if (!createdAdmin) return;
  const res = await fetch(`${baseURL()}/api/me`, {
    method: 'DELETE',
    headers: { cookie: cookieHeader(createdAdmin), origin: baseURL(), 'content-type': 'application/json' },
    body: JSON.stringify({ confirmEmail: createdAdmin.email }),
  });
  expect(res.status).toBe(200);
});

/** The admin of the e2e server (ADMIN_EMAILS): signed up here, or signed in if another file did it. */
async function signInAdmin(): Promise<Member> {
  try {
    createdAdmin = await signUpMember(ADMIN);
    return createdAdmin;
  } catch {
    const res = await fetch(`${baseURL()}/api/auth/sign-in/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: baseURL() },
      body: JSON.stringify({ email: ADMIN.email, password: ADMIN.password }),
    });
    if (!res.ok) throw new Error(`admin sign-in failed: ${res.status} ${await res.text()}`);
    const cookies = res.headers
      .getSetCookie()
      .map((header) => header.split(';')[0] ?? '')
      .map((pair) => ({ name: pair.slice(0, pair.indexOf('=')), value: pair.slice(pair.indexOf('=') + 1) }))
      .filter((cookie) => cookie.name && cookie.value);
    return { ...ADMIN, cookies };
  }
}

const categoryNames = (page: Page) =>
  page.getByRole('list', { name: 'Catégories d’événements' }).getByRole('heading', { level: 3 }).allTextContents();

describe('/admin/event-categories', () => {
  it('lets the admin list, create, rename and delete a category', async () => {
    const admin = await signInAdmin();
    const page = await newPage();
    await signInPage(page, admin);
    await page.goto('/admin/event-categories');
    await waitForHydration(page);
    await expect.poll(() => page.locator('h1').textContent()).toBe('Catégories d’événements');

    // The six defaults of a fresh install, ordered by name.
    await expect.poll(async () => (await categoryNames(page)).filter((n) => DEFAULTS.includes(n))).toEqual(DEFAULTS);
    await expectAccessible(page);

    // An empty form is refused with the spec's message.
    await page.getByRole('button', { name: 'Ajouter une catégorie' }).click();
    const dialog = page.getByRole('dialog', { name: 'Nouvelle catégorie' });
    await dialog.getByRole('button', { name: 'Créer la catégorie' }).click();
    await expect.poll(() => dialog.getByText('Veuillez remplir tous les champs').count()).toBeGreaterThan(0);
    await expectAccessible(page);

    // Created with one of the shipped images.
    const name = `Déjeuner ${Date.now()}`;
    await dialog.getByLabel('Nom *').fill(name);
    await dialog.getByRole('radio', { name: /^Forum/ }).check();
    await dialog.getByRole('button', { name: 'Créer la catégorie' }).click();
    await expect.poll(() => page.getByText('Catégorie créée avec succès').count()).toBeGreaterThan(0);
    await expect.poll(() => dialog.count()).toBe(0);
    await expect.poll(() => categoryNames(page)).toContain(name);
    const created = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name, exact: true }) });
    await expect.poll(() => created.locator('img').getAttribute('src')).toBe('/images/event-categories/forum.svg');

    // Renamed: the dialog opens filled in, with the chosen image checked.
    const renamed = `${name} (renommé)`;
    await page.getByRole('button', { name: `Modifier la catégorie ${name}` }).click();
    const editDialog = page.getByRole('dialog', { name: 'Modifier la catégorie' });
    await expect.poll(() => editDialog.getByLabel('Nom *').inputValue()).toBe(name);
    expect(await editDialog.getByRole('radio', { name: /^Forum/ }).isChecked()).toBe(true);
    await expectAccessible(page);
    await editDialog.getByLabel('Nom *').fill(renamed);
    await editDialog.getByRole('button', { name: 'Enregistrer' }).click();
    await expect.poll(() => page.getByText('Catégorie modifiée avec succès').count()).toBeGreaterThan(0);
    await expect.poll(() => categoryNames(page)).toContain(renamed);
    expect(await categoryNames(page)).not.toContain(name);

    // Deleted, after a confirmation.
    await page.getByRole('button', { name: `Supprimer la catégorie ${renamed}` }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Supprimer la catégorie' });
    await expectAccessible(page);
    await confirm.getByRole('button', { name: 'Supprimer', exact: true }).click();
    await expect.poll(() => page.getByText('Catégorie supprimée avec succès').count()).toBeGreaterThan(0);
    await expect.poll(() => categoryNames(page)).not.toContain(renamed);

    const api = await fetch(`${baseURL()}/api/event-categories`);
    expect(((await api.json()) as { name: string }[]).map((c) => c.name)).not.toContain(renamed);
  });

  it("sends a member who is not admin back to / with 'Accès non autorisé', and the API refuses too", async () => {
    const member = await signUpMember();
    const page = await newPage();
    await signInPage(page, member);
    await page.goto('/admin/event-categories');
    await waitForHydration(page);
    await expect.poll(() => page.getByText('Accès non autorisé').count()).toBeGreaterThan(0);
    await page.waitForURL(`${baseURL()}/`);
    const api = await fetch(`${baseURL()}/api/admin/event-categories`, {
      method: 'POST',
      headers: { cookie: cookieHeader(member), origin: baseURL(), 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Intrus', imageUrl: '/images/event-categories/forum.svg' }),
    });
    expect(api.status).toBe(403);
  });
});
