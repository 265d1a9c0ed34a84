import type { Page } from 'playwright-core';
import { baseURL } from './browser';

export interface Member {
  name: string;
  email: string;
  password: string;
  /** The session cookies of the member's sign-in (name and value). */
  cookies: { name: string; value: string }[];
}

/**
 * A new member signed up through the API, then signed in with their password: a sign-up signs
 * nobody in, its answer the same for a known address (issue 33). The Origin header is the site's
 * own, as a browser would send it: Better Auth refuses other origins.
 */
export async function signUpMember(overrides: Partial<Pick<Member, 'name' | 'email' | 'password'>> = {}) {
  const member = {
    name: 'Claire Martin',
    email: `claire.${Date.now()}.${Math.floor(Math.random() * 1e6)}@cabinet-martin.fr`,
    password: 'Synergie2025',
    ...overrides,
  };
  const res = await fetch(`${baseURL()}/api/auth/sign-up/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: baseURL() },
    body: JSON.stringify(member),
  });
  if (!res.ok) throw new Error(`sign-up failed: ${res.status} ${await res.text()}`);
  const signedIn = await fetch(`${baseURL()}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: baseURL() },
    body: JSON.stringify({ email: member.email, password: member.password }),
  });
  if (!signedIn.ok) throw new Error(`sign-in after sign-up failed: ${signedIn.status} ${await signedIn.text()}`);
  const cookies = sessionCookies(signedIn);
  if (cookies.length === 0) throw new Error('sign-in set no session cookie');
  return { ...member, cookies } satisfies Member;
}

/** Gives the page's browser context the member's session. */
export async function signInPage(page: Page, member: Member) {
  await page
    .context()
    .addCookies(member.cookies.map((c) => ({ ...c, url: baseURL(), httpOnly: true, sameSite: 'Lax' as const })));
}

/** The member's session cookies as a Cookie header, for API calls made by the test itself. */
export function cookieHeader(member: Member) {
  return member.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
}

/** Headers for an API call the test makes as the member, from the site's own origin. */
export function apiHeaders(member: Member) {
  return { 'content-type': 'application/json', origin: baseURL(), cookie: cookieHeader(member) };
}

/** Starts a 14-day trial for the member through the demo checkout, as /pricing does. */
export async function subscribe(member: Member) {
  const checkout = await fetch(`${baseURL()}/api/billing/checkout`, {
    method: 'POST',
    headers: apiHeaders(member),
    body: JSON.stringify({ planId: 'monthly' }),
  });
  if (!checkout.ok) throw new Error(`checkout failed: ${checkout.status} ${await checkout.text()}`);
  const session = new URL(((await checkout.json()) as { url: string }).url).searchParams.get('session');
  const done = await fetch(`${baseURL()}/api/billing/demo/complete`, {
    method: 'POST',
    headers: apiHeaders(member),
    body: JSON.stringify({ session }),
  });
  if (!done.ok) throw new Error(`demo checkout failed: ${done.status} ${await done.text()}`);
}

/** The cookies of a sign-in answer, as signUpMember keeps them. */
function sessionCookies(res: Response) {
  return res.headers
    .getSetCookie()
    .map((header) => header.split(';')[0] ?? '')
    .map((pair) => ({ name: pair.slice(0, pair.indexOf('=')), value: pair.slice(pair.indexOf('=') + 1) }))
    .filter((cookie) => cookie.name && cookie.value);
}

let adminAccount: Promise<Member> | undefined;
/**
 * The admin of the end-to-end server (its ADMIN_EMAILS, e2e/helpers/global-setup.ts): signed up
 * by the first test file that needs it, signed in by the others.
 */
export function adminMember(): Promise<Member> {
  adminAccount ??= (async () => {
    const credentials = { name: 'Alice Admin', email: 'admin.e2e@synergie-pro.test', password: 'Synergie2025' };
    try {
      return await signUpMember(credentials);
    } catch {
      const res = await fetch(`${baseURL()}/api/auth/sign-in/email`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: baseURL() },
        body: JSON.stringify({ email: credentials.email, password: credentials.password }),
      });
      if (!res.ok) throw new Error(`admin sign-in failed: ${res.status}`);
      return { ...credentials, cookies: sessionCookies(res) };
    }
  })();
  return adminAccount;
}
