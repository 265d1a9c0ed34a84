import { randomBytes } from 'node:crypto';
import { meetingMessages } from '@synergie/shared/meeting-constants';
import { recommendationMessages } from '@synergie/shared/recommendation-constants';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectAccessible, useBrowser, waitForHydration } from './helpers/browser';
import { adminMember, signInPage } from './helpers/member';
import { api, meetingInTenMinutes, seatWithPresident, tradeSubscriber } from './helpers/network';

/**
 * Offline (issue 28), on a phone (390×844, touch) in Chromium: the member's data stays on screen
 * without a network with `Hors connexion : données du …`; a recommendation and a check-in made
 * offline show `En attente d’envoi`, then, the network back, are sent once (the server holds one
 * recommendation and one attendance row). A reload offline needs the service worker (another
 * part of the issue): here the navigation stays in the app.
 */

const { newPage } = useBrowser();

/** The keys of one IndexedDB store of the page's origin (none when it does not exist). */
function keysIn(page: Page, database: string, store: string): Promise<string[]> {
  return page.evaluate(
    ([name, storeName]) =>
      new Promise<string[]>((resolve, reject) => {
        const open = indexedDB.open(name);
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains(storeName)) {
            db.close();
            resolve([]);
            return;
          }
          const request = db.transaction(storeName).objectStore(storeName).getAllKeys();
          request.onerror = () => reject(request.error);
          request.onsuccess = () => {
            db.close();
            resolve(request.result.map(String).sort());
          };
        };
      }),
    [database, store] as const,
  );
}
const PHONE = { width: 390, height: 844 };
/** Chromium logs each request the offline network refuses. */
const OFFLINE_ERRORS = /ERR_INTERNET_DISCONNECTED|Failed to load resource|Failed to fetch/;
const QUEUED = 'En attente d\u2019envoi';

