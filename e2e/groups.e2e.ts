import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { baseURL, expectAccessible, useBrowser, waitForHydration } from './helpers/browser';
import { signInPage, signUpMember } from './helpers/member';
import { api, tradeSubscriber } from './helpers/network';

const { newPage } = useBrowser();

/** The second admin of the e2e server (ADMIN_EMAILS in helpers/global-setup.ts): this file's own. */
const ADMIN_EMAIL = 'admin.groups.e2e@synergie-pro.test';

const subscriber = (name: string, trade: string) => tradeSubscriber(name, trade, 'Annecy');

describe('groups: a seat for your trade', () => {
  it('a newcomer applies for the free plumber seat, a leader accepts, a second plumber goes to the waiting list', async () => {
    const admin = await signUpMember({ name: 'Gaëlle Admin', email: ADMIN_EMAIL });
    const slug = `annecy-${randomBytes(3).toString('hex')}`;
    const group = await api<{ id: string }>(admin, 'POST', '/api/admin/groups', {
      name: 'Synergie Pro Annecy Lac',
      slug,
      city: 'Annecy',
      departmentCode: '74',
      region: 'Auvergne-Rhône-Alpes',
      description: 'Entrepreneurs du bassin annécien, un par métier.',
      meetingPlace: 'Hôtel du Lac, 1 quai Napoléon III, 74000 Annecy',
      meetingRhythm: 'weekly',
      meetingWeekday: 2,
      meetingTime: '07:00',
    });

    // The président: a notary, accepted by the admin (no objection: override), then named.
    const president = await subscriber('Hélène Notaire', 'Notaire');
    const first = await api<{ id: string }>(president, 'POST', `/api/groups/${group.id}/applications`, {});
    await api(admin, 'POST', `/api/groups/${group.id}/applications/${first.id}/accept`, { override: true });
    await api(admin, 'PUT', `/api/groups/${group.id}/leaders/president`, { userId: president.id });

    // The served HTML carries the group's own head, before any script (what a search engine reads).
    const html = await (await fetch(`${baseURL()}/groupes/${slug}`)).text();
    expect(html).toMatch(/<title>Synergie Pro Annecy Lac \| /);
    expect(html).toContain('"@type":"Organization"');

    // A plumber finds the group on /groupes and applies for the free seat.
    const plumber = await subscriber('Paul Plombier', 'Plombier chauffagiste');
    const page = await newPage();
    await signInPage(page, plumber);
    await page.goto('/groupes');
    await waitForHydration(page);
    await expectAccessible(page);
    await page
      .getByRole('link', { name: /Synergie Pro Annecy Lac/ })
      .first()
      .click();
    await page.waitForURL(`**/groupes/${slug}`);
    await expect.poll(() => page.title()).toContain('Synergie Pro Annecy Lac');
    await page.getByText('Hélène Notaire').first().waitFor();
    // Open seats by family: the plumber's own family is open, with their trade in it.
    await page.getByText('Votre métier').waitFor();
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Postuler', exact: true }).click();
    // The apply box says so (`Votre candidature : en cours.`; the hidden preview banner says `en cours` too).
    await page.getByText(/^Votre candidature\s*:\s*en cours\.$/).waitFor();

    // The président accepts from the leaders' page, without waiting for the 7 days (no objection).
    const leaderPage = await newPage();
    await signInPage(leaderPage, president);
    await leaderPage.goto(`/groupes/${slug}/gestion?onglet=candidatures`);
    await waitForHydration(leaderPage);
    await leaderPage.getByText('Paul Plombier').first().waitFor();
    await expectAccessible(leaderPage);
    await leaderPage.getByRole('button', { name: 'Accepter la candidature de Paul Plombier' }).click();
    const dialog = leaderPage.getByRole('dialog');
    await dialog.getByLabel(/Accepter sans attendre la fin de la période d’objection/).check();
    await dialog.getByRole('button', { name: 'Accepter', exact: true }).click();
    await dialog.waitFor({ state: 'hidden' });

    const seated = await api<{ members: { fullName: string; tradeLabel: string }[] }>(
      null,
      'GET',
      `/api/group-pages/${slug}`,
    );
    expect(seated.members.map((m) => [m.fullName, m.tradeLabel])).toContainEqual([
      'Paul Plombier',
      'Plombier chauffagiste',
    ]);

    // A second plumber is told the trade is represented and joins the waiting list.
    const second = await subscriber('Pierre Plombier', 'Plombier chauffagiste');
    const secondPage = await newPage();
    await signInPage(secondPage, second);
    await secondPage.goto(`/groupes/${slug}`);
    await waitForHydration(secondPage);
    await secondPage.getByText('Ce métier est déjà représenté dans ce groupe.').waitFor();
    await secondPage.getByRole('button', { name: 'Rejoindre la liste d’attente' }).click();
    await secondPage.getByText('Vous êtes 1er sur la liste d’attente').first().waitFor();
    // The page itself, once the toast saying the same has come (its library loads with the first
    // toast, after the page's text) and gone: axe measured it fading in on a busy machine. On a
    // slow run it may have come and gone already (CI8): then there is nothing to wait for.
    await secondPage
      .locator('[data-sonner-toast]')
      .first()
      .waitFor({ timeout: 10_000 })
      .catch(() => undefined);
    await expect
      .poll(() => secondPage.locator('[data-sonner-toast]').count(), { timeout: 15_000, interval: 200 })
      .toBe(0);
    await expectAccessible(secondPage);
  });

  it('serves an unknown group page as a 404', async () => {
    const missing = await fetch(`${baseURL()}/groupes/ce-groupe-n-existe-pas`);
    expect(missing.status).toBe(404);
  });
});
