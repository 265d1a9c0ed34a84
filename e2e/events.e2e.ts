import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { formatEventDateTime } from '../packages/shared/src/format';
import { expectAccessible, useBrowser, waitForHydration } from './helpers/browser';
import { type Member, signInPage, signUpMember, subscribe } from './helpers/member';
import { api } from './helpers/network';

const { newPage } = useBrowser();

let organizer: Member;
let member: Member;
let subscriber: Member;
const TITLE = `Afterwork des artisans ${Date.now()}`;
const EDITED = `${TITLE} (nouvelle date)`;
const DATE = new Date(Date.now() + 60 * 86_400_000).toISOString().slice(0, 10);

beforeAll(async () => {
  organizer = await signUpMember({ name: 'Hélène Garnier' });
  member = await signUpMember({ name: 'Karim Benali' });
  subscriber = await signUpMember({ name: 'Sophie Bernard' });
  await subscribe(subscriber);
});

async function openEvents(who: Member | null, options: { allowConsoleErrors?: RegExp } = {}) {
  const page = await newPage(options);
  if (who) await signInPage(page, who);
  await page.goto('/events');
  await waitForHydration(page);
  return page;
}

const eventCard = (page: Page, title: string) =>
  page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: title, exact: true }) });

describe('events page', () => {
  it('shows visitors the list and sends them to /auth when they create an event', async () => {
    const page = await openEvents(null);
    await page.getByRole('heading', { name: 'Événements à venir' }).waitFor();
    await page.getByRole('heading', { name: 'Événements passés' }).waitFor();
    // The six formats of the showcase are still there.
    await page.getByRole('heading', { name: 'Nos formats d’événements' }).waitFor();
    await page.getByRole('button', { name: 'Créer un événement' }).click();
    await page.getByText('Vous devez être connecté pour créer un événement').waitFor();
    await page.waitForURL('**/auth');
  });

  it('lets a member create an event (required fields first), then edit it', async () => {
    const page = await openEvents(organizer);
    await page.getByRole('button', { name: 'Créer un événement' }).click();
    const dialog = page.getByRole('dialog', { name: 'Créer un événement' });
    await dialog.waitFor();
    await dialog.getByRole('option', { name: 'Afterwork' }).waitFor({ state: 'attached' });
    await expectAccessible(page);

    await dialog.getByRole('button', { name: 'Créer l’événement' }).click();
    await dialog.getByText('Veuillez remplir tous les champs obligatoires').waitFor();

    await dialog.getByLabel('Titre').fill(TITLE);
    await dialog.getByLabel('Description').fill('Rencontre entre membres autour d’un verre.');
    await dialog.getByLabel('Date').fill(DATE);
    await dialog.getByLabel('Heure').fill('18:30');
    await dialog.getByLabel('Lieu').fill('Champigny-sur-Marne');
    await dialog.getByLabel('Nombre maximum de participants').fill('12');
    await dialog.getByLabel('Catégorie', { exact: true }).selectOption({ label: 'Afterwork' });
    await dialog.getByRole('button', { name: 'Créer l’événement' }).click();
    await page.getByText('Événement créé avec succès').waitFor();
    await dialog.waitFor({ state: 'detached' });

    const card = eventCard(page, TITLE);
    await card.getByText(formatEventDateTime(DATE, '18:30')).waitFor();
    await card.getByText('Champigny-sur-Marne').waitFor();
    await card.getByText('12 places restantes', { exact: false }).waitFor();
    await card.getByText('Hélène Garnier').waitFor();
    const image = card.getByRole('img', { name: /Afterwork/ });
    expect(await image.getAttribute('src')).toBe('/images/event-categories/afterwork.svg');

    await card.getByRole('button', { name: `Modifier « ${TITLE} »` }).click();
    const edit = page.getByRole('dialog', { name: 'Modifier l’événement' });
    await edit.waitFor();
    expect(await edit.getByLabel('Titre').inputValue()).toBe(TITLE);
    await edit.getByLabel('Titre').fill(EDITED);
    await edit.getByLabel('Heure').fill('19:00');
    await edit.getByRole('button', { name: 'Enregistrer' }).click();
    await page.getByText('Événement modifié avec succès').waitFor();
    await eventCard(page, EDITED).getByText(formatEventDateTime(DATE, '19:00')).waitFor();
  });

  it('sends a member without a subscription to /pricing when registering', async () => {
    const page = await openEvents(member, { allowConsoleErrors: /status of 403/ });
    await eventCard(page, EDITED).getByRole('button', { name: 'S’inscrire' }).click();
    await page.getByText('Vous devez avoir un abonnement actif pour vous inscrire aux événements').waitFor();
    await page.waitForURL('**/pricing?message=subscription_required');
  });

  it('sends a visitor to /auth when registering', async () => {
    const page = await openEvents(null);
    await eventCard(page, EDITED).getByRole('button', { name: 'S’inscrire' }).click();
    await page.getByText('Vous devez être connecté pour vous inscrire').waitFor();
    await page.waitForURL('**/auth');
  });

  it('lets a subscriber register, export the event to a calendar and cancel', async () => {
    const page = await openEvents(subscriber);
    const card = eventCard(page, EDITED);
    await card.getByRole('button', { name: 'S’inscrire' }).click();
    await page.getByText('Inscription confirmée').waitFor();
    await card.getByText('Inscrit', { exact: true }).waitFor();
    await card.getByText('11 places restantes', { exact: false }).waitFor();

    const link = card.getByRole('link', { name: 'Ajouter au calendrier' });
    const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
    expect(download.suggestedFilename()).toMatch(/\.ics$/);
    const res = await page.request.get((await link.getAttribute('href')) ?? '');
    expect(res.headers()['content-type']).toBe('text/calendar; charset=utf-8');
    const ics = await res.text();
    expect(ics.startsWith('BEGIN:VCALENDAR\r\n')).toBe(true);
    expect(ics).toContain(`DTSTART;TZID=Europe/Paris:${DATE.replaceAll('-', '')}T190000`);

    await card.getByRole('button', { name: 'Se désinscrire' }).click();
    await page.getByText('Inscription annulée').waitFor();
    await card.getByRole('button', { name: 'S’inscrire' }).waitFor();
    expect(await card.getByText('Inscrit', { exact: true }).count()).toBe(0);
  });

  it('lets the organizer delete the event after a confirmation; axe passes with the dialog open', async () => {
    const page = await openEvents(organizer);
    await page.getByRole('button', { name: 'Créer un événement' }).click();
    await page.getByRole('dialog', { name: 'Créer un événement' }).waitFor();
    await expectAccessible(page);
    await page.keyboard.press('Escape');

    await eventCard(page, EDITED)
      .getByRole('button', { name: `Supprimer « ${EDITED} »` })
      .click();
    const confirm = page.getByRole('alertdialog', { name: 'Supprimer l’événement' });
    await confirm.waitFor();
    await expectAccessible(page);
    await confirm.getByRole('button', { name: 'Supprimer', exact: true }).click();
    await page.getByText('Événement supprimé avec succès').waitFor();
    await expect.poll(() => eventCard(page, EDITED).count()).toBe(0);
  });
});

