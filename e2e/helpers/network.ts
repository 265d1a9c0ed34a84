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

/** Seats the members in the group (the admin accepts at once) and names the first one président. */
export async function seatWithPresident(
  admin: Member,
  groupId: string,
  members: readonly (Member & { id: string })[],
): Promise<void> {
  for (const m of members) {
    const application = await api<{ id: string }>(m, 'POST', `/api/groups/${groupId}/applications`, {});
    await api(admin, 'POST', `/api/groups/${groupId}/applications/${application.id}/accept`, { override: true });
  }
  await api(admin, 'PUT', `/api/groups/${groupId}/leaders/president`, { userId: members[0]?.id });
}

/**
 * The group's first meeting, once the generator (a job every few seconds on the e2e server) has
 * written it, moved by the président to ten minutes from now: its check-in code is open (30 minutes
 * before) and a scan now is on time. Returns its id.
 */
export async function meetingInTenMinutes(president: Member, groupId: string, place: string, message: string) {
  let meetingId = '';
  await expect
    .poll(
      async () => {
        const { meetings } = await api<{ meetings: { id: string }[] }>(
          president,
          'GET',
          `/api/groups/${groupId}/meetings`,
        );
        meetingId = meetings[0]?.id ?? '';
        return meetings.length;
      },
      { timeout: 30_000 },
    )
    .toBeGreaterThan(0);
  const start = Date.now() + 10 * 60_000;
  await api(president, 'PUT', `/api/groups/${groupId}/meetings/${meetingId}`, {
    action: 'move',
    startsAt: new Date(start).toISOString(),
    endsAt: new Date(start + 90 * 60_000).toISOString(),
    place,
    message,
  });
  return meetingId;
}
