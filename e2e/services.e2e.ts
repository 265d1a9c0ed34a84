import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible, useBrowser, waitForHydration } from './helpers/browser';
import { type Member, signInPage, signUpMember } from './helpers/member';

const { newPage } = useBrowser();

/** A 4x4 blue PNG, small enough to keep in the test. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAQAAAAECAIAAAAmkwkpAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAEElEQVQImWOQ9bsBRwzEcQABghQxni+O7QAAAABJRU5ErkJggg==',
  'base64',
);

let owner: Member;
let other: Member;
beforeAll(async () => {
  owner = await signUpMember({ name: 'Paul Artisan' });
  other = await signUpMember({ name: 'Nina Conseil' });
});

const TITLE = `Rénovation énergétique ${Date.now()}`;

async function openServices(member: Member | null) {
  const page = await newPage();
  if (member) await signInPage(page, member);
  await page.goto('/services');
  await waitForHydration(page);
  return page;
}

const card = (page: Page, title: string) =>
  page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: title, exact: true }) });

describe('services page', () => {
  it('shows visitors the showcase and a sign-in prompt instead of the create button', async () => {
    const page = await openServices(null);
    await page.getByRole('heading', { name: 'Développement Web' }).waitFor();
    await page.getByRole('link', { name: 'Se connecter' }).waitFor();
    expect(await page.getByRole('button', { name: 'Créer mon service' }).count()).toBe(0);
  });

  it('creates a service with an image, edits it and deletes it after confirmation', async () => {
    const page = await openServices(owner);
    await page.getByRole('button', { name: 'Créer mon service' }).click();
    const dialog = page.getByRole('dialog', { name: 'Créer mon service' });
    await dialog.waitFor();
    await expectAccessible(page);

    // Saving empty shows the schema's French message.
    await dialog.getByRole('button', { name: 'Créer le service' }).click();
    await dialog.getByText('Le titre est requis.').waitFor();

    await dialog.getByRole('textbox', { name: 'Titre *' }).fill(TITLE);
    await dialog.getByRole('textbox', { name: 'Description *' }).fill('Isolation, pompes à chaleur et audits.');
    await dialog.getByLabel('Image').setInputFiles({ name: 'chantier.png', mimeType: 'image/png', buffer: PNG });
    await page.getByText('Image téléchargée avec succès').waitFor();
    await dialog.getByRole('img', { name: 'Aperçu de l’image du service' }).waitFor();
    await dialog.getByRole('textbox', { name: 'Site web' }).fill('renovation-artisan.fr');
    await dialog.getByRole('textbox', { name: 'Point fort 1' }).fill('Audit gratuit');
    await dialog.getByRole('textbox', { name: 'Point fort 3' }).fill('  Aides MaPrimeRénov  ');
    await dialog.getByRole('button', { name: 'Créer le service' }).click();
    await page.getByText('Service créé avec succès').waitFor();
    await dialog.waitFor({ state: 'detached' });

    const created = card(page, TITLE);
    await created.waitFor();
    expect(await created.getByRole('listitem').allTextContents()).toEqual(['Audit gratuit', 'Aides MaPrimeRénov']);
    const visit = created.getByRole('link', { name: /Visiter le site/ });
    expect(await visit.getAttribute('href')).toBe('https://renovation-artisan.fr');
    expect(await visit.getAttribute('target')).toBe('_blank');
    expect(await visit.getAttribute('rel')).toBe('noopener noreferrer');
    const imageSrc = await created.locator('img').getAttribute('src');
    expect(imageSrc).toMatch(/^\/storage\/service-images\/.+\.webp$/);

    // Reopening the create dialog starts from an empty form.
    await page.getByRole('button', { name: 'Créer mon service' }).click();
    const fresh = page.getByRole('dialog', { name: 'Créer mon service' });
    expect(await fresh.getByRole('textbox', { name: 'Titre *' }).inputValue()).toBe('');
    await fresh.getByRole('button', { name: 'Annuler' }).click();
    await fresh.waitFor({ state: 'detached' });

    // Edit.
    await created.getByRole('button', { name: /^Modifier/ }).click();
    const edit = page.getByRole('dialog', { name: 'Modifier mon service' });
    expect(await edit.getByRole('textbox', { name: 'Titre *' }).inputValue()).toBe(TITLE);
    // Blank features were dropped: the two kept fill the first slots, the third is free.
    expect(await edit.getByRole('textbox', { name: 'Point fort 2' }).inputValue()).toBe('Aides MaPrimeRénov');
    await edit.getByRole('textbox', { name: 'Point fort 3' }).fill('Devis sous 48 h');
    await edit.getByRole('button', { name: 'Enregistrer' }).click();
    await page.getByText('Service modifié avec succès').waitFor();
    await expect
      .poll(() => created.getByRole('listitem').allTextContents())
      .toEqual(['Audit gratuit', 'Aides MaPrimeRénov', 'Devis sous 48 h']);

    // Another member sees the service but neither edit nor delete.
    const otherPage = await openServices(other);
    const seen = card(otherPage, TITLE);
    await seen.waitFor();
    await otherPage.getByRole('button', { name: 'Créer mon service' }).waitFor();
    expect(await seen.getByRole('button').count()).toBe(0);
    await otherPage.getByRole('button', { name: 'Créer mon service' }).click();
    await otherPage.getByRole('dialog', { name: 'Créer mon service' }).waitFor();
    await expectAccessible(otherPage);

    // Delete: cancelling keeps it, confirming removes it.
    await created.getByRole('button', { name: /^Supprimer/ }).click();
    let confirm = page.getByRole('alertdialog', { name: 'Supprimer le service' });
    await confirm.getByText('Êtes-vous sûr de vouloir supprimer ce service\u202f?').waitFor();
    await confirm.getByRole('button', { name: 'Annuler' }).click();
    await confirm.waitFor({ state: 'detached' });
    expect(await created.count()).toBe(1);

    await created.getByRole('button', { name: /^Supprimer/ }).click();
    confirm = page.getByRole('alertdialog', { name: 'Supprimer le service' });
    await confirm.getByRole('button', { name: 'Supprimer', exact: true }).click();
    await page.getByText('Service supprimé avec succès').waitFor();
    await created.waitFor({ state: 'detached' });
    // Its image went with it.
    const imageRes = await page.request.get(`${new URL(page.url()).origin}${imageSrc}`);
    expect(imageRes.status()).toBe(404);
  });
});
