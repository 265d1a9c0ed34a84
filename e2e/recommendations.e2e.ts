import { randomBytes } from 'node:crypto';
import { dashboardDefinitions as D } from '@synergie/shared/dashboard-constants';
import { recommendationMessages } from '@synergie/shared/recommendation-constants';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectAccessible, tabTo, useBrowser, waitForHydration } from './helpers/browser';
import { adminMember, signInPage } from './helpers/member';
import { api, tradeSubscriber } from './helpers/network';

const { newPage } = useBrowser();

const subscriber = (name: string, trade: string) => tradeSubscriber(name, trade, 'Rennes');

/** A figure of /dashboard by its label (each label once on the page, dashboardDefinitions). */
async function figure(page: Page, label: string) {
  const escaped = label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const term = page.locator('dt').filter({ hasText: new RegExp(`^${escaped}$`) });
  expect(await term.count(), label).toBe(1);
  return (await term.locator('xpath=following-sibling::dd[1]').innerText()).trim();
}

describe('recommendations: the loop members pay for', () => {
  it('A recommends a contact to B, B moves it to won with an amount, A follows each step and confirms', async () => {
    const alice = await subscriber('Alice Avocate', 'Notaire');
    const bruno = await subscriber('Bruno Plombier', 'Plombier chauffagiste');

    // A finds B in the directory and opens the form from B's card.
    const a = await newPage();
    await signInPage(a, alice);
    await a.goto('/members');
    await waitForHydration(a);
    // The navigation's `Recommander` is reachable with the keyboard.
    await tabTo(a, /^Recommander$/, a.locator('aside').getByRole('link', { name: 'Recommander', exact: true }));
    await a.getByLabel('Rechercher', { exact: true }).fill('Bruno Plombier');
    const recommend = a.getByRole('link', { name: 'Recommander Bruno Plombier' });
    await recommend.waitFor();
    await recommend.click();
    await a.waitForURL(`**/recommandations/nouvelle?pour=${bruno.id}`);
    await a.getByText('Bruno Plombier').first().waitFor();
    await expectAccessible(a);

    // An external contact, without the consent box first: the French refusal, nothing sent.
    await a.getByLabel('Un contact externe').check();
    await a.getByLabel('Nom du contact').fill('Jeanne Client');
    await a.getByLabel('Entreprise (facultatif)').fill('Boulangerie Jeanne');
    await a.getByLabel('Téléphone').fill('06 12 34 56 78');
    await a.getByLabel('Email', { exact: true }).fill('jeanne@boulangerie-jeanne.fr');
    await a.getByLabel('Son besoin').fill('Refaire la plomberie du fournil avant l’été.');
    // `Chaleur` with the keyboard: the first choice, then the arrow keys.
    await a.getByLabel(/^1\s*Froid$/).focus();
    await a.keyboard.press('ArrowRight');
    await a.keyboard.press('ArrowRight');
    await a.keyboard.press('ArrowRight');
    expect(await a.getByLabel(/^4\s*Chaud$/).isChecked()).toBe(true);
    await a.getByLabel('Message (facultatif)').fill('Elle attend ton appel cette semaine.');
    await a.getByRole('button', { name: 'Recommander', exact: true }).click();
    await a.getByText(recommendationMessages.consentRequired).waitFor();
    expect(a.url()).toContain('/recommandations/nouvelle');
    await expectAccessible(a);

    await a.getByLabel(recommendationMessages.consent).check();
    await a.getByRole('button', { name: 'Recommander', exact: true }).click();
    await a.waitForURL(/\/recommandations\/(?!nouvelle)[^/?]+$/);
    const recommendationId = new URL(a.url()).pathname.split('/').at(-1) ?? '';
    await a.getByRole('heading', { name: 'Jeanne Client', level: 1 }).waitFor();
    await a.getByText('Recommandation donnée').waitFor();
    await a.getByRole('link', { name: '06 12 34 56 78' }).waitFor();
    await expectAccessible(a);

    // B sees it on /recommandations (Reçues) and moves it to Contactée, then Gagnée with an amount.
    const b = await newPage();
    await signInPage(b, bruno);
    await b.goto('/recommandations');
    await waitForHydration(b);
    await b.getByRole('link', { name: 'Jeanne Client' }).waitFor();
    await expectAccessible(b);
    await b.getByRole('link', { name: 'Jeanne Client' }).click();
    await b.waitForURL(`**/recommandations/${recommendationId}`);
    await b.getByLabel('Contactée').check();
    await b.getByLabel('Note (facultatif)').fill('Rendez-vous pris pour lundi.');
    await b.getByRole('button', { name: 'Enregistrer l’étape' }).click();
    await b.getByText('Reçue → Contactée').waitFor();
    await expectAccessible(b);

    await b.getByLabel('Gagnée').check();
    await b.getByLabel(/Montant HT/).fill('-5');
    await b.getByRole('button', { name: 'Enregistrer l’étape' }).click();
    await b.getByText(/Le montant doit être supérieur à 0/).waitFor();
    await b.getByLabel(/Montant HT/).fill('12 500');
    await b.getByRole('button', { name: 'Enregistrer l’étape' }).click();
    await b.getByText(/Contactée → Gagnée/).waitFor();
    await b.getByText('Déclarée', { exact: true }).first().waitFor();
    await expectAccessible(b);

    // A sees every step in the history and confirms the amount.
    await a.reload();
    await waitForHydration(a);
    await a.getByText('Reçue → Contactée').waitFor();
    await a.getByText(/Contactée → Gagnée/).waitFor();
    await a.getByText('Rendez-vous pris pour lundi.').waitFor();
    await expectAccessible(a);
    await a.getByRole('button', { name: recommendationMessages.confirm }).click();
    await a.getByText('Confirmée', { exact: true }).first().waitFor();
    await expect.poll(() => a.getByText(/montant confirmé/).count()).toBeGreaterThan(0);

    // Both dashboards show the figures.
    await a.goto('/dashboard');
    await waitForHydration(a);
    await a.getByRole('heading', { name: 'Recommandations', exact: true }).waitFor();
    expect(await figure(a, D.totalGiven.label)).toBe('1');
    expect((await figure(a, D.confirmedGiven.label)).replace(/\s/g, '')).toBe('12500,00€');
    expect((await figure(a, D.toConfirm.label)).replace(/\s/g, '')).toMatch(/^0,00€/);
    await expectAccessible(a);

    await b.goto('/dashboard');
    await waitForHydration(b);
    await b.getByRole('heading', { name: 'Recommandations', exact: true }).waitFor();
    expect(await figure(b, D.totalReceived.label)).toBe('1');
    expect(await figure(b, D.totalWon.label)).toBe('1');
    expect((await figure(b, D.confirmedReceived.label)).replace(/\s/g, '')).toBe('12500,00€');
    expect(await figure(b, D.conversion.label)).toMatch(/^100\s?%$/);

    // Given side, with the filters in the address; the CSV link carries them.
    await a.goto('/recommandations?side=given&status=won');
    await waitForHydration(a);
    await a.getByRole('link', { name: 'Jeanne Client' }).waitFor();
    expect(await a.getByRole('link', { name: recommendationMessages.exportCsv }).getAttribute('href')).toBe(
      '/api/me/recommendations.csv?side=given&status=won',
    );
    await expectAccessible(a);
    // The longest walk of the suite (two members, nine pages, each checked with axe): 60 s on a
    // busy two-core machine is too tight.
  }, 120_000);

  it("a group's leaders see its monthly totals, admins the national ones", async () => {
    const admin = await adminMember();
    const slug = `rennes-${randomBytes(3).toString('hex')}`;
    const group = await api<{ id: string }>(admin, 'POST', '/api/admin/groups', {
      name: 'Synergie Pro Rennes Centre',
      slug,
      city: 'Rennes',
      departmentCode: '35',
      region: 'Bretagne',
      description: 'Entrepreneurs rennais, un par métier.',
      meetingPlace: 'Hôtel de Rennes, 1 place de la Gare, 35000 Rennes',
      meetingRhythm: 'weekly',
      meetingWeekday: 4,
      meetingTime: '07:30',
    });
    const president = await subscriber('Denise Notaire', 'Notaire');
    const application = await api<{ id: string }>(president, 'POST', `/api/groups/${group.id}/applications`, {});
    await api(admin, 'POST', `/api/groups/${group.id}/applications/${application.id}/accept`, { override: true });
    await api(admin, 'PUT', `/api/groups/${group.id}/leaders/president`, { userId: president.id });
    const receiver = await subscriber('Étienne Plombier', 'Plombier chauffagiste');
    await api(president, 'POST', '/api/recommendations', {
      receiverId: receiver.id,
      kind: 'for_you',
      heat: 3,
      message: 'Notre étude a besoin de toi.',
    });

    const page = await newPage();
    await signInPage(page, president);
    await page.goto(`/groupes/${slug}/gestion?onglet=historique`);
    await waitForHydration(page);
    const totals = page.getByRole('region', { name: 'Recommandations du groupe par mois' });
    await totals.waitFor();
    expect(await totals.getByRole('row').count()).toBeGreaterThanOrEqual(2);
    await expectAccessible(page);

    const adminPage = await newPage();
    await signInPage(adminPage, admin);
    await adminPage.goto('/admin/recommandations');
    await waitForHydration(adminPage);
    await adminPage.getByRole('region', { name: 'Recommandations du réseau par mois' }).waitFor();
    await expectAccessible(adminPage);
  });

  it('answers a recommendation nobody may read with the 404 page', async () => {
    const carole = await subscriber('Carole Comptable', 'Notaire');
    const page = await newPage({ allowConsoleErrors: /status of 404/ });
    await signInPage(page, carole);
    await page.goto('/recommandations/00000000-0000-4000-8000-000000000000');
    await waitForHydration(page);
    await page.getByRole('heading', { name: 'Page introuvable' }).waitFor();
  });
});
