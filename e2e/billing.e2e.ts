import { describe, expect, it } from 'vitest';
import { expectAccessible, useBrowser, waitForHydration } from './helpers/browser';
import { signInPage, signUpMember } from './helpers/member';

const { newPage } = useBrowser();

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

  it('sign up, /pricing, demo checkout in a new tab, the trial is shown on /profile', async () => {
    const member = await signUpMember();
    const page = await newPage();
    await signInPage(page, member);
    await page.goto('/pricing');
    await waitForHydration(page);
    const monthly = page.getByRole('group', { name: 'Mensuel' });
    const [checkout] = await Promise.all([
      page.context().waitForEvent('page'),
      monthly.getByRole('button', { name: "Commencer l'essai gratuit" }).click(),
    ]);
    await checkout.waitForURL(/\/billing\/demo-checkout\?session=/);
    await waitForHydration(checkout);
    await checkout.getByRole('button', { name: /Démarrer l'essai gratuit/ }).waitFor();
    expect(await checkout.getByText('Démonstration', { exact: true }).count()).toBeGreaterThan(0);
    await expectAccessible(checkout);
    await checkout.getByRole('button', { name: /Démarrer l'essai gratuit/ }).click();
    await checkout.waitForURL(/\/profile$/);
    await expect.poll(() => checkout.getByTestId('subscription-status').textContent()).toMatch(/Essai gratuit/);
    expect(await checkout.getByTestId('subscription-next').textContent()).toMatch(/Prochain prélèvement de 99\s€ le /);
    // Résilier mon abonnement (confirmed in a dialog): it ends with the period; then change one's mind.
    await checkout.getByRole('button', { name: 'Résilier mon abonnement' }).click();
    await checkout.getByRole('dialog').getByRole('button', { name: 'Confirmer la résiliation' }).click();
    await expect
      .poll(() => checkout.getByTestId('subscription-next').textContent())
      .toMatch(/^Se termine le .+, sans autre prélèvement\.$/);
    await checkout.getByRole('button', { name: "Reprendre l'abonnement" }).click();
    await expect.poll(() => checkout.getByTestId('subscription-next').textContent()).toMatch(/Prochain prélèvement/);
  });
});
