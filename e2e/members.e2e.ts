import { describe, expect, it } from 'vitest';
import { baseURL, expectAccessible, useBrowser, waitForHydration } from './helpers/browser';
import { cookieHeader, type Member, signInPage, signUpMember, subscribe } from './helpers/member';

const { newPage } = useBrowser();

const headers = (member: Member) => ({
  'content-type': 'application/json',
  origin: baseURL(),
  cookie: cookieHeader(member),
});

/** Saves the /profile form through the API. */
async function saveProfile(member: Member, values: Record<string, unknown>) {
  const res = await fetch(`${baseURL()}/api/me/profile`, {
    method: 'PUT',
    headers: headers(member),
    body: JSON.stringify({
      fullName: member.name,
      companyName: null,
      phone: null,
      bio: null,
      profession: null,
      industry: null,
      city: null,
      sponsorName: null,
      websiteUrl: null,
      linkedinUrl: null,
      twitterUrl: null,
      githubUrl: null,
      facebookUrl: null,
      skills: [],
      lookingFor: [],
      ...values,
    }),
  });
  expect(res.status, await res.text()).toBe(200);
}

describe('/members', () => {
  it('a member without a subscription is sent to /pricing', async () => {
    const member = await signUpMember();
    const page = await newPage({ allowConsoleErrors: /status of 40[13]/ });
    await signInPage(page, member);
    await page.goto('/members');
    await page.waitForURL(/\/pricing\?message=subscription_required/);
  });

  it("reads 'Votre session a expiré' and goes to /auth when the session ends while the page is open", async () => {
    const member = await signUpMember();
    await subscribe(member);
    const page = await newPage({ allowConsoleErrors: /status of 401/ });
    await signInPage(page, member);
    await page.goto('/members');
    await waitForHydration(page);
    await page.getByLabel('Rechercher').waitFor();

    // The session ends on the server (signed out elsewhere); this tab still has its cookie.
    const signOut = await fetch(`${baseURL()}/api/auth/sign-out`, {
      method: 'POST',
      headers: headers(member),
      body: '{}',
    });
    expect(signOut.status).toBe(200);

    // The next request of the page is refused: the member is told, then sent to sign in. That
    // request is the search typed now, unless one the page makes by itself (a refetch of the
    // session or of a list) came first and the page already left for /auth: both are the rule.
    await page
      .getByLabel('Rechercher')
      .fill('architecte', { timeout: 3000 })
      .catch(() => undefined);
    await expect
      .poll(() => page.locator('[data-sonner-toast]').filter({ hasText: 'Votre session a expiré' }).count(), {
        timeout: 5000,
      })
      .toBe(1);
    await page.waitForURL((url) => url.pathname === '/auth');
    await page.getByRole('button', { name: 'Se connecter', exact: true }).waitFor();
  });

  it('A finds B, rates B, asks to connect (once); B accepts; both share the project', async () => {
    const stamp = Date.now().toString(36);
    const a = await signUpMember({ name: `Alice Annuaire ${stamp}` });
    const b = await signUpMember({ name: `Bérénice Vasseur ${stamp}`, email: `berenice.${stamp}@atelier-vasseur.fr` });
    await subscribe(a);
    await subscribe(b);
    await saveProfile(b, {
      companyName: 'Atelier Vasseur',
      profession: 'Architecte',
      industry: 'Bâtiment',
      city: 'Nantes',
      bio: 'Architecte DPLG, rénovation de maisons anciennes et extensions bois.',
      skills: ['Rénovation', 'Extension bois', 'Permis de construire'],
      lookingFor: ['Électricien', 'Paysagiste'],
      websiteUrl: 'atelier-vasseur.fr',
    });

    const page = await newPage({ allowConsoleErrors: /status of 409/ });
    await signInPage(page, a);
    await page.goto('/members');
    await waitForHydration(page);
    // Accent-insensitive search on the name.
    await page.getByLabel('Rechercher').fill(`berenice vasseur ${stamp}`);
    const card = page.getByRole('article', { name: b.name });
    await card.waitFor();
    expect(await card.getByText('Atelier Vasseur').count()).toBe(1);
    expect(await card.getByText('Pas encore évalué').count()).toBe(1);

    // Rating: save disabled at 0, then 4 stars.
    await card.getByRole('button', { name: /Évaluer/ }).click();
    const dialog = page.getByRole('dialog', { name: `Évaluer ${b.name}` });
    await dialog.waitFor();
    const save = dialog.getByRole('button', { name: 'Enregistrer' });
    expect(await save.isDisabled()).toBe(true);
    await expectAccessible(page);
    await dialog.locator('label', { has: page.getByText('4 étoiles') }).click();
    expect(await dialog.getByRole('radio', { name: '4 étoiles' }).isChecked()).toBe(true);
    expect(await save.isDisabled()).toBe(false);
    await save.click();
    await page.getByText('Évaluation enregistrée').waitFor();
    await expect.poll(() => card.getByText('(1 avis)').count()).toBe(1);
    expect(await card.getByText('4,0').count()).toBe(1);
    expect(await card.getByRole('button', { name: /Ma note : 4\/5/ }).count()).toBe(1);

    // Contact request: sent, then shown as pending (no second one from the page).
    await card.getByRole('button', { name: /Contacter/ }).click();
    const contact = page.getByRole('dialog', { name: `Contacter ${b.name}` });
    await contact.getByLabel(/Votre message/).fill('Bonjour, je cherche une architecte pour un projet à Nantes.');
    await contact.getByRole('button', { name: 'Envoyer la demande' }).click();
    await page.getByText('Demande de contact envoyée').waitFor();
    await card.getByRole('button', { name: 'Demande envoyée' }).waitFor();
    expect(await card.getByRole('button', { name: 'Demande envoyée' }).isDisabled()).toBe(true);
    // A second request (as a second click or another tab would send it) is refused.
    const again = await fetch(`${baseURL()}/api/members/${await userIdOf(b)}/contact-requests`, {
      method: 'POST',
      headers: headers(a),
      body: JSON.stringify({}),
    });
    expect(again.status).toBe(409);
    expect(((await again.json()) as { error: { message: string } }).error.message).toBe(
      'Une demande de contact est déjà en cours avec ce membre.',
    );

    // B accepts on /members.
    const pageB = await newPage();
    await signInPage(pageB, b);
    await pageB.goto('/members');
    await waitForHydration(pageB);
    const incoming = pageB.getByRole('region', { name: /Demandes de contact reçues/ });
    // The members' grid comes first; one line above it leads down to the request (issue 31).
    await pageB.getByRole('link', { name: '1 demande de contact reçue' }).click();
    await expect.poll(() => pageB.evaluate(() => location.hash)).toBe('#demandes-de-contact');
    await incoming.getByText('Bonjour, je cherche une architecte pour un projet à Nantes.').waitFor();
    await incoming.getByRole('button', { name: /Accepter/ }).click();
    await pageB.getByText(/Demande acceptée/).waitFor();
    await expect.poll(() => incoming.count()).toBe(0);
    // The shared project exists for both (listed on /my-projects by SharedProjectsSection).
    for (const member of [a, b]) {
      const res = await fetch(`${baseURL()}/api/me/shared-projects`, { headers: headers(member) });
      const { projects } = (await res.json()) as { projects: { title: string }[] };
      expect(projects.map((p) => p.title)).toEqual([`Collaboration ${a.name} × ${b.name}`]);
    }

    // B works on it from /my-projects; A sees the change on theirs.
    const title = `Collaboration ${a.name} × ${b.name}`;
    await pageB.goto('/my-projects');
    await waitForHydration(pageB);
    const shared = pageB.getByRole('region', { name: 'Projets communs' });
    await shared.getByRole('heading', { name: title }).waitFor();
    await shared.getByRole('button', { name: `Modifier le projet « ${title} »` }).click();
    const editor = shared.getByRole('form', { name: `Modifier « ${title} »` });
    await editor.getByLabel('Statut').selectOption({ label: 'Terminé' });
    await editor.getByLabel('Notes').fill('Plans validés, chantier livré en mars.');
    await expectAccessible(pageB);
    await editor.getByRole('button', { name: 'Enregistrer' }).click();
    await shared.getByText('Plans validés, chantier livré en mars.').waitFor();
    await page.goto('/my-projects');
    await waitForHydration(page);
    const sharedA = page.getByRole('region', { name: 'Projets communs' });
    await sharedA.getByText('Plans validés, chantier livré en mars.').waitFor();
    expect(await sharedA.getByText('Terminé').count()).toBeGreaterThan(0);
  });
});

async function userIdOf(member: Member): Promise<string> {
  const res = await fetch(`${baseURL()}/api/me`, { headers: headers(member) });
  return ((await res.json()) as { user: { id: string } }).user.id;
}