describe('offline: the member’s data and the writes kept on the phone', () => {
  it('shows the cached group offline, keeps a recommendation and a check-in, sends each once when back', async () => {
    const admin = await adminMember();
    const slug = `lyon-hors-ligne-${randomBytes(3).toString('hex')}`;
    const groupName = `Synergie Pro Lyon ${slug.slice(-6)}`;
    const group = await api<{ id: string }>(admin, 'POST', '/api/admin/groups', {
      name: groupName,
      slug,
      city: 'Lyon',
      departmentCode: '69',
      region: 'Auvergne-Rhône-Alpes',
      description: 'Les entrepreneurs de la Presqu’île, un par métier.',
      meetingPlace: '1 place Bellecour, 69002 Lyon',
      meetingRhythm: 'weekly',
      meetingWeekday: 2,
      meetingTime: '07:00',
    });
    const president = await tradeSubscriber('Odile Présidente', 'Notaire', 'Lyon');
    const bruno = await tradeSubscriber('Bruno Plombier', 'Plombier chauffagiste', 'Lyon');
    const alice = await tradeSubscriber('Alice Électricienne', 'Électricien', 'Lyon');
    await seatWithPresident(admin, group.id, [president, bruno, alice]);
    const meetingId = await meetingInTenMinutes(president, group.id, '1 place Bellecour, salon', 'Réunion avancée.');

    const page = await newPage({ viewport: PHONE, touch: true, allowConsoleErrors: OFFLINE_ERRORS });
    await signInPage(page, bruno);
    // Online: the form for Alice, then `Mon groupe` from the bottom bar (in the app).
    await page.goto(`/recommandations/nouvelle?pour=${alice.id}`);
    await waitForHydration(page);
    await page.getByText('Alice Électricienne').first().waitFor();
    const bottomBar = page.getByRole('navigation', { name: 'Navigation de l’application' }).last();
    await bottomBar.getByRole('link', { name: 'Mon groupe' }).tap();
    await page.waitForURL('**/mon-groupe');
    await page.getByText(groupName).first().waitFor();

    // The network goes: the group stays, with the line saying from when.
    await page.context().setOffline(true);
    const line = page.getByRole('status').filter({ hasText: 'Hors connexion' });
    await line.waitFor();
    expect(await line.innerText()).toMatch(
      /^Hors connexion\u00a0: données du \d{1,2}(er)? \S+ \d{4} à \d{1,2}\u00a0h\u00a0\d{2}$/,
    );
    await expectAccessible(page);

    // Back to the form, in the app, still offline: the recommendation is kept on the phone.
    await page.goBack();
    await page.waitForURL('**/recommandations/nouvelle?pour=*');
    const need = `Tableau électrique du fournil ${randomBytes(3).toString('hex')}`;
    await page.getByLabel('Un contact externe').check();
    await page.getByLabel('Nom du contact').fill('Jeanne Boulangère');
    await page.getByLabel('Téléphone').fill('06 12 34 56 78');
    await page.getByLabel('Son besoin').fill(need);
    await page.getByLabel(/^4\s*Chaud$/).check();
    await page.getByLabel(recommendationMessages.consent).check();
    await page.getByRole('button', { name: recommendationMessages.recommend, exact: true }).tap();
    const card = page.getByText('Recommandation gardée sur cet appareil');
    await card.waitFor();
    await page.locator('main').getByText(QUEUED).waitFor();
    expect(await page.getByText(QUEUED).count()).toBeGreaterThanOrEqual(1);
    await expectAccessible(page);

    // `Mon groupe` again, forward in the app: the cached group, offline.
    await page.goForward();
    await page.waitForURL('**/mon-groupe');
    await page.getByText(groupName).first().waitFor();
    await line.waitFor();
    // The queued item is listed under the top bar on every page.
    await page.getByRole('region', { name: 'Envois hors connexion' }).getByText(QUEUED).waitFor();

    const given = async () =>
      (
        await api<{ items: { need: string }[] }>(bruno, 'GET', '/api/me/recommendations?side=given&pageSize=50')
      ).items.filter((r) => r.need === need).length;
    expect(await given()).toBe(0);

    // The network is back: sent once, the server's answer shown.
    await page.context().setOffline(false);
    const outbox = page.getByRole('region', { name: 'Envois hors connexion' });
    await outbox.getByText('Recommandation envoyée.').waitFor({ timeout: 15_000 });
    await expect.poll(given).toBe(1);
    await expect.poll(() => line.count()).toBe(0);

    // A check-in: the page open online, the button pressed offline.
    const code = await api<{ url: string }>(
      president,
      'GET',
      `/api/groups/${group.id}/meetings/${meetingId}/checkin-code`,
    );
    await page.goto(new URL(code.url).pathname + new URL(code.url).search);
    await waitForHydration(page);
    const checkIn = page.getByRole('button', { name: meetingMessages.checkIn });
    await checkIn.waitFor();
    await page.context().setOffline(true);
    await line.waitFor();
    await checkIn.tap();
    await page.locator('main').getByText(QUEUED).waitFor();
    const present = async () => {
      const list = await api<{ members: { userId: string; status: string | null }[] }>(
        president,
        'GET',
        `/api/groups/${group.id}/meetings/${meetingId}/attendance`,
      );
      return list.members.filter((m) => m.userId === bruno.id && m.status !== null).map((m) => m.status);
    };
    expect(await present()).toEqual([]);
    await page.context().setOffline(false);
    await page.locator('main').getByText(`${groupName}\u00a0: présence enregistrée.`).waitFor({ timeout: 15_000 });
    await expect.poll(present).toEqual(['present']);
    await expectAccessible(page);

    // Kept on the phone until the member signs out: then nothing of theirs is left.
    expect(await keysIn(page, 'synergie-cache', 'queries')).toEqual(expect.arrayContaining(['owner', 'query-cache']));
    expect(await keysIn(page, 'synergie-outbox', 'writes')).toHaveLength(2);
    await page
      .getByRole('navigation', { name: 'Navigation de l’application' })
      .last()
      .getByRole('link', { name: 'Plus' })
      .tap();
    await page.waitForURL('**/plus');
    await page.getByRole('button', { name: 'Se déconnecter' }).tap();
    await page.waitForURL((url) => url.pathname === '/');
    await expect.poll(() => keysIn(page, 'synergie-cache', 'queries')).toEqual([]);
    expect(await keysIn(page, 'synergie-outbox', 'writes')).toEqual([]);
  });
});
