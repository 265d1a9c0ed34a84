import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectAccessible, useBrowser, waitForHydration } from './helpers/browser';
import { signInPage, signUpMember } from './helpers/member';

const { newPage } = useBrowser();

/** The context's other tabs with a page in them (axe's own blank page left out). */
const otherTabs = (page: Page) =>
  page
    .context()
    .pages()
    .filter((other) => other !== page && !other.isClosed() && other.url() !== 'about:blank')
    .map((other) => other.url());

describe('subscription with the demo provider', () => {
  it('a member without a subscription is sent to /pricing from a subscriber page, not from the public site', async () => {
    const member = await signUpMember();
    const page = await newPage({ allowConsoleErrors: /status of 40[13]/ });
    await signInPage(page, member);
    await page.goto('/events');
    await waitForHydration(page);
    await page.goto('/members');
    await page.waitForURL(/\/pricing\?message=subscription_required/);
    await expect.poll(() => page.getByText('Abonnement requis').count()).toBe(1);
    await page.goto('/events');
    await waitForHydration(page);
    expect(new URL(page.url()).pathname).toBe('/events');
  });

  it('sign up, /pricing, demo checkout in the same tab, the trial is shown on /profile/facturation', async () => {
    const member = await signUpMember();
    const page = await newPage();
    await signInPage(page, member);
    await page.goto('/pricing');
    await waitForHydration(page);
    // As Stripe Checkout: this tab goes to the checkout and comes back (issue 31), no other tab opens.
    const monthly = page.getByRole('group', { name: 'Mensuel' });
    await monthly.getByRole('button', { name: 'Commencer l’essai gratuit' }).click();
    await page.waitForURL(/\/billing\/demo-checkout\?session=/);
    await waitForHydration(page);
    await page.getByRole('button', { name: /Démarrer l’essai gratuit/ }).waitFor();
    expect(await page.getByText('Démonstration', { exact: true }).count()).toBeGreaterThan(0);
    expect(await page.getByRole('link', { name: 'Retour aux tarifs' }).getAttribute('href')).toBe('/pricing');
    await expectAccessible(page);
    await page.getByRole('button', { name: /Démarrer l’essai gratuit/ }).click();
    await page.waitForURL(/\/profile\/facturation$/);
    expect(otherTabs(page)).toEqual([]);
    const checkout = page;
    await expect.poll(() => checkout.getByTestId('subscription-status').textContent()).toMatch(/Essai gratuit/);
    expect(await checkout.getByTestId('subscription-next').textContent()).toMatch(/Prochain prélèvement de 99\s€ le /);
    // Résilier mon abonnement (confirmed in a dialog): it ends with the period; then change one's mind.
    await checkout.getByRole('button', { name: 'Résilier mon abonnement' }).click();
    await checkout.getByRole('dialog').getByRole('button', { name: 'Confirmer la résiliation' }).click();
    await expect
      .poll(() => checkout.getByTestId('subscription-next').textContent())
      .toMatch(/^Se termine le .+, sans autre prélèvement\.$/);
    await checkout.getByRole('button', { name: 'Reprendre l’abonnement' }).click();
    await expect.poll(() => checkout.getByTestId('subscription-next').textContent()).toMatch(/Prochain prélèvement/);
    // /profile sums it up in a line, with the way back to `Facturation` (issue 31).
    await checkout.goto('/profile');
    await waitForHydration(checkout);
    await expect.poll(() => checkout.getByTestId('subscription-summary').textContent()).toMatch(/Essai gratuit/);
    expect(await checkout.getByRole('button', { name: 'Résilier mon abonnement' }).count()).toBe(0);
    // The section list's link, then the line's own.
    const toBilling = checkout.getByRole('link', { name: 'Facturation', exact: true });
    expect(await toBilling.count()).toBe(2);
    await toBilling.last().click();
    await checkout.waitForURL(/\/profile\/facturation$/);
    await checkout.getByRole('button', { name: 'Résilier mon abonnement' }).waitFor();
  });
});
