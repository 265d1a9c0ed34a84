import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { baseURL, expectAccessible, useBrowser, waitForHydration } from './helpers/browser';
import { cookieHeader, type Member, signInPage, signUpMember } from './helpers/member';

const { newPage } = useBrowser();

let author: Member;
let applicant: Member;
const TITLE = `Chargé d'affaires ${Date.now()}`;
const APPLICATION = 'Je connais bien votre secteur et je suis disponible dès le mois prochain.';

/** Gives a member a company, so the offer reads 'Publié par {name} de {company}'. */
async function setCompany(member: Member, fullName: string, companyName: string) {
  const empty = { phone: '', bio: '', profession: '', industry: '', city: '', sponsorName: '' };
  const links = { websiteUrl: '', linkedinUrl: '', twitterUrl: '', githubUrl: '', facebookUrl: '' };
  const res = await fetch(`${baseURL()}/api/me/profile`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json', origin: baseURL(), cookie: cookieHeader(member) },
    body: JSON.stringify({ fullName, companyName, ...empty, ...links, skills: [], lookingFor: [] }),
  });
  if (!res.ok) throw new Error(`profile update failed: ${res.status} ${await res.text()}`);
}

beforeAll(async () => {
  author = await signUpMember({ name: 'Hélène Garnier' });
  applicant = await signUpMember({ name: 'Karim Benali' });
  await setCompany(author, 'Hélène Garnier', 'Garnier Immobilier');
  await setCompany(applicant, 'Karim Benali', 'Benali Conseil');
});

async function openCareers(member: Member | null, options: { allowConsoleErrors?: RegExp } = {}) {
  const page = await newPage(options);
  if (member) await signInPage(page, member);
  await page.goto('/careers');
  await waitForHydration(page);
  return page;
}

const offerCard = (page: Page) =>
  page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: TITLE, exact: true }) });

async function mailsTo(address: string) {
  const res = await fetch(`${baseURL()}/api/dev/mailbox?to=${encodeURIComponent(address)}`);
  return (await res.json()).mails as { subject: string; text: string }[];
}

