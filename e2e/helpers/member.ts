import type { Page } from 'playwright-core';
import { baseURL } from './browser';

export interface Member {
  name: string;
  email: string;
  password: string;
  /** The session cookies the sign-up answer set (name and value). */
  cookies: { name: string; value: string }[];
}

/**
 * A new member signed up through the API (Better Auth signs them in at once). The Origin header
 * is the site's own, as a browser would send it: Better Auth refuses other origins.
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
  const cookies = res.headers
    .getSetCookie()
    .map((header) => header.split(';')[0] ?? '')
    .map((pair) => ({ name: pair.slice(0, pair.indexOf('=')), value: pair.slice(pair.indexOf('=') + 1) }))
    .filter((cookie) => cookie.name && cookie.value);
  if (cookies.length === 0) throw new Error('sign-up set no session cookie');
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
