import { LEADER_TABS } from '@synergie/shared/group-health-constants';
import { profileSections } from '@synergie/shared/profile-sections';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible, useBrowser, waitForHydration } from './helpers/browser';
import type { Member } from './helpers/member';
import { adminMember, signInPage } from './helpers/member';
import { api, seatWithPresident, tradeSubscriber } from './helpers/network';

/**
 * The member's screens of issue 31 ("Screens that work against the member"), at 1366 × 900 and on
 * a phone (390 × 844, touch): /profile in sections with their own addresses, the forum opening on
 * its discussions, the directory's filters whole and its grid first, the French file button. On
 * each page: no sideways scroll, every visible link and button is the element found at its centre
 * (nothing covers it), and axe finds nothing serious.
 */

const { newPage } = useBrowser();
const screens = [
  { name: '1366 × 900', viewport: { width: 1366, height: 900 }, touch: false },
  { name: '390 × 844 (touch)', viewport: { width: 390, height: 844 }, touch: true },
] as const;

/** Nothing is wider than the screen: no sideways scroll (else the elements that stick out, named). */
const overflow = (page: Page) =>
  page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    if (document.documentElement.scrollWidth <= width) return [];
    return [...document.querySelectorAll('body *')]
      .filter((el) => el.getBoundingClientRect().right > width + 0.5)
      .slice(-5)
      .map(
        (el) =>
          `${el.tagName.toLowerCase()}.${[...el.classList].slice(0, 4).join('.')} ${Math.round(el.getBoundingClientRect().right)} px`,
      );
  });

/**
 * The links and buttons another element covers: each visible one is brought to the middle of the
 * screen, then `document.elementFromPoint` at its centre must be it or inside it.
 */
const covered = (page: Page) =>
  page.evaluate(async () => {
    const name = (el: Element | null) =>
      el
        ? `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''} «\u00a0${(el.textContent ?? '').trim().slice(0, 40) || el.getAttribute('aria-label') || ''}\u00a0»`
        : 'rien';
    const problems: string[] = [];
    const controls = [...document.querySelectorAll<HTMLElement>('a[href], button, [role="button"], summary')];
    // A link that wraps over two lines: the centre of its longest line (its box's centre may fall
    // between the lines, on its parent).
    const box = (el: HTMLElement) =>
      [...el.getClientRects()].reduce<DOMRect | null>((best, r) => (!best || r.width > best.width ? r : best), null);
    for (const el of controls) {
      if (!el.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true })) continue;
      // A disabled button takes no pointer (pointer-events: none): nothing to press there.
      if (getComputedStyle(el).pointerEvents === 'none') continue;
      const before = el.getBoundingClientRect();
      if (before.width < 2 || before.height < 2) continue;
      el.scrollIntoView({ block: 'center', inline: 'nearest', behavior: 'instant' });
      await new Promise((resolve) => requestAnimationFrame(resolve));
      const r = box(el) ?? el.getBoundingClientRect();
      const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
      if (!hit || !(hit === el || el.contains(hit))) problems.push(`${name(el)} sous ${name(hit)}`);
    }
    window.scrollTo({ top: 0, behavior: 'instant' });
    return problems;
  });

async function expectScreenSound(page: Page) {
  expect(await overflow(page), `sideways scroll on ${page.url()}`).toEqual([]);
  expect(await covered(page), `covered controls on ${page.url()}`).toEqual([]);
  await expectAccessible(page);
}

let member: Member & { id: string };

beforeAll(async () => {
  const tag = Date.now().toString(36);
  member = await tradeSubscriber(`Nadia Écrans ${tag}`, 'Plombier chauffagiste', 'Nantes');
  const other = await tradeSubscriber(`Hugo Annuaire ${tag}`, 'Électricien', 'Nantes');
  // `Entraide`: a question answered, and one nobody has answered yet.
  const answered = await api<{ id: string }>(member, 'POST', '/api/forum/categories/entraide/topics', {
    title: `Un client ne paie pas sa facture, que faire\u202f? ${tag}`,
    body: 'Deux relances sans réponse. Par où commencer\u202f?',
  });
  await api(other, 'POST', `/api/forum/topics/${answered.id}/posts`, {
    body: 'Une mise en demeure par lettre recommandée, puis l’injonction de payer.',
    mentions: [],
  });
  await api(other, 'POST', '/api/forum/categories/entraide/topics', {
    title: `Qui relit des conditions générales de vente\u202f? ${tag}`,
    body: 'Avant un appel d’offres.',
  });
}, 120_000);