describe('careers page', () => {
  it('offers visitors a sign-in prompt instead of the publish button', async () => {
    const page = await openCareers(null);
    await page.getByRole('heading', { name: 'Carrières', level: 1 }).waitFor();
    const signIn = page.getByRole('link', { name: 'Se connecter' });
    await signIn.waitFor();
    expect(await signIn.getAttribute('href')).toBe('/auth');
    expect(await page.getByRole('button', { name: 'Publier une offre' }).count()).toBe(0);
    await expectAccessible(page);
  });

  it('publishes an offer, showing the first failing message of the schema first', async () => {
    const page = await openCareers(author);
    await page.getByRole('button', { name: 'Publier une offre' }).click();
    const dialog = page.getByRole('dialog', { name: 'Publier une offre' });
    await dialog.waitFor();
    await expectAccessible(page);

    // Several fields are wrong: only the first failing message shows.
    await dialog.getByRole('textbox', { name: 'Titre du poste' }).fill('Abc');
    await dialog.getByRole('button', { name: 'Publier l’offre' }).click();
    await dialog.getByText('Le titre doit contenir au moins 5 caractères').waitFor();
    expect(await dialog.getByText('La localisation doit contenir au moins 2 caractères').count()).toBe(0);
    expect(await dialog.getByRole('textbox', { name: 'Titre du poste' }).getAttribute('aria-invalid')).toBe('true');
    await expectAccessible(page);

    await dialog.getByRole('textbox', { name: 'Titre du poste' }).fill(TITLE);
    await dialog.getByRole('textbox', { name: 'Localisation' }).fill('Bordeaux');
    await dialog.getByRole('textbox', { name: 'Type de contrat' }).fill('CDI');
    await dialog.getByRole('textbox', { name: 'Expérience' }).fill('5 ans');
    await dialog
      .getByRole('textbox', { name: 'Description' })
      .fill('Développer le portefeuille de clients professionnels de notre agence.');
    await dialog.getByRole('textbox', { name: 'Compétences' }).fill(' , ');
    await dialog.getByRole('button', { name: 'Publier l’offre' }).click();
    await dialog.getByText('Au moins une compétence est requise').waitFor();
    await dialog.getByRole('textbox', { name: 'Compétences' }).fill(' Négociation, , Immobilier d’entreprise ');
    await dialog.getByRole('button', { name: 'Publier l’offre' }).click();
    await page.getByText('Offre ajoutée avec succès\u202f!').waitFor();
    await dialog.waitFor({ state: 'detached' });

    const card = offerCard(page);
    await card.waitFor();
    await card.getByText('Publié par Hélène Garnier de Garnier Immobilier').waitFor();
    for (const text of ['Bordeaux', 'CDI', '5 ans', 'Négociation', 'Immobilier d’entreprise']) {
      await card.getByText(text, { exact: true }).waitFor();
    }
    // Own offer: no 'Postuler', but 'Supprimer'; and it comes first in the author's list.
    expect(await card.getByRole('button', { name: /Postuler/ }).count()).toBe(0);
    await card.getByRole('button', { name: /Supprimer/ }).waitFor();
    const firstHeading = page.getByRole('list', { name: 'Offres d’emploi' }).getByRole('heading').first();
    expect(await firstHeading.textContent()).toBe(TITLE);
    await card.getByText('Aucune candidature reçue').waitFor();
  });

  it('sends a visitor who wants to apply to /auth', async () => {
    const page = await openCareers(null);
    await offerCard(page)
      .getByRole('button', { name: /Postuler/ })
      .click();
    await page.getByText('Vous devez être connecté pour postuler').waitFor();
    await page.waitForURL('**/auth');
  });

  it('lets another member apply once, with the message rule, then shows the offer as applied', async () => {
    // The duplicate sent on purpose below is answered 409, which the browser logs.
    const page = await openCareers(applicant, { allowConsoleErrors: /status of 409/ });
    const card = offerCard(page);
    await card.getByText('Publié par Hélène Garnier de Garnier Immobilier').waitFor();
    await card.getByRole('button', { name: /Postuler/ }).click();
    const dialog = page.getByRole('dialog', { name: `Postuler : ${TITLE}` });
    await dialog.waitFor();
    const message = dialog.getByRole('textbox', { name: 'Pourquoi cette offre vous intéresse-t-elle\u202f?' });
    await message.fill('   Motivé   ');
    await dialog.getByRole('button', { name: 'Envoyer ma candidature' }).click();
    await dialog.getByText('Veuillez fournir un message d’au moins 10 caractères').waitFor();
    await expectAccessible(page);

    await message.fill(APPLICATION);
    await dialog.getByRole('button', { name: 'Envoyer ma candidature' }).click();
    await page.getByText('Candidature envoyée avec succès\u202f!').waitFor();
    await dialog.waitFor({ state: 'detached' });
    await card.getByText('Candidature envoyée', { exact: true }).waitFor();
    expect(await card.getByRole('button', { name: /Postuler/ }).count()).toBe(0);

    // After a reload too; and the API refuses a second application with the spec's message.
    await page.reload();
    await waitForHydration(page);
    await offerCard(page).getByText('Candidature envoyée', { exact: true }).waitFor();
    const jobId = await page.evaluate(async (title) => {
      const { jobs } = await (await fetch('/api/jobs')).json();
      return jobs.find((job: { title: string }) => job.title === title).id as string;
    }, TITLE);
    const again = await page.evaluate(async (id) => {
      const res = await fetch(`/api/jobs/${id}/applications`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ message: 'Une seconde candidature pour la même offre.' }),
      });
      return { status: res.status, body: await res.json() };
    }, jobId);
    expect(again).toEqual({
      status: 409,
      body: { error: { code: 'ALREADY_APPLIED', message: 'Vous avez déjà postulé à cette offre' } },
    });

    await expect
      .poll(async () => (await mailsTo(author.email)).filter((mail) => mail.subject.includes(TITLE)).length)
      .toBe(1);
    const [mail] = (await mailsTo(author.email)).filter((m) => m.subject.includes(TITLE));
    expect(mail?.text).toContain(APPLICATION);
    expect(mail?.text).toContain('/careers');
  });

  it('shows the author the application received, then deletes the offer after confirmation', async () => {
    const page = await openCareers(author);
    const card = offerCard(page);
    await card.getByRole('button', { name: 'Candidatures reçues (1)' }).click();
    await card.getByText('Karim Benali').waitFor();
    await card.getByText('Benali Conseil', { exact: false }).waitFor();
    await card.getByText(APPLICATION).waitFor();
    const date = await card.locator('time').textContent();
    expect(date).toMatch(/^\d{1,2}(er)? \S+ \d{4} à \d{1,2}\u00a0h\u00a0\d{2}$/);
    await expectAccessible(page);

    await card.getByRole('button', { name: /Supprimer/ }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Supprimer l’offre' });
    await confirm.waitFor();
    await expectAccessible(page);
    await confirm.getByRole('button', { name: 'Annuler' }).click();
    await confirm.waitFor({ state: 'detached' });
    await card.waitFor();

    await card.getByRole('button', { name: /Supprimer/ }).click();
    await page
      .getByRole('alertdialog', { name: 'Supprimer l’offre' })
      .getByRole('button', { name: 'Supprimer' })
      .click();
    await page.getByText('Offre supprimée', { exact: true }).waitFor();
    await offerCard(page).waitFor({ state: 'detached' });
  });
});
