import { describe, expect, it } from 'vitest';
import { baseURL, expectAccessible, useBrowser, waitForHydration } from './helpers/browser';
import { apiHeaders, type Member, signInPage, signUpMember, subscribe } from './helpers/member';
import { api, mailTo } from './helpers/network';

/**
 * Network-core §10 (issue 19): an annual member is reminded 1 to 3 months before the renewal (the
 * scheduled job, every 2 s here) and stops it from the mail's link once signed in; a member
 * cancels in three clicks from /profile/facturation (`Résilier mon abonnement`, then the
 * confirmation).
 * The server's side (once per period, two instances, forged links): apps/server/test/renewals.test.ts.
 */
const { newPage } = useBrowser();

const ADMIN_EMAIL = 'admin.renewal.e2e@synergie-pro.test';

/** An annual plan through the demo checkout, as /pricing does. */
async function subscribeAnnual(member: Member) {
  const checkout = await fetch(`${baseURL()}/api/billing/checkout`, {
    method: 'POST',
    headers: apiHeaders(member),
    body: JSON.stringify({ planId: 'annual' }),
  });
  if (!checkout.ok) throw new Error(`checkout failed: ${checkout.status} ${await checkout.text()}`);
  const session = new URL(((await checkout.json()) as { url: string }).url).searchParams.get('session');
  await api(member, 'POST', '/api/billing/demo/complete', { session });
}

describe('annual renewal and cancellation', () => {
  it('an annual member gets the reminder and stops the renewal from its link, after signing in', async () => {
    const admin = await signUpMember({ name: 'Rémi Admin', email: ADMIN_EMAIL });
    const member = await signUpMember({ name: 'Agnès Annuelle' });
    await subscribeAnnual(member);
    const { user } = await api<{ user: { id: string } }>(member, 'GET', '/api/me');
    // The demo's clock: the renewal comes two months ahead, inside the reminder's window.
    await api(admin, 'POST', `/api/admin/billing/demo/${user.id}/renewal-due`);

    const reminder = await mailTo(member.email, (m) => m.template === 'renewal-reminder', 'renewal reminder');
    expect(reminder.subject).toMatch(/^Votre abonnement annuel sera renouvelé le \d{1,2} \S+ \d{4}/);
    expect(reminder.text).toMatch(/pour 1\s000\s€ TTC/);
    const link = reminder.text.match(/https?:\/\/\S+\/abonnement\/renouvellement\?jeton=\S+/)?.[0];
    if (!link) throw new Error(`no link in ${reminder.text}`);

    // Signed out, the link asks to sign in first, then comes back to the page.
    const page = await newPage();
    await page.goto(link);
    await page.waitForURL(/\/auth/);
    await waitForHydration(page);
    await page.getByLabel('Email', { exact: true }).fill(member.email);
    await page.getByLabel('Mot de passe', { exact: true }).fill(member.password);
    await page.getByRole('button', { name: 'Se connecter', exact: true }).click();
    await page.waitForURL(/\/abonnement\/renouvellement\?jeton=/);
    await page.getByRole('heading', { name: 'Arrêter le renouvellement' }).waitFor();
    await page.getByText(/sera renouvelé le .+ pour 1\s000\s€ TTC/).waitFor();
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Arrêter le renouvellement' }).click();
    await page.getByTestId('renewal-stopped').waitFor();

    const confirmation = await mailTo(
      member.email,
      (m) => m.template === 'subscription-cancelled',
      'cancellation confirmation',
    );
    expect(confirmation.subject).toMatch(/^Confirmation de la résiliation de votre abonnement/);
    const subscription = await api<{ cancelAtPeriodEnd: boolean; subscribed: boolean }>(
      member,
      'GET',
      '/api/billing/subscription',
    );
    expect(subscription).toMatchObject({ cancelAtPeriodEnd: true, subscribed: true });
  });

  it('a member cancels in three clicks from /profile/facturation, with a confirmation mail', async () => {
    const member = await signUpMember({ name: 'Bruno Mensuel' });
    await subscribe(member);
    const page = await newPage();
    await signInPage(page, member);
    await page.goto('/profile/facturation');
    await waitForHydration(page);
    await expect.poll(() => page.getByTestId('subscription-next').textContent()).toMatch(/Prochain prélèvement/);

    await page.getByRole('button', { name: 'Résilier mon abonnement' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText(/restera actif jusqu’au/).waitFor();
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Confirmer la résiliation' }).click();
    await expect
      .poll(() => page.getByTestId('subscription-next').textContent())
      .toMatch(/^Se termine le .+, sans autre prélèvement\.$/);
    expect(await page.getByRole('dialog').count()).toBe(0);
    await mailTo(member.email, (m) => m.template === 'subscription-cancelled', 'cancellation confirmation');
  });
});