describe.each(screens)('the member screens at $name', ({ viewport, touch }) => {
  const open = async (path: string) => {
    const page = await newPage({ viewport, touch });
    await signInPage(page, member);
    await page.goto(path);
    await waitForHydration(page);
    return page;
  };

  it('/profile: one address per section, a section list that says where one is', async () => {
    const page = await open('/profile');
    const nav = page.getByRole('navigation', { name: 'Sections du profil' });
    await page.getByRole('button', { name: 'Enregistrer le profil' }).waitFor();
    expect(await nav.getByRole('link').allTextContents()).toEqual(profileSections.map((s) => s.label));
    // The French file button, the chosen file's name beside it; never the browser's own.
    expect(await page.getByText('Choisir un fichier').count()).toBeGreaterThan(0);
    expect(await page.getByText('Aucun fichier choisi').count()).toBeGreaterThan(0);
    const input = page.getByLabel('Photo de profil', { exact: true });
    expect((await input.boundingBox())?.width ?? 0).toBeLessThanOrEqual(1);
    // Much shorter than the 6,000 px page it was: 5,070 px at 390 px wide once issue 32 had added the
    // country, the payment method and the invoices' platform statuses here, 4,100 px since billing
    // is a section of its own (/profile/facturation, 1,950 px; a line of the subscription stays).
    expect(await page.evaluate(() => document.documentElement.scrollHeight)).toBeLessThan(4400);

    for (const section of profileSections) {
      const link = nav.getByRole('link', { name: section.label, exact: true });
      if (section.path !== '/profile') {
        // Reached from the keyboard: focus then Enter.
        await link.focus();
        await page.keyboard.press('Enter');
        await page.waitForURL((url) => url.pathname === section.path);
      }
      await expect.poll(() => link.getAttribute('aria-current')).toBe('page');
      expect(await nav.locator('[aria-current="page"]').count()).toBe(1);
      // Each section's own title.
      await expect.poll(() => page.title()).toContain(section.path === '/profile' ? 'Mon Profil' : section.label);
      await page.getByRole('heading', { level: 2 }).first().waitFor();
      await expectScreenSound(page);
    }
  }, 240_000);

  it('an old /profile#anchor lands on its section', async () => {
    const page = await open('/profile#appareils');
    await page.waitForURL((url) => url.pathname === '/profile/notifications' && url.hash === '#appareils');
    await page.locator('#notification-settings').waitFor();
    // Billing's parts, which were on /profile until it became its own section.
    await page.goto('/profile#factures');
    await page.waitForURL((url) => url.pathname === '/profile/facturation' && url.hash === '#factures');
    await page.getByRole('heading', { level: 2, name: 'Mes factures' }).waitFor();
  });

  it('/forum opens on the latest discussions and those nobody answered, the categories reachable', async () => {
    const page = await open('/forum');
    const latest = page.getByRole('region', { name: 'Dernières discussions' });
    await latest.getByRole('link', { name: /Un client ne paie pas sa facture/ }).waitFor();
    const unanswered = page.getByRole('region', { name: 'Personne n’a encore répondu' });
    await unanswered.getByRole('link', { name: /Qui relit des conditions générales/ }).waitFor();
    expect(await unanswered.getByRole('link', { name: /Un client ne paie pas sa facture/ }).count()).toBe(0);
    const categories = page.getByRole('region', { name: 'Catégories' });
    expect(await categories.getByRole('link', { name: 'Entraide', exact: true }).getAttribute('href')).toBe(
      '/forum/entraide',
    );
    await expectScreenSound(page);
  }, 120_000);

  it('/members: the grid first, every filter label whole', async () => {
    const page = await open('/members');
    const grid = page.getByRole('region', { name: 'Annuaire des membres' });
    await grid.getByRole('listitem').first().waitFor();
    // Each select is wide enough for its longest option's text (nothing cut).
    const cut = await page.evaluate(() =>
      [...document.querySelectorAll('search select')].flatMap((element) => {
        const select = element as HTMLSelectElement;
        const probe = document.createElement('span');
        probe.style.cssText = `position:absolute;visibility:hidden;white-space:nowrap;font:${getComputedStyle(select).font}`;
        document.body.append(probe);
        probe.textContent = select.options[0]?.text ?? '';
        const needed = probe.getBoundingClientRect().width;
        probe.remove();
        // Padding and the arrow take about 40 px.
        return select.clientWidth - 40 < needed ? [`${select.options[0]?.text}: ${select.clientWidth} px`] : [];
      }),
    );
    expect(cut).toEqual([]);
    await expectScreenSound(page);
  }, 120_000);
});

