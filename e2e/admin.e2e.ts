import { describe, expect, it } from 'vitest';
import { baseURL, expectAccessible, useBrowser, waitForHydration } from './helpers/browser';
import { adminMember, cookieHeader, signInPage, signUpMember } from './helpers/member';

const { newPage } = useBrowser();

describe('admin pages', () => {
  it("sends a member who is not admin back to / with 'Accès non autorisé'", async () => {
    const member = await signUpMember();
    const page = await newPage();
    await signInPage(page, member);
    await page.goto('/admin/commissions');
    await waitForHydration(page);
    await expect.poll(() => page.getByText('Accès non autorisé').count()).toBeGreaterThan(0);
    await page.waitForURL(`${baseURL()}/`);
    // The API refuses too: the page only hides.
    const api = await fetch(`${baseURL()}/api/admin/commissions?month=2026-11`, {
      headers: { cookie: cookieHeader(member) },
    });
    expect(api.status).toBe(403);
  });

  it('shows the commission statements to an admin, with the CSV download', async () => {
    const admin = await adminMember();
    const page = await newPage();
    await signInPage(page, admin);
    await page.goto('/admin/commissions');
    await waitForHydration(page);
    await expect.poll(() => page.locator('h1').textContent()).toBe('Commissions de parrainage');
    // A month before any test's commission (another file may have made this month's).
    await page.getByLabel('Relevé du mois').fill('2024-01');
    await expect.poll(() => page.getByText('Aucune commission pour ce mois.').count()).toBe(1);
    await expectAccessible(page);
    const href = await page.getByRole('link', { name: 'Télécharger le relevé (CSV)' }).getAttribute('href');
    const csv = await fetch(`${baseURL()}${href}`, { headers: { cookie: cookieHeader(admin) } });
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toContain('text/csv');
  });
});

/** The e2e admin (ADMIN_EMAILS in global-setup): signed up once, or signed in if another file did it. */

describe('admin members and partners', () => {
  it("sends a plain member on /admin/members back to / with 'Accès non autorisé'", async () => {
    const member = await signUpMember();
    const page = await newPage();
    await signInPage(page, member);
    await page.goto('/admin/members');
    await waitForHydration(page);
    await expect.poll(() => page.getByText('Accès non autorisé').count()).toBeGreaterThan(0);
    await page.waitForURL(`${baseURL()}/`);
    const api = await fetch(`${baseURL()}/api/admin/members`, { headers: { cookie: cookieHeader(member) } });
    expect(api.status).toBe(403);
  });

  it('promotes by email, edits a member and deletes one after confirmation', async () => {
    const admin = await adminMember();
    const promoted = await signUpMember({ name: 'Paul Promu' });
    const edited = await signUpMember({ name: 'Émilie Éditée' });
    const deleted = await signUpMember({ name: 'Denis Supprimé' });
    const page = await newPage();
    await signInPage(page, admin);
    await page.goto('/admin/members');
    await waitForHydration(page);
    await expect.poll(() => page.locator('h1').textContent()).toBe('Gestion des membres');

    const email = page.getByLabel('Email du membre à nommer administrateur');
    const promote = page.getByRole('button', { name: 'Nommer admin' });
    await promote.click();
    await expect.poll(() => page.getByText('Veuillez entrer un email').count()).toBeGreaterThan(0);
    await email.fill('personne.inconnue@exemple.fr');
    await promote.click();
    await expect.poll(() => page.getByText('Utilisateur non trouvé').count()).toBeGreaterThan(0);
    await email.fill(promoted.email);
    await promote.click();
    await expect.poll(() => page.getByText('Administrateur ajouté avec succès').count()).toBeGreaterThan(0);
    const promotedApi = await fetch(`${baseURL()}/api/admin/members`, { headers: { cookie: cookieHeader(promoted) } });
    expect(promotedApi.status).toBe(200);
    await expectAccessible(page);

    const search = page.getByLabel('Rechercher un membre');
    await search.fill(edited.email);
    await page.getByRole('button', { name: 'Rechercher' }).click();
    await page.getByRole('button', { name: 'Modifier Émilie Éditée' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Entreprise').fill('Atelier Éditée');
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Enregistrer' }).click();
    await expect.poll(() => page.getByText('Membre modifié avec succès').count()).toBeGreaterThan(0);
    await expect.poll(() => page.getByRole('cell', { name: 'Atelier Éditée' }).count()).toBe(1);

    await search.fill(deleted.email);
    await page.getByRole('button', { name: 'Rechercher' }).click();
    await page.getByRole('button', { name: 'Supprimer Denis Supprimé' }).click();
    const confirm = page.getByRole('alertdialog');
    await expect.poll(() => confirm.getByText('Denis Supprimé').count()).toBe(1);
    await expectAccessible(page);
    await confirm.getByRole('button', { name: 'Supprimer définitivement' }).click();
    await expect.poll(() => page.getByText('Membre supprimé avec succès').count()).toBeGreaterThan(0);
    await expect.poll(() => page.getByText('Aucun membre ne correspond à cette recherche.').count()).toBe(1);
    const me = await fetch(`${baseURL()}/api/me`, { headers: { cookie: cookieHeader(deleted) } });
    expect(me.status).toBe(401);
  });

  it('adds a partner, marks it featured and sees it first on /partners', async () => {
    const admin = await adminMember();
    const name = `Partenaire E2E ${Date.now()}`;
    const page = await newPage();
    await signInPage(page, admin);
    await page.goto('/admin/partners');
    await waitForHydration(page);
    await expect.poll(() => page.locator('h1').textContent()).toBe('Gestion des partenaires');

    // 'Importer' needs a URL (the import itself reaches outside sites: covered by the API tests).
    await page.getByRole('button', { name: 'Importer' }).click();
    await expect.poll(() => page.getByText('Veuillez entrer une URL.').count()).toBeGreaterThan(0);

    await page.getByLabel('Site web *').fill('www.partenaire-e2e.fr');
    await page.getByLabel('Nom *').fill(name);
    await page.getByLabel('Description').fill('Un partenaire ajouté par le test de bout en bout.');
    await page.getByLabel('Ordre d’affichage').fill('-1000');
    await page.getByRole('button', { name: 'Ajouter le partenaire' }).click();
    await expect.poll(() => page.getByText('Partenaire ajouté avec succès').count()).toBeGreaterThan(0);
    await expect.poll(() => page.getByText('https://www.partenaire-e2e.fr').count()).toBe(1);
    await expectAccessible(page);

    await page.getByRole('button', { name: `Mettre à la une : ${name}` }).click();
    await expect.poll(() => page.getByRole('button', { name: `Retirer de la une : ${name}` }).count()).toBe(1);

    const visitor = await newPage();
    await visitor.goto('/partners');
    await waitForHydration(visitor);
    const firstCard = visitor.locator('section[aria-labelledby="partners-title"] ul li h3').first();
    await expect.poll(() => firstCard.textContent()).toBe(name);
    await expectAccessible(visitor);

    await page.getByRole('button', { name: `Supprimer ${name}` }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Supprimer' }).click();
    await expect.poll(() => page.getByText('Partenaire supprimé avec succès').count()).toBeGreaterThan(0);
  });
});
