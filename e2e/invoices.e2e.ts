import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { baseURL, expectAccessible, useBrowser, waitForHydration } from './helpers/browser';
import { apiHeaders, signInPage, signUpMember, subscribe } from './helpers/member';
import { api } from './helpers/network';

/**
 * Issue 32, `Mes factures` in Chromium: a member with a SIREN is invoiced for a payment (the
 * admin's demo renewal), the invoice is deposited on the local plateforme agréée (the simulator,
 * one step every 0.5 s here: global-setup.ts) and the member follows it to `Encaissée` on a phone;
 * the admin sees the same status on /admin/commissions. The server's side (once, a platform down,
 * two instances): apps/server/test/einvoicing.test.ts.
 */
const { newPage } = useBrowser();

const ADMIN_EMAIL = 'admin.invoices.e2e@synergie-pro.test';

const sidewaysScroll = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

describe('Mes factures and the plateforme agréée', () => {
  it('a paid renewal is invoiced, deposited and followed to `Encaissée`; the admin sees it too', async () => {
    const admin = await signUpMember({ name: 'Inès Comptable', email: ADMIN_EMAIL });
    const member = await signUpMember({ name: 'Fabien Facturé' });
    await subscribe(member);
    const details = await fetch(`${baseURL()}/api/me/billing-details`, {
      method: 'PUT',
      headers: apiHeaders(member),
      body: JSON.stringify({
        siren: '732829320',
        vatNumber: 'FR44732829320',
        addressLine: '2 place Bellecour',
        postcode: '69002',
        city: 'Lyon',
      }),
    });
    expect(details.status, await details.text()).toBe(200);
    const { user } = await api<{ user: { id: string } }>(member, 'GET', '/api/me');
    await api(admin, 'POST', `/api/admin/billing/demo/${user.id}/renew`);
    const { invoices } = await api<{ invoices: { number: string }[] }>(member, 'GET', '/api/me/membership-invoices');
    const number = invoices[0]?.number;
    expect(number).toMatch(/^FA-\d{4}-\d{6}$/);

    // Deposited then read every 0.3 s, one step every 0.5 s: `Encaissée` within seconds.
    await expect
      .poll(
        async () =>
          (
            await api<{ invoices: { number: string; einvoice: { label: string } | null }[] }>(
              member,
              'GET',
              '/api/me/membership-invoices',
            )
          ).invoices.find((i) => i.number === number)?.einvoice?.label,
        { timeout: 30_000, interval: 500 },
      )
      .toBe('Encaissée');

    const page = await newPage({ viewport: { width: 390, height: 844 }, touch: true });
    await signInPage(page, member);
    await page.goto('/profile/facturation');
    await waitForHydration(page);
    const row = page.getByRole('listitem').filter({ hasText: `Facture ${number}` });
    await row.scrollIntoViewIfNeeded();
    await expect.poll(() => row.textContent()).toContain('Plateforme agréée\u00a0:Encaissée');
    expect(await page.locator('main').textContent()).toContain(
      'Vos factures sont transmises par la plateforme agréée de démonstration\u00a0: leur état est indiqué à côté de chacune.',
    );
    await row.getByText('Suivi de la facture').tap();
    const steps = row.getByRole('listitem');
    await expect.poll(() => steps.allTextContents()).toHaveLength(5);
    const texts = await steps.allTextContents();
    expect(texts.map((t) => t.split(' — ')[0])).toEqual([
      'Déposée',
      'Mise à disposition',
      'Prise en charge',
      'Approuvée',
      'Encaissée',
    ]);
    expect(texts[4]).toContain('Le paiement est enregistré.');
    expect(await sidewaysScroll(page)).toBeLessThanOrEqual(0);
    await expectAccessible(page);
    const pdf = await page.request.get(
      (await row
        .getByRole('link', { name: `Télécharger Facture ${number} au format Factur-X` })
        .getAttribute('href')) ?? '',
    );
    expect(pdf.status()).toBe(200);
    expect(pdf.headers()['content-type']).toBe('application/pdf');

    // The admin's list of the year, at a desk.
    const desk = await newPage({ viewport: { width: 1366, height: 900 } });
    await signInPage(desk, admin);
    await desk.goto('/admin/commissions');
    await waitForHydration(desk);
    const line = desk.getByRole('row').filter({ hasText: number as string });
    await line.scrollIntoViewIfNeeded();
    await expect.poll(() => line.textContent()).toContain('Encaissée');
    expect(await desk.getByRole('columnheader', { name: 'Plateforme agréée' }).count()).toBe(1);
    expect(await sidewaysScroll(desk)).toBeLessThanOrEqual(0);
    await expectAccessible(desk);
  });
});
