import { dashboardDefinitions as D, dashboardMessages as M } from '@synergie/shared/dashboard-constants';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectAccessible, useBrowser, waitForHydration } from './helpers/browser';
import { signInPage } from './helpers/member';
import { api, tradeSubscriber } from './helpers/network';

/**
 * /dashboard (issue 29) in Chromium, on a desktop (1366 × 900) and a phone (390 × 844, touch):
 * the business a member must confirm is a next action and a figure of its own beside the
 * confirmed amounts (0,00 € confirmed never hides 9 200 € waiting), and the 12 months are a
 * chart with its summary and its table; axe clean, nothing wider than the phone.
 */

const { newPage } = useBrowser();
const DESKTOP = { width: 1366, height: 900 };
const PHONE = { width: 390, height: 844 };

const overflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

/** A figure's value by its label (each label once on the page). */
async function figure(page: Page, label: string) {
  const escaped = label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const term = page.locator('dt').filter({ hasText: new RegExp(`^${escaped}$`) });
  return (await term.locator('xpath=following-sibling::dd[1]').innerText()).replace(/\s/g, '');
}

describe('/dashboard: trends and next actions', () => {
  it('puts the 9 200 € to confirm first, apart from the confirmed amounts, with the 12 months as a chart', async () => {
    const giver = await tradeSubscriber('Gaëlle Notaire', 'Notaire', 'Dijon');
    const receiver = await tradeSubscriber('Hugo Plombier', 'Plombier chauffagiste', 'Dijon');
    const { id } = await api<{ id: string }>(giver, 'POST', '/api/recommendations', {
      receiverId: receiver.id,
      kind: 'for_you',
      heat: 4,
      message: 'Notre étude refait sa salle d’eau.',
    });
    await api(receiver, 'POST', `/api/recommendations/${id}/status`, { status: 'won', amount: '9200' });

    for (const [viewport, touch] of [
      [DESKTOP, false],
      [PHONE, true],
    ] as const) {
      const page = await newPage({ viewport, touch });
      await signInPage(page, giver);
      await page.goto('/dashboard');
      await waitForHydration(page);
      const actions = page.getByRole('region', { name: M.actionsTitle });
      const confirm = actions.getByRole('link', { name: 'Confirmer l’affaire déclarée grâce à vous' });
      await confirm.waitFor();
      expect(await confirm.getAttribute('href')).toBe(`/recommandations/${id}`);
      expect(await actions.textContent()).toContain(
        '1 affaire pour 9\u202f200,00\u00a0€ HT attend votre confirmation.',
      );
      // Each amount its own figure, saying what it counts.
      expect(await figure(page, D.confirmedGiven.label)).toBe('0,00€');
      expect(await figure(page, D.toConfirm.label)).toBe('9200,00€1affaire');
      expect(await page.getByText(D.toConfirm.counts.slice(1), { exact: false }).count()).toBe(1);
      // The chart (its own chunk): an image named by its summary, and its table for screen readers.
      const chart = page.getByRole('img', { name: /^Sur 12 mois, vous avez donné 1 recommandation,/ });
      await chart.waitFor();
      expect(await page.getByRole('table', { name: M.chartTitle }).getByRole('row').count()).toBe(14);
      expect(await overflow(page), `${viewport.width} px`).toBe(0);
      await expectAccessible(page);

      if (touch) {
        await confirm.tap();
        await page.waitForURL(`**/recommandations/${id}`);
      } else {
        // The first action is reached with the keyboard.
        await confirm.focus();
        await page.keyboard.press('Enter');
        await page.waitForURL(`**/recommandations/${id}`);
      }
    }

    // The receiver's side: the same 9 200 € waits on the giver, said as such.
    const page = await newPage({ viewport: PHONE, touch: true });
    await signInPage(page, receiver);
    await page.goto('/dashboard');
    await waitForHydration(page);
    await page.getByRole('region', { name: M.businessTitle }).waitFor();
    expect(await figure(page, D.awaiting.label)).toBe('9200,00€1affaire');
    expect(await figure(page, D.confirmedReceived.label)).toBe('0,00€');
    const chart = page.getByRole('img', { name: /en avez reçu 1, gagné 1 et vu 0 affaire confirmée\.$/ });
    await chart.waitFor();
    expect(await overflow(page)).toBe(0);
    await expectAccessible(page);
  });
});
