import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { expectAccessible, useBrowser, waitForHydration } from './helpers/browser';
import { adminMember, signInPage } from './helpers/member';
import { api, mailTo, seatWithPresident, tradeSubscriber } from './helpers/network';

/**
 * Visitors who register themselves (issue 30), in a real browser: the group's visitors' page
 * without scripts (the served form, answered by the server) and with scripts (react-hook-form,
 * the JSON API), the confirmation mail, and the leaders' `Visiteurs` tab.
 */

const { newPage } = useBrowser();

describe('visitors: a visitor registers themselves', () => {
  it('registers without scripts, then with scripts, and the leaders see them', async () => {
    const admin = await adminMember();
    const slug = `chambery-${randomBytes(3).toString('hex')}`;
    const group = await api<{ id: string }>(admin, 'POST', '/api/admin/groups', {
      name: `Synergie Pro Chambéry ${slug.slice(-6)}`,
      slug,
      city: 'Chambéry',
      departmentCode: '73',
      region: 'Auvergne-Rhône-Alpes',
      description: 'Les entrepreneurs de Chambéry, un par métier.',
      meetingPlace: 'Le Manège, 331 rue de la République, 73000 Chambéry',
      meetingRhythm: 'weekly',
      meetingWeekday: 3,
      meetingTime: '07:30',
    });
    const president = await tradeSubscriber('Irène Présidente', 'Notaire', 'Chambéry');
    await seatWithPresident(admin, group.id, [president]);
    // The meeting generator's first weeks.
    await expect
      .poll(async () => (await api<{ meeting: unknown }>(null, 'GET', `/api/groups/${slug}/visit`)).meeting, {
        timeout: 20_000,
      })
      .not.toBeNull();

    // Without scripts: the served page holds the group, its next meeting and the form.
    // The refusal below is a 400 page: the browser logs its status.
    const plain = await newPage({ javaScriptEnabled: false, allowConsoleErrors: /status of 400/ });
    await plain.goto(`/groupes/${slug}/visiter`);
    await plain.getByRole('heading', { name: /Visiter le groupe Synergie Pro Chambéry/ }).waitFor();
    await plain.getByText('Le Manège, 331 rue de la République, 73000 Chambéry').waitFor();
    await plain.getByLabel('Nom complet').fill('Léa Fontaine');
    await plain.getByLabel('Email').fill(`lea.${slug}@example.fr`);
    await plain.getByLabel('Métier').selectOption({ label: 'Traducteur' });
    await plain.getByRole('button', { name: 'Je m’inscris à la réunion' }).click();
    // Refused without the consent box: the form again, with the message and what was typed.
    await plain.getByText(/Cochez la case d’accord/).waitFor();
    expect(await plain.getByLabel('Email').inputValue()).toBe(`lea.${slug}@example.fr`);
    await plain.getByRole('checkbox').check();
    await plain.getByRole('button', { name: 'Je m’inscris à la réunion' }).click();
    await plain.getByText('Vous êtes inscrit à la réunion.', { exact: false }).waitFor();
    await plain.getByText(/le siège «\s*Traducteur\s*» est libre/).waitFor();
    // No script ran: the answer is the server's page (axe needs scripts: checked on the React page).
    await mailTo(`lea.${slug}@example.fr`, (m) => m.template === 'visit-confirmation', 'visit confirmation');

    // With scripts: the React form, the same rules, the answer without leaving the page.
    const page = await newPage();
    await page.goto(`/groupes/${slug}/visiter`);
    await waitForHydration(page);
    await page.getByRole('heading', { name: /Visiter le groupe Synergie Pro Chambéry/ }).waitFor();
    expect(await page.locator('#visite-servie').count()).toBe(0);
    await page.getByLabel('Nom complet').fill('Paul Roux');
    await page.getByLabel('Email').fill(`paul.${slug}@example.fr`);
    await page.getByLabel('Métier').selectOption({ label: 'Notaire' });
    await page.getByRole('checkbox').check();
    await page.getByRole('button', { name: 'Je m’inscris à la réunion' }).click();
    await page.getByText('Vous êtes inscrit à la réunion.', { exact: false }).waitFor();
    // The notary's seat is the président's: the answer says so.
    await page.getByText(/le siège «\s*Notaire\s*» est déjà pris/i).waitFor();
    await expectAccessible(page);

    // The leaders' `Visiteurs` tab.
    const leader = await newPage();
    await signInPage(leader, president);
    await leader.goto(`/groupes/${slug}/gestion?onglet=visiteurs`);
    await waitForHydration(leader);
    await leader.getByRole('heading', { name: 'Visiteurs par réunion' }).waitFor();
    await leader.getByRole('cell', { name: /Léa Fontaine/ }).waitFor();
    await leader.getByText(/Taux de conversion d’un membre/).waitFor();
  });
});
