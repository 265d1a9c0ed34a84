import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { baseURL, expectAccessible, useBrowser, waitForHydration } from './helpers/browser';
import { E2E_OIDC_NAME } from './helpers/global-setup';

/**
 * Sign-in through a network's own identity provider (issue 19): the local OpenID Connect provider
 * started by the global setup (oauth2-mock-server) signs in at once whoever the test names.
 */
const { newPage } = useBrowser();
const issuer = () => new URL(inject('oidcIssuer')).origin;

const uniqueEmail = (label: string) => `${label}.${randomUUID().slice(0, 8)}@reseau-e2e.fr`;

/** Who the provider signs in next (the claims of its ID token). */
async function providerSignsIn(claims: Record<string, unknown>) {
  const res = await fetch(inject('oidcIdentityURL'), { method: 'POST', body: JSON.stringify(claims) });
  expect(res.status).toBe(204);
}

async function sessionEmail(page: Page): Promise<string | null> {
  const res = await page.request.get('/api/auth/get-session');
  const body = (await res.json()) as { user?: { email: string } } | null;
  return body?.user?.email ?? null;
}

async function clickProviderButton(page: Page) {
  await page.goto('/auth');
  await waitForHydration(page);
  await page.getByRole('link', { name: `Se connecter avec ${E2E_OIDC_NAME}` }).click();
}

describe.skipIf(!inject('oidcIssuer'))('sign-in through the OpenID Connect provider', () => {
  it('creates the account and lands on the profile, then signs the same member in again', async () => {
    const email = uniqueEmail('sso');
    await providerSignsIn({ sub: `sub-${email}`, email, email_verified: true, name: 'Inès Moreau' });
    const page = await newPage({ allowOrigins: [issuer()] });
    await clickProviderButton(page);
    await page.waitForURL((url) => url.pathname === '/aujourdhui');
    expect(await sessionEmail(page)).toBe(email);

    const again = await newPage({ allowOrigins: [issuer()] });
    await clickProviderButton(again);
    await again.waitForURL((url) => url.pathname === '/aujourdhui');
    expect(await sessionEmail(again)).toBe(email);
  });

  it('joins the member who already has this verified email', async () => {
    const email = uniqueEmail('lien');
    const signUp = await fetch(`${baseURL()}/api/auth/sign-up/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: baseURL() },
      body: JSON.stringify({ name: 'Paul Girard', email, password: 'Motdepasse1' }),
    });
    expect(signUp.status).toBe(200);
    // The answer names nobody (issue 33): the password sign-in says who this is.
    const signIn = await fetch(`${baseURL()}/api/auth/sign-in/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: baseURL() },
      body: JSON.stringify({ email, password: 'Motdepasse1' }),
    });
    const userId = ((await signIn.json()) as { user: { id: string } }).user.id;
    // The address is verified with the mailed link.
    await expect
      .poll(async () => {
        const res = await fetch(`${baseURL()}/api/dev/mailbox?to=${encodeURIComponent(email)}`);
        return ((await res.json()) as { mails: { template: string | null }[] }).mails.some(
          (m) => m.template === 'verify-email',
        );
      })
      .toBe(true);
    const mailbox = await fetch(`${baseURL()}/api/dev/mailbox?to=${encodeURIComponent(email)}`);
    const mail = ((await mailbox.json()) as { mails: { template: string | null; text: string }[] }).mails.find(
      (m) => m.template === 'verify-email',
    );
    const link = mail?.text.match(/https?:\/\/\S+/)?.[0];
    expect(link).toBeTruthy();
    const verified = await fetch(link as string, { redirect: 'manual' });
    expect(verified.status).toBe(302);

    await providerSignsIn({ sub: `sub-${email}`, email, email_verified: true, name: 'Paul Girard' });
    const page = await newPage({ allowOrigins: [issuer()] });
    await clickProviderButton(page);
    await page.waitForURL((url) => url.pathname === '/aujourdhui');
    const session = await page.request.get('/api/auth/get-session');
    expect(((await session.json()) as { user: { id: string } }).user.id).toBe(userId);
  });

  it('says in French why an unconfirmed email is refused', async () => {
    const email = uniqueEmail('refus');
    await providerSignsIn({ sub: `sub-${email}`, email, email_verified: false });
    const page = await newPage({ allowOrigins: [issuer()] });
    await clickProviderButton(page);
    await page.waitForURL((url) => url.pathname === '/auth' && url.searchParams.get('error') === 'email_not_verified');
    await waitForHydration(page);
    await expect
      .poll(() => page.getByRole('alert').filter({ hasText: 'n’a pas confirmé votre email' }).count())
      .toBe(1);
    expect(await sessionEmail(page)).toBeNull();
    await expectAccessible(page);
  });
});
