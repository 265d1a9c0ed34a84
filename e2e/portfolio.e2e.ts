import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { baseURL, expectAccessible, useBrowser, waitForHydration } from './helpers/browser';
import { cookieHeader, signInPage, signUpMember, subscribe } from './helpers/member';

const { newPage } = useBrowser();

// A 1x1 PNG: the upload route checks and re-encodes it like any photo.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

const LONG_DESCRIPTION =
  "Refonte complète de la boutique en ligne d'un artisan chocolatier : catalogue, paiement sécurisé, " +
  'retrait en magasin et référencement local. Les ventes de fin d’année ont doublé dès la première saison, ' +
  'et le site se met à jour sans prestataire.';

const projectCard = (page: Page, title: string) =>
  page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: title, exact: true }) });

async function openPortfolio(page: Page) {
  await page.goto('/portfolio');
  await waitForHydration(page);
  await page.getByRole('heading', { name: 'Projets de nos Membres' }).waitFor();
}

describe('portfolio: members publish their projects', () => {
  it('create with an image and a long description, Voir plus/Voir moins, edit, delete after confirmation', async () => {
    const owner = await signUpMember({ name: 'Claire Martin' });
    const title = `Boutique du chocolatier ${Date.now()}`;
    const page = await newPage();
    await signInPage(page, owner);
    await openPortfolio(page);
    expect(await page.getByRole('heading', { name: 'Projets Synergie Pro' }).count()).toBe(1);

    await page.getByRole('button', { name: 'Créer un projet' }).click();
    const dialog = page.getByRole('dialog', { name: 'Créer un projet' });
    await dialog.waitFor();
    // The title is required: the shared schema's message, before any request.
    await dialog.getByRole('button', { name: 'Créer un projet' }).click();
    await dialog.getByText('Le titre est requis.').waitFor();

    await dialog.getByLabel('Titre du projet *').fill(title);
    await dialog.getByLabel('Description').fill(LONG_DESCRIPTION);
    await dialog.getByLabel('Catégorie').fill('E-commerce');
    await dialog.getByLabel('Tag 1').fill(' Boutique en ligne ');
    await dialog.getByLabel('Tag 2').fill('Paiement, Référencement');
    await dialog.getByLabel('Lien du projet').fill('chocolatier-martin.fr');
    await dialog
      .getByLabel('Image du projet')
      .setInputFiles({ name: 'projet.png', mimeType: 'image/png', buffer: PNG });
    await page.getByText('Image téléchargée avec succès.').waitFor();
    await dialog.getByRole('img', { name: 'Aperçu de l’image du projet' }).waitFor();
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Créer un projet' }).click();
    await page.getByText('Projet créé avec succès.').waitFor();
    await dialog.waitFor({ state: 'detached' });

    const card = projectCard(page, title);
    await card.waitFor();
    expect(await card.getByText('Par Claire Martin').count()).toBe(1);
    expect(await card.getByRole('listitem').allTextContents()).toEqual([
      'Boutique en ligne',
      'Paiement',
      'Référencement',
    ]);
    const link = card.getByRole('link', { name: /Voir le projet/ });
    expect(await link.getAttribute('href')).toBe('https://chocolatier-martin.fr');
    expect(await link.getAttribute('target')).toBe('_blank');

    // Over 150 characters: clamped to 4 lines with a toggle.
    const toggle = card.getByRole('button', { name: 'Voir plus' });
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    await toggle.click();
    const less = card.getByRole('button', { name: 'Voir moins' });
    expect(await less.getAttribute('aria-expanded')).toBe('true');
    await less.click();
    expect(await card.getByRole('button', { name: 'Voir plus' }).getAttribute('aria-expanded')).toBe('false');
    await expectAccessible(page);

    // Edit: the dialog opens filled in; saving shows the new title.
    await card.getByRole('button', { name: `Modifier le projet ${title}` }).click();
    const editDialog = page.getByRole('dialog', { name: 'Modifier le projet' });
    await editDialog.waitFor();
    expect(await editDialog.getByLabel('Titre du projet *').inputValue()).toBe(title);
    expect(await editDialog.getByLabel('Lien du projet').inputValue()).toBe('https://chocolatier-martin.fr');
    const edited = `${title} (v2)`;
    await editDialog.getByLabel('Titre du projet *').fill(edited);
    await editDialog.getByRole('button', { name: 'Enregistrer les modifications' }).click();
    await page.getByText('Projet modifié avec succès.').waitFor();
    await projectCard(page, edited).waitFor();

    // A second member sees the project, without edit or delete.
    const other = await newPage();
    await signInPage(other, await signUpMember({ name: 'Paul Durand' }));
    await openPortfolio(other);
    const seen = projectCard(other, edited);
    await seen.waitFor();
    expect(await seen.getByRole('button', { name: /Modifier|Supprimer/ }).count()).toBe(0);
    await other.getByRole('button', { name: 'Créer un projet' }).waitFor();

    // Delete, confirmed in 'Confirmer la suppression'; Annuler keeps the project.
    const editedCard = projectCard(page, edited);
    await editedCard.getByRole('button', { name: `Supprimer le projet ${edited}` }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Confirmer la suppression' });
    await confirm.waitFor();
    expect(await confirm.textContent()).toMatch(/irréversible/);
    await expectAccessible(page);
    await confirm.getByRole('button', { name: 'Annuler' }).click();
    await confirm.waitFor({ state: 'detached' });
    expect(await editedCard.count()).toBe(1);
    await editedCard.getByRole('button', { name: `Supprimer le projet ${edited}` }).click();
    await confirm.getByRole('button', { name: 'Supprimer' }).click();
    await page.getByText('Projet supprimé avec succès.').waitFor();
    await editedCard.waitFor({ state: 'detached' });
  });

  it('a visitor sees the section without Créer un projet', async () => {
    const page = await newPage();
    await openPortfolio(page);
    // Loaded: either projects or the empty state, never the skeletons.
    await page.locator('[data-slot="project-skeleton"]').first().waitFor({ state: 'detached' });
    expect(await page.getByRole('button', { name: 'Créer un projet' }).count()).toBe(0);
    await expectAccessible(page);
  });
});

describe('/my-projects (subscribers)', () => {
  it('sends a member without a subscription to /pricing?message=subscription_required', async () => {
    const member = await signUpMember();
    const page = await newPage({ allowConsoleErrors: /status of 40[13]/ });
    await signInPage(page, member);
    await page.goto('/my-projects');
    await page.waitForURL(/\/pricing\?message=subscription_required/);
  });

  it('sends a visitor to /auth', async () => {
    const page = await newPage({ allowConsoleErrors: /status of 401/ });
    await page.goto('/my-projects');
    await page.waitForURL(/\/auth/);
  });

  it("lists a subscriber's own projects only, with edit and delete", async () => {
    const member = await signUpMember({ name: 'Sophie Bernard' });
    await subscribe(member);
    const mine = `Mon projet ${Date.now()}`;
    const headers = { 'content-type': 'application/json', origin: baseURL(), cookie: cookieHeader(member) };
    const created = await fetch(`${baseURL()}/api/projects`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ title: mine, description: 'Un court projet.', tags: ['Conseil'] }),
    });
    expect(created.status).toBe(201);
    const other = await signUpMember();
    const theirs = `Projet d'un autre ${Date.now()}`;
    await fetch(`${baseURL()}/api/projects`, {
      method: 'POST',
      headers: { ...headers, cookie: cookieHeader(other) },
      body: JSON.stringify({ title: theirs }),
    });

    const page = await newPage();
    await signInPage(page, member);
    await page.goto('/my-projects');
    await waitForHydration(page);
    const card = projectCard(page, mine);
    await card.waitFor();
    expect(await projectCard(page, theirs).count()).toBe(0);
    expect(await card.getByRole('button', { name: `Modifier le projet ${mine}` }).count()).toBe(1);
    expect(await card.getByRole('button', { name: `Supprimer le projet ${mine}` }).count()).toBe(1);
    expect(await page.getByRole('button', { name: 'Créer un projet' }).count()).toBe(1);
    // A short description has no toggle.
    expect(await card.getByRole('button', { name: 'Voir plus' }).count()).toBe(0);
    await expectAccessible(page);
  });
});
