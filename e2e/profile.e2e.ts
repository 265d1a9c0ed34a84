import fs from 'node:fs/promises';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { baseURL, expectAccessible, useBrowser, waitForHydration } from './helpers/browser';
import { cookieHeader, type Member, signInPage, signUpMember } from './helpers/member';

const { newPage } = useBrowser();

// One member for the whole file (sign-ups are rate-limited per address), deleted by the last test.
let member: Member;
beforeAll(async () => {
  member = await signUpMember({ name: 'Claire Martin' });
});

const BIO =
  "Avocate d'affaires à Lyon depuis quinze ans, j'accompagne les dirigeants de PME dans leurs levées de fonds, leurs cessions et la gouvernance de leur entreprise.";

async function openProfile(options: Parameters<typeof newPage>[0] = {}) {
  const page = await newPage(options);
  await signInPage(page, member);
  await page.goto('/profile');
  await waitForHydration(page);
  await page.getByRole('button', { name: 'Enregistrer le profil' }).waitFor();
  return page;
}

/** `Mes données` (issue 31: a section of /profile at its own address), reached from the section list. */
async function openAccountData() {
  const page = await openProfile();
  await page.getByRole('navigation', { name: 'Sections du profil' }).getByRole('link', { name: 'Mes données' }).click();
  await page.waitForURL(/\/profile\/donnees$/);
  await page.getByRole('button', { name: 'Télécharger mes données' }).waitFor();
  return page;
}

const textbox = (page: Page, name: string) => page.getByRole('textbox', { name, exact: true });
const chips = (page: Page, group: string) =>
  page
    .getByRole('group', { name: group, exact: true })
    .getByRole('button', { name: /^Retirer / })
    .allTextContents();