/**
 * Every place of the app on a phone (issue 31: "nothing covered by a floating element", no
 * sideways scroll): the five places, the `Plus` list, a président's tabs and the admin's pages,
 * each opened at 390 × 844 with touch once its data has arrived. Axe runs on the pages above and in
 * each page's own file; here the layout alone, for every page.
 */
describe('every page of the app at 390 × 844 (touch)', () => {
  const memberPages = [
    '/aujourdhui',
    '/mon-groupe',
    '/recommandations/nouvelle',
    '/reunions',
    '/plus',
    '/recommandations',
    '/mon-retour',
    '/dashboard',
    '/tete-a-tete',
    '/temoignages',
    '/visiteurs',
    '/my-projects',
    '/events',
    '/groupes',
    '/companies',
    '/notifications',
    '/profile/facturation',
    '/profile/notifications',
    '/profile/securite',
    '/profile/parrainage',
    '/profile/donnees',
  ];
  const adminPages = [
    '/admin/members',
    '/admin/groupes',
    '/admin/metiers',
    '/admin/recommandations',
    '/admin/quotas',
    '/admin/sante-du-reseau',
    '/admin/commissions',
    '/admin/partners',
    '/admin/event-categories',
    '/admin/forum',
    '/admin/webhooks',
  ];

  async function expectFits(page: Page, path: string) {
    await page.goto(path);
    await waitForHydration(page);
    await page.waitForLoadState('networkidle');
    expect(await overflow(page), `sideways scroll on ${path}`).toEqual([]);
    expect(await covered(page), `covered controls on ${path}`).toEqual([]);
  }

  it('a président’s pages and tabs', async () => {
    const admin = await adminMember();
    const slug = `ecrans-${Date.now().toString(36)}`;
    const group = await api<{ id: string }>(admin, 'POST', '/api/admin/groups', {
      name: `Synergie Pro Écrans ${slug}`,
      slug,
      city: 'Nantes',
      departmentCode: '44',
      region: 'Pays de la Loire',
      description: 'Un groupe pour les écrans du téléphone.',
      meetingPlace: 'Salle des Halles, 2 place du Commerce, 44000 Nantes',
      meetingRhythm: 'weekly',
      meetingWeekday: 2,
      meetingTime: '07:00',
    });
    await seatWithPresident(admin, group.id, [member]);
    const page = await newPage({ viewport: { width: 390, height: 844 }, touch: true });
    await signInPage(page, member);
    for (const path of memberPages) await expectFits(page, path);
    for (const tab of LEADER_TABS) await expectFits(page, `/groupes/${slug}/gestion?onglet=${tab.slug}`);
    await expectFits(page, `/groupes/${slug}/import`);
  }, 300_000);

  it('the admin’s pages', async () => {
    const page = await newPage({ viewport: { width: 390, height: 844 }, touch: true });
    await signInPage(page, await adminMember());
    for (const path of adminPages) await expectFits(page, path);
  }, 240_000);
});
