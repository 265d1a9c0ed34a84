import { expect } from 'vitest';
import { baseURL } from './browser';
import { apiHeaders, type Member, signUpMember, subscribe } from './member';

/** A JSON call to the API as `member` (or anonymous), throwing on anything but 2xx. */
export async function api<T = unknown>(
  member: Member | null,
  method: string,
  path: string,
  body?: unknown,
): Promise<T> {
  const headers: Record<string, string> = member
    ? apiHeaders(member)
    : { 'content-type': 'application/json', origin: baseURL() };
  // No body, no content type: the server refuses an empty JSON body.
  if (body === undefined) delete headers['content-type'];
  const res = await fetch(`${baseURL()}${path}`, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${text}`);
  return (text ? JSON.parse(text) : null) as T;
}

/** The id of a trade of the catalogue, by its label. */
export async function tradeId(label: string): Promise<string> {
  const { trades } = await api<{ trades: { id: string; label: string }[] }>(null, 'GET', '/api/trades');
  const trade = trades.find((t) => t.label === label);
  if (!trade) throw new Error(`no trade ${label}`);
  return trade.id;
}

/** A subscribed member of this trade (the profile saved through the API as /profile does). */
export async function tradeSubscriber(name: string, trade: string, city: string): Promise<Member & { id: string }> {
  const member = await signUpMember({ name });
  await subscribe(member);
  const { user } = await api<{ user: { id: string } }>(member, 'GET', '/api/me');
  await api(member, 'PUT', '/api/me/profile', {
    fullName: name,
    companyName: null,
    phone: null,
    bio: null,
    industry: null,
    city,
    sponsorName: null,
    websiteUrl: null,
    linkedinUrl: null,
    twitterUrl: null,
    githubUrl: null,
    facebookUrl: null,
    skills: [],
    lookingFor: [],
    tradeId: await tradeId(trade),
    specialty: null,
  });
  return { ...member, id: user.id };
}

export interface DevMail {
  to: string;
  subject: string;
  text: string;
  template: string | null;
}

/** The first mail to `address` (dev mailbox) that `match` accepts, waiting for the outbox to send it. */
export async function mailTo(address: string, match: (mail: DevMail) => boolean, what: string): Promise<DevMail> {
  let found: DevMail | undefined;
  await expect
    .poll(
      async () => {
        const res = await fetch(`${baseURL()}/api/dev/mailbox?to=${encodeURIComponent(address)}`);
        found = ((await res.json()).mails as DevMail[]).find(match);
        return Boolean(found);
      },
      { timeout: 15_000, message: `${what} mail to ${address}` },
    )
    .toBe(true);
  return found as DevMail;
}