describe('the events written into the page by the server (issue 20, decision 0013)', () => {
  const SOON = `Petit-déjeuner des commerçants ${Date.now()}`;
  const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);

  beforeAll(async () => {
    await api(organizer, 'POST', '/api/events', {
      title: SOON,
      description: 'Café, croissants et recommandations.',
      date: tomorrow,
      time: '07:30',
      location: 'Lyon 2e',
      maxAttendees: '',
      categoryId: '',
    });
  });

  it('lists the events for a browser that runs no script', async () => {
    const page = await newPage({ javaScriptEnabled: false });
    await page.goto('/events');
    const card = eventCard(page, SOON);
    await card.waitFor();
    await card.getByText(formatEventDateTime(tomorrow, '07:30')).waitFor();
    await card.getByText('Hélène Garnier').waitFor();
    await card.getByRole('link', { name: 'Ajouter au calendrier' }).waitFor();
    expect(await page.locator('[aria-busy="true"]').count()).toBe(0);
  });

  it('starts no script until used, then hydrates the same cards without fetching them again', async () => {
    const page = await newPage();
    const scripts: string[] = [];
    const lists: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(request.url());
      if (new URL(request.url()).pathname === '/api/events') lists.push(request.url());
    });
    await page.goto('/events', { waitUntil: 'networkidle' });
    await eventCard(page, SOON).waitFor();
    expect(scripts).toEqual([]);
    // The node React finds when it hydrates is the one the server wrote (a mismatch would make
    // React build the page again, and log an error the helper fails on).
    await page.evaluate((title) => {
      const card = [...document.querySelectorAll('h3')].find((h) => h.textContent === title);
      (window as unknown as { servedCard?: Element }).servedCard = card;
    }, SOON);
    await waitForHydration(page);
    expect(scripts.length).toBeGreaterThan(0);
    const same = await page.evaluate((title) => {
      const card = [...document.querySelectorAll('h3')].find((h) => h.textContent === title);
      return card !== undefined && card === (window as unknown as { servedCard?: Element }).servedCard;
    }, SOON);
    expect(same).toBe(true);
    await expectAccessible(page);
    // React drives the cards now: a visitor's S'inscrire sends them to /auth.
    await eventCard(page, SOON).getByRole('button', { name: 'S’inscrire' }).click();
    await page.getByText('Vous devez être connecté pour vous inscrire').waitFor();
    await page.waitForURL('**/auth');
    expect(lists).toEqual([]);
  });
});
