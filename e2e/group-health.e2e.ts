import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { expectAccessible, useBrowser, waitForHydration } from './helpers/browser';
import { adminMember, signInPage } from './helpers/member';
import { api, seatWithPresident, tradeSubscriber } from './helpers/network';

const { newPage } = useBrowser();

/** A group with its président (a subscriber in Grenoble), created by the e2e admin. */
async function groupWithPresident(name: string, trade: string) {
  const admin = await adminMember();
  const slug = `sante-${randomBytes(3).toString('hex')}`;
  const group = await api<{ id: string }>(admin, 'POST', '/api/admin/groups', {
    name,
    slug,
    city: 'Grenoble',
    departmentCode: '38',
    region: 'Auvergne-Rhône-Alpes',
    description: 'Un groupe pour la vue d’ensemble.',
    meetingPlace: 'Maison du tourisme, 14 rue de la République, 38000 Grenoble',
    meetingRhythm: 'weekly',
    meetingWeekday: 4,
    meetingTime: '07:30',
  });
  const president = await tradeSubscriber(`${name.split(' ').at(-1)} Présidente`, trade, 'Grenoble');
  await seatWithPresident(admin, group.id, [president]);
  return { admin, slug, group, president };
}

describe('the leaders’ page in tabs, its overview and the admins’ figures (issue 29)', () => {
  it('a président opens the overview, compares with another group, moves between tabs by URL and keys', async () => {
    const mine = await groupWithPresident(`Synergie Pro Grenoble ${randomBytes(2).toString('hex')}`, 'Notaire');
    const other = await groupWithPresident(`Synergie Pro Voiron ${randomBytes(2).toString('hex')}`, 'Avocat');
    const page = await newPage({ viewport: { width: 1366, height: 900 } });
    await signInPage(page, mine.president);
    await page.goto(`/groupes/${mine.slug}/gestion`);
    await waitForHydration(page);
    const overview = page.getByRole('tab', { name: 'Vue d’ensemble' });
    await expect.poll(() => overview.getAttribute('aria-selected')).toBe('true');
    await page.getByRole('heading', { name: 'La santé du groupe' }).waitFor();
    await page.getByRole('img', { name: /taux de présence/ }).waitFor();
    await expectAccessible(page);

    // Compare with the other group: its name heads a column, the address keeps it.
    await page.getByLabel('Groupe à comparer').selectOption(other.group.id);
    await page.getByRole('button', { name: 'Ajouter à la comparaison' }).click();
    // The comparison table's column (the charts' screen-reader tables name it too).
    await page
      .getByRole('columnheader', { name: /Synergie Pro Voiron/ })
      .first()
      .waitFor();
    expect(new URL(page.url()).searchParams.get('comparer')).toBe(other.group.id);

    // A tab is an address: Membres, then back to the overview.
    await page.getByRole('tab', { name: /Membres/ }).click();
    await page.waitForURL(/onglet=membres/);
    await page.getByRole('heading', { name: /Membres \(1\)/ }).waitFor();
    await page.goBack();
    await expect.poll(() => overview.getAttribute('aria-selected')).toBe('true');
    // Arrow keys move along the tabs.
    await overview.focus();
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => page.getByRole('tab', { name: /Candidatures/ }).getAttribute('aria-selected')).toBe('true');
    await page.getByRole('heading', { name: 'Candidatures en cours' }).waitFor();
    await expectAccessible(page);
  });

  it('on a phone, every tab fits the screen and stays accessible', async () => {
    const mine = await groupWithPresident(`Synergie Pro Meylan ${randomBytes(2).toString('hex')}`, 'Architecte');
    const page = await newPage({ viewport: { width: 390, height: 844 }, touch: true });
    await signInPage(page, mine.president);
    await page.goto(`/groupes/${mine.slug}/gestion`);
    await waitForHydration(page);
    await page.getByRole('heading', { name: 'La santé du groupe' }).waitFor();
    await page.getByRole('img', { name: /recommandation par membre/ }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await expectAccessible(page);
    await page.getByRole('tab', { name: 'Historique' }).tap();
    await page.waitForURL(/onglet=historique/);
    await page.getByRole('heading', { name: 'Historique' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await expectAccessible(page);
  });

  it('an admin reads the network’s health and recommendation totals whose rate is defined', async () => {
    const admin = await adminMember();
    const page = await newPage({ viewport: { width: 1366, height: 900 } });
    await signInPage(page, admin);
    await page.goto('/admin/sante-du-reseau');
    await waitForHydration(page);
    await page.getByRole('heading', { name: 'Tout le réseau', level: 2 }).waitFor();
    await page.getByRole('img', { name: /taux de présence/ }).waitFor();
    await expectAccessible(page);
    await page.goto('/admin/recommandations');
    await waitForHydration(page);
    await page.getByText(/Taux de transformation\s*: gagnées \/ \(gagnées \+ perdues \+ sans suite\)/).waitFor();
    await expectAccessible(page);
  });
});