describe('profile page', () => {
  it('edits every field, with chips and links, and shows the stored values after a reload', async () => {
    const page = await openProfile();
    expect(await textbox(page, 'Nom complet').inputValue()).toBe('Claire Martin');
    await expectAccessible(page);

    await textbox(page, 'Nom complet').fill('Claire Martin-Dupuis');
    await textbox(page, 'Nom de l’entreprise').fill('Cabinet Martin Avocats');
    // The trade: the catalogue's combobox, accents and case ignored, chosen with the keyboard.
    const trade = page.getByRole('combobox', { name: 'Métier', exact: true });
    await trade.fill('AVOCAT');
    await trade.press('Enter');
    await textbox(page, 'Spécialité').fill('Droit des sociétés');
    await textbox(page, 'Secteur d’activité').fill('Juridique');
    await textbox(page, 'Ville').fill('Lyon');
    await textbox(page, 'Téléphone').fill('+33 4 78 00 00 00');
    await textbox(page, 'Nom du parrain').fill('Jean Dupont');
    await textbox(page, 'Présentation').fill(BIO);
    // The live preview: the first 100 characters, then an ellipsis.
    const preview = page.getByRole('figure', { name: /Aperçu/ });
    await expect.poll(() => preview.textContent()).toContain(`${BIO.slice(0, 100).trimEnd()}...`);
    expect(await preview.textContent()).not.toContain(BIO.slice(101));

    // A link typed without https:// and one with it.
    await textbox(page, 'Site web').fill('cabinet-martin.fr');
    await textbox(page, 'LinkedIn').fill('https://www.linkedin.com/in/claire-martin');

    // Chips: Enter, the 'Ajouter' button, trimming, no duplicate, removal by click.
    const skills = page.getByRole('group', { name: 'Compétences', exact: true });
    await textbox(page, 'Compétences').fill('Droit des affaires');
    await textbox(page, 'Compétences').press('Enter');
    await textbox(page, 'Compétences').fill('  Fiscalité  ');
    await skills.getByRole('button', { name: 'Ajouter', exact: true }).click();
    await textbox(page, 'Compétences').fill('fiscalité');
    await textbox(page, 'Compétences').press('Enter');
    await expect.poll(() => page.getByText('« fiscalité » est déjà dans la liste').count()).toBe(1);
    await textbox(page, 'Compétences').fill('À retirer');
    await textbox(page, 'Compétences').press('Enter');
    await skills.getByRole('button', { name: 'Retirer À retirer' }).click();
    expect(await chips(page, 'Compétences')).toEqual(['Droit des affaires', 'Fiscalité']);
    await textbox(page, 'Ce que je recherche').fill('Nouveaux clients');
    await textbox(page, 'Ce que je recherche').press('Enter');
    // Enter in a chip field added a chip, it did not submit the form.
    expect(await page.getByText('Profil mis à jour avec succès').count()).toBe(0);

    await page.getByRole('button', { name: 'Enregistrer le profil' }).click();
    await expect.poll(() => page.getByText('Profil mis à jour avec succès').count()).toBe(1);
    // The stored link comes back with https://.
    await expect.poll(() => textbox(page, 'Site web').inputValue()).toBe('https://cabinet-martin.fr');
    await expect.poll(() => page.getByRole('heading', { name: 'Claire Martin-Dupuis' }).count()).toBe(1);

    await page.reload();
    await waitForHydration(page);
    await textbox(page, 'Nom complet').waitFor();
    const stored: [string, string][] = [
      ['Nom complet', 'Claire Martin-Dupuis'],
      ['Nom de l’entreprise', 'Cabinet Martin Avocats'],
      ['Spécialité', 'Droit des sociétés'],
      ['Secteur d’activité', 'Juridique'],
      ['Ville', 'Lyon'],
      ['Téléphone', '+33 4 78 00 00 00'],
      ['Nom du parrain', 'Jean Dupont'],
      ['Présentation', BIO],
      ['Site web', 'https://cabinet-martin.fr'],
      ['LinkedIn', 'https://www.linkedin.com/in/claire-martin'],
      ['Twitter', ''],
    ];
    for (const [field, value] of stored) {
      await expect.poll(() => textbox(page, field).inputValue(), { message: field }).toBe(value);
    }
    await expect.poll(() => page.getByRole('combobox', { name: 'Métier', exact: true }).inputValue()).toBe('Avocat');
    expect(await chips(page, 'Compétences')).toEqual(['Droit des affaires', 'Fiscalité']);
    expect(await chips(page, 'Ce que je recherche')).toEqual(['Nouveaux clients']);
    // The header: name, company and the bio preview.
    const header = page.locator('header', { has: page.getByRole('heading', { name: 'Claire Martin-Dupuis' }) });
    expect(await header.textContent()).toContain('Cabinet Martin Avocats');
    expect(await header.textContent()).toContain(`${BIO.slice(0, 100).trimEnd()}...`);
  });

  it('shows the French messages of the shared schema and keeps the page accessible', async () => {
    const page = await openProfile();
    await textbox(page, 'Nom complet').fill('C');
    await textbox(page, 'Twitter').fill('pas un lien');
    await page.getByRole('button', { name: 'Enregistrer le profil' }).click();
    await expect.poll(() => page.getByText('Le nom doit contenir au moins 2 caractères').count()).toBe(1);
    expect(await page.getByText('Lien invalide').count()).toBe(1);
    expect(await textbox(page, 'Nom complet').getAttribute('aria-invalid')).toBe('true');
    expect(await textbox(page, 'Twitter').getAttribute('aria-invalid')).toBe('true');
    await expectAccessible(page);
  });

  it('uploads an avatar, shows it from /storage/, and refuses a file that is not an image', async () => {
    // The server answers the refused file with 415, which the browser logs.
    const page = await openProfile({ allowConsoleErrors: /status of 415/ });
    const png = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#1d4ed8' } })
      .png()
      .toBuffer();

    // Hold the upload a moment so the in-progress state can be seen.
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/api/me/avatar', async (route) => {
      await held;
      await route.continue();
    });
    const input = page.getByLabel('Photo de profil', { exact: true });
    await input.setInputFiles({ name: 'portrait.png', mimeType: 'image/png', buffer: png });
    await expect.poll(() => input.isDisabled()).toBe(true);
    expect(await page.getByText('Téléchargement en cours…').count()).toBe(1);
    release();
    // The server checks and resizes the image (sharp): seconds on a loaded two-core machine.
    await expect.poll(() => page.getByText('Image téléchargée avec succès').count(), { timeout: 15_000 }).toBe(1);
    expect(await input.isDisabled()).toBe(false);
    await page.unroute('**/api/me/avatar');

    const preview = page.getByRole('img', { name: 'Votre photo de profil' });
    await preview.waitFor();
    const src = (await preview.getAttribute('src')) ?? '';
    expect(src).toMatch(/^\/storage\/avatars\//);
    await expect.poll(() => preview.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(64);
    // The header shows it too.
    expect(await page.locator(`header img[src="${src}"]`).count()).toBe(1);

    await input.setInputFiles({ name: 'faux.png', mimeType: 'image/png', buffer: Buffer.from('pas une image') });
    await expect
      .poll(() =>
        page.getByText('Ce fichier n’est pas une image (formats acceptés : JPEG, PNG, WebP, GIF, AVIF).').count(),
      )
      .toBe(1);
    // The stored avatar is unchanged.
    expect(await preview.getAttribute('src')).toBe(src);
    await expectAccessible(page);
  });

  it('downloads all my data as JSON', async () => {
    const page = await openAccountData();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Télécharger mes données' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^mes-donnees-\d{4}-\d{2}-\d{2}\.json$/);
    const path = await download.path();
    const data = JSON.parse(await fs.readFile(path, 'utf8'));
    expect(data.account.email).toBe(member.email);
    expect(data.profile).toMatchObject({
      fullName: 'Claire Martin-Dupuis',
      companyName: 'Cabinet Martin Avocats',
      websiteUrl: 'https://cabinet-martin.fr',
      skills: ['Droit des affaires', 'Fiscalité'],
    });
    expect(JSON.stringify(data)).not.toContain(member.password);
  });

  it('deletes the account once the member types their email, then signs them out', async () => {
    const page = await openAccountData();
    await page.getByRole('button', { name: 'Supprimer mon compte' }).click();
    const dialog = page.getByRole('dialog', { name: 'Supprimer mon compte' });
    await dialog.waitFor();
    await expectAccessible(page);
    const field = dialog.getByRole('textbox', { name: 'Adresse email', exact: true });
    // Focus moved into the dialog.
    await expect.poll(() => field.evaluate((el) => el.closest('[role="dialog"]') !== null)).toBe(true);

    await field.fill('quelqu.un@autre.fr');
    await dialog.getByRole('button', { name: 'Supprimer définitivement' }).click();
    await expect.poll(() => dialog.getByText('L’email saisi ne correspond pas à votre compte.').count()).toBe(1);
    expect(await field.getAttribute('aria-invalid')).toBe('true');

    await field.fill(member.email.toUpperCase());
    await dialog.getByRole('button', { name: 'Supprimer définitivement' }).click();
    await expect.poll(() => page.getByText('Votre compte a été supprimé.').count()).toBe(1);
    await expect.poll(() => new URL(page.url()).pathname).toBe('/');
    await expect.poll(() => page.getByRole('link', { name: 'Inscription' }).first().isVisible()).toBe(true);

    // The old session no longer works, and neither does the password.
    const me = await fetch(`${baseURL()}/api/me`, { headers: { cookie: cookieHeader(member) } });
    expect(me.status).toBe(401);
    const signIn = await fetch(`${baseURL()}/api/auth/sign-in/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: baseURL() },
      body: JSON.stringify({ email: member.email, password: member.password }),
    });
    expect(signIn.ok).toBe(false);
  });
});
