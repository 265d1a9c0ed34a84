import { and, desc, eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { AppContext } from '../src/context';
import { openPostgres } from '../src/db/client';
import { guests, mailOutbox, meetings, notifications } from '../src/db/schema';
import { purgeGuests, remindGuests } from '../src/domain/guests';
import { createTestApp } from './helpers/app';
import { signUp } from './helpers/auth';
import { catalogue, createGroup, seat } from './helpers/groups';
import { type Member, signUpSubscriber } from './helpers/members';

/**
 * Guests (visiteurs, network-core §5) through the routes: inviting (consent, validation, one per
 * email and meeting, the mail with its link and `.ics`), the confirmation without an account, the
 * held-trade notice, the pipeline (inviter, leaders, anyone else), the check-in with the meeting's
 * QR code, and the two jobs (reminder, purge) run twice and, on PostgreSQL, from two pools.
 */

const t = await createTestApp();
const db = t.database.db;
const ctx = t.app.ctx;
const DAY = 86_400_000;

const inviter = await signUpSubscriber(t, { name: 'Marie Dupont' }, { fullName: 'Marie Dupont' });
const leader = await signUpSubscriber(t, { name: 'Luc Leroy' }, { fullName: 'Luc Leroy' });
const other = await signUpSubscriber(t, { name: 'Jean Autre' });
const notSubscribed = await signUp(t);

const trades = await catalogue(db);
const heldTrade = trades[0] as { id: string; label: string };
const freeTrade = trades[1] as { id: string; label: string };
const homeGroup = await createGroup(db);
const group = await createGroup(db, { departmentCode: '69' });
const elsewhere = await createGroup(db, { departmentCode: '69', name: 'Synergie Pro Villeurbanne' });
await seat(db, group.id, [{ userId: leader.userId, tradeId: heldTrade.id, role: 'president' }]);
await seat(db, homeGroup.id, [{ userId: inviter.userId, tradeId: freeTrade.id }]);

let dayCounter = 0;
/** A meeting straight into the database (the generator is another area's). */
async function meeting(
  groupId: string,
  startsAt = new Date(Date.now() + (10 + dayCounter) * DAY),
  status: 'scheduled' | 'cancelled' = 'scheduled',
): Promise<string> {
  dayCounter += 1;
  const [row] = await db
    .insert(meetings)
    .values({
      groupId,
      scheduledOn: new Date(Date.now() + (400 + dayCounter) * DAY).toISOString().slice(0, 10),
      startsAt,
      endsAt: new Date(startsAt.getTime() + 90 * 60_000),
      place: '1 place Bellecour, Lyon',
      status,
    })
    .returning({ id: meetings.id });
  return (row as { id: string }).id;
}

const guestForm = (extra: Record<string, unknown> = {}) => ({
  name: 'Sophie Martin',
  email: 'Sophie.Martin@exemple.fr',
  phone: '06 12 34 56 78',
  company: 'Cabinet Martin',
  consent: true,
  ...extra,
});

let emailCounter = 0;
async function invite(by: Member, meetingId: string, extra: Record<string, unknown> = {}) {
  emailCounter += 1;
  const res = await by.post(
    `/api/meetings/${meetingId}/guests`,
    guestForm({ email: `invite${emailCounter}@exemple.fr`, ...extra }),
  );
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { guest: { id: string; status: string }; tradeNotice: unknown };
}

async function tokenOf(email: string): Promise<string> {
  const [mail] = await db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.to, email), eq(mailOutbox.template, 'guest-invitation')))
    .orderBy(desc(mailOutbox.createdAt))
    .limit(1);
  const url = new URL((mail as { meta: { confirmUrl: string } }).meta.confirmUrl);
  return url.searchParams.get('jeton') as string;
}

const visitor = (method: 'GET' | 'POST', url: string, payload?: Record<string, unknown>) =>
  payload === undefined ? t.app.inject({ method, url }) : t.app.inject({ method, url, payload });

describe('inviting a guest', () => {
  it('stores the guest with the consent time and mails them the meeting, the link and the .ics', async () => {
    const meetingId = await meeting(group.id);
    const res = await inviter.post(`/api/meetings/${meetingId}/guests`, guestForm({ tradeId: freeTrade.id }));
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json();
    expect(body.tradeNotice).toBeNull();
    expect(body.guest).toMatchObject({
      name: 'Sophie Martin',
      email: 'sophie.martin@exemple.fr',
      phone: '+33612345678',
      company: 'Cabinet Martin',
      tradeLabel: freeTrade.label,
      status: 'invited',
      nextStatuses: ['registered', 'came', 'followed_up', 'applicant', 'member', 'not_interested'],
      inviterName: 'Marie Dupont',
      meeting: { id: meetingId, groupId: group.id, place: '1 place Bellecour, Lyon', cancelled: false },
    });
    const [row] = await db.select().from(guests).where(eq(guests.id, body.guest.id));
    expect(row?.consentAt).toBeInstanceOf(Date);
    expect(row?.groupId).toBe(group.id);

    const [mail] = await db.select().from(mailOutbox).where(eq(mailOutbox.to, 'sophie.martin@exemple.fr'));
    expect(mail?.template).toBe('guest-invitation');
    expect(mail?.subject).toContain(group.name);
    expect(mail?.text).toContain('Marie Dupont vous invite');
    expect(mail?.text).toContain('http://localhost:3000/invitation?jeton=');
    expect(mail?.text).toContain('http://localhost:3000/api/invitation/ics?jeton=');
    expect(mail?.text).toContain('1 place Bellecour, Lyon');
    const ics = await visitor(
      'GET',
      new URL((mail as { meta: { icsUrl: string } }).meta.icsUrl).pathname +
        new URL((mail as { meta: { icsUrl: string } }).meta.icsUrl).search,
    );
    expect(ics.statusCode).toBe(200);
    expect(ics.headers['content-type']).toContain('text/calendar');
    expect(ics.body).toContain('BEGIN:VEVENT');
    expect(ics.body).toContain('TZID=Europe/Paris');
    expect(ics.body).toContain('LOCATION:1 place Bellecour\\, Lyon');
  });

  it('refuses without the consent box, with French messages; nothing is stored', async () => {
    const meetingId = await meeting(group.id);
    const res = await inviter.post(
      `/api/meetings/${meetingId}/guests`,
      guestForm({ consent: false, email: 'nope@exemple.fr' }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('Cette personne a accepté de recevoir notre invitation par email');
    const missing = await inviter.post(`/api/meetings/${meetingId}/guests`, { name: 'X Y', email: 'nope@exemple.fr' });
    expect(missing.statusCode).toBe(400);
    expect(await db.select().from(guests).where(eq(guests.meetingId, meetingId))).toHaveLength(0);
  });

  it('refuses an invalid email or phone with French messages', async () => {
    const meetingId = await meeting(group.id);
    const badEmail = await inviter.post(`/api/meetings/${meetingId}/guests`, guestForm({ email: 'pas-un-email' }));
    expect(badEmail.statusCode).toBe(400);
    expect(badEmail.body).toContain('Email invalide');
    const badPhone = await inviter.post(`/api/meetings/${meetingId}/guests`, guestForm({ phone: '12' }));
    expect(badPhone.statusCode).toBe(400);
    expect(badPhone.body).toContain('Numéro de téléphone invalide');
    const noEmail = await inviter.post(`/api/meetings/${meetingId}/guests`, guestForm({ email: '' }));
    expect(noEmail.statusCode).toBe(400);
    expect(await db.select().from(guests).where(eq(guests.meetingId, meetingId))).toHaveLength(0);
  });

  it('one invitation per email and meeting: 409, also for two at once', async () => {
    const meetingId = await meeting(group.id);
    await invite(inviter, meetingId, { email: 'double@exemple.fr' });
    const again = await other.post(`/api/meetings/${meetingId}/guests`, guestForm({ email: 'DOUBLE@exemple.fr' }));
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message ?? again.body).toBeTruthy();
    expect(again.body).toContain('déjà invitée');
    const meeting2 = await meeting(group.id);
    const both = await Promise.all([
      inviter.post(`/api/meetings/${meeting2}/guests`, guestForm({ email: 'race@exemple.fr' })),
      other.post(`/api/meetings/${meeting2}/guests`, guestForm({ email: 'race@exemple.fr' })),
    ]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([201, 409]);
  });

  it('refuses a cancelled, past or unknown meeting, and a visitor or a member without subscription', async () => {
    const cancelled = await meeting(group.id, undefined, 'cancelled');
    expect((await inviter.post(`/api/meetings/${cancelled}/guests`, guestForm())).statusCode).toBe(409);
    const past = await meeting(group.id, new Date(Date.now() - DAY));
    expect((await inviter.post(`/api/meetings/${past}/guests`, guestForm())).statusCode).toBe(409);
    expect(
      (await inviter.post('/api/meetings/00000000-0000-4000-8000-000000000000/guests', guestForm())).statusCode,
    ).toBe(404);
    expect((await inviter.post('/api/meetings/abc/guests', guestForm())).statusCode).toBe(404);
    const open = await meeting(group.id);
    expect((await notSubscribed.post(`/api/meetings/${open}/guests`, guestForm())).statusCode).toBe(403);
    expect((await visitor('POST', `/api/meetings/${open}/guests`, guestForm())).statusCode).toBe(401);
    const unknownTrade = await inviter.post(
      `/api/meetings/${open}/guests`,
      guestForm({ tradeId: '00000000-0000-4000-8000-000000000000' }),
    );
    expect(unknownTrade.statusCode).toBe(404);
  });

  it('says so when the guest’s trade is held in the group, with the groups where the seat is free', async () => {
    const meetingId = await meeting(group.id);
    const { tradeNotice } = await invite(inviter, meetingId, { tradeId: heldTrade.id, email: 'held@exemple.fr' });
    expect(tradeNotice).toMatchObject({ tradeLabel: heldTrade.label });
    const nearest = (tradeNotice as { nearestGroups: { id: string }[] }).nearestGroups.map((g) => g.id);
    expect(nearest).toContain(elsewhere.id);
    expect(nearest).not.toContain(group.id);
    const token = await tokenOf('held@exemple.fr');
    const page = await visitor('GET', `/api/invitation?jeton=${encodeURIComponent(token)}`);
    expect(page.json().tradeNotice).toMatchObject({ tradeLabel: heldTrade.label });
    const [mail] = await db.select().from(mailOutbox).where(eq(mailOutbox.to, 'held@exemple.fr'));
    expect(mail?.text).toContain('est déjà représenté dans ce groupe');
  });
});

describe('the guest’s page, without an account', () => {
  it('shows the meeting, confirms once and tells the inviter', async () => {
    const meetingId = await meeting(group.id);
    const { guest } = await invite(inviter, meetingId, { email: 'confirme@exemple.fr' });
    const token = await tokenOf('confirme@exemple.fr');
    const page = await visitor('GET', `/api/invitation?jeton=${encodeURIComponent(token)}`);
    expect(page.statusCode, page.body).toBe(200);
    expect(page.json()).toMatchObject({
      guestName: 'Sophie Martin',
      inviterName: 'Marie Dupont',
      status: 'invited',
      meeting: { id: meetingId, groupName: group.name },
      tradeNotice: null,
    });
    const [first, second] = await Promise.all([
      visitor('POST', '/api/invitation/confirm', { jeton: token }),
      visitor('POST', '/api/invitation/confirm', { jeton: token }),
    ]);
    expect(first?.statusCode, first?.body).toBe(200);
    expect(second?.statusCode).toBe(200);
    expect(first?.json().status).toBe('registered');
    const [row] = await db.select().from(guests).where(eq(guests.id, guest.id));
    expect(row?.status).toBe('registered');
    expect(row?.confirmedAt).toBeInstanceOf(Date);
    const told = await db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, inviter.userId), eq(notifications.kind, 'guest')));
    expect(told.filter((n) => n.title.includes(group.name))).toHaveLength(1);
    expect(told[0]?.link).toBe('/visiteurs');
  });

  it('refuses a forged or altered token', async () => {
    const forged = ctx.links.sign('unsubscribe', { g: '00000000-0000-4000-8000-000000000000' });
    expect((await visitor('GET', `/api/invitation?jeton=${encodeURIComponent(forged)}`)).statusCode).toBe(404);
    const meetingId = await meeting(group.id);
    await invite(inviter, meetingId, { email: 'altere@exemple.fr' });
    const token = await tokenOf('altere@exemple.fr');
    const altered = `${token.slice(0, -2)}xx`;
    const res = await visitor('POST', '/api/invitation/confirm', { jeton: altered });
    expect(res.statusCode).toBe(404);
    expect(res.body).toContain('Ce lien d’invitation n’est pas valide');
    expect((await visitor('GET', '/api/invitation?jeton=abc')).statusCode).toBe(404);
  });
});

describe('the pipeline', () => {
  it('the inviter and the group’s leaders move a guest forward; anyone else is told it does not exist', async () => {
    const meetingId = await meeting(group.id);
    const { guest } = await invite(inviter, meetingId, { email: 'pipeline@exemple.fr' });
    const byInviter = await inviter.put(`/api/guests/${guest.id}/status`, { status: 'registered' });
    expect(byInviter.statusCode, byInviter.body).toBe(200);
    expect(byInviter.json()).toMatchObject({ status: 'registered' });
    const byLeader = await leader.put(`/api/guests/${guest.id}/status`, { status: 'came' });
    expect(byLeader.statusCode, byLeader.body).toBe(200);
    expect((await other.put(`/api/guests/${guest.id}/status`, { status: 'followed_up' })).statusCode).toBe(404);
    expect((await inviter.put(`/api/guests/${guest.id}/status`, { status: 'invited' })).statusCode).toBe(409);
    expect((await inviter.put(`/api/guests/${guest.id}/status`, { status: 'nope' })).statusCode).toBe(400);
    expect((await visitor('GET', '/api/me/guests')).statusCode).toBe(401);
    expect((await inviter.put(`/api/guests/${guest.id}/status`, { status: 'member' })).statusCode).toBe(200);
    expect((await inviter.put(`/api/guests/${guest.id}/status`, { status: 'not_interested' })).statusCode).toBe(409);
    expect((await inviter.put('/api/guests/abc/status', { status: 'came' })).statusCode).toBe(404);
  });

  it('lists the inviter’s guests and the group’s guests for its leaders, others refused', async () => {
    const meetingId = await meeting(group.id);
    const { guest } = await invite(inviter, meetingId, { email: 'liste@exemple.fr', tradeId: freeTrade.id });
    const mine = (await inviter.get('/api/me/guests')).json();
    expect(mine.items.find((g: { id: string }) => g.id === guest.id)).toMatchObject({
      email: 'liste@exemple.fr',
      tradeLabel: freeTrade.label,
      meeting: { groupName: group.name },
    });
    expect((await other.get('/api/me/guests')).json().items.some((g: { id: string }) => g.id === guest.id)).toBe(false);
    const ofGroup = await leader.get(`/api/groups/${group.id}/guests`);
    expect(ofGroup.statusCode).toBe(200);
    expect(ofGroup.json().items.some((g: { id: string }) => g.id === guest.id)).toBe(true);
    expect((await inviter.get(`/api/groups/${group.id}/guests`)).statusCode).toBe(403);
    expect((await other.get(`/api/groups/${group.id}/guests`)).statusCode).toBe(403);
  });

  it('offers the next meetings of the member’s group', async () => {
    const next = await meeting(homeGroup.id);
    await meeting(homeGroup.id, new Date(Date.now() - DAY));
    const res = (await inviter.get('/api/me/invitable-meetings')).json();
    expect(res.items.map((m: { id: string }) => m.id)).toEqual([next]);
    expect((await other.get('/api/me/invitable-meetings')).json().items).toEqual([]);
  });

  it('gives a subscriber without a home group any group’s next meetings (national access)', async () => {
    const far = await createGroup(db, { name: 'Synergie Pro Brest Iroise', city: 'Brest', departmentCode: '29' });
    const first = await meeting(far.id);
    const second = await meeting(far.id);
    await meeting(far.id, new Date(Date.now() - DAY));
    await meeting(far.id, undefined, 'cancelled');
    // `other` has no group: the search by city, accents and case folded, finds Brest's meetings.
    const byCity = await other.get('/api/invitable-meetings?q=BREST');
    expect(byCity.statusCode, byCity.body).toBe(200);
    expect(byCity.json().items.map((m: { id: string }) => m.id)).toEqual([first, second]);
    const byName = (await other.get('/api/invitable-meetings?q=iroise')).json();
    expect(byName.items.every((m: { groupId: string }) => m.groupId === far.id)).toBe(true);
    expect((await other.get('/api/invitable-meetings?q=introuvable')).json().items).toEqual([]);
    // LIKE's own characters are searched for literally.
    expect((await other.get('/api/invitable-meetings?q=%25')).json().items).toEqual([]);
    // And the invitation to that group's meeting goes through.
    await invite(other, first);
    expect((await notSubscribed.get('/api/invitable-meetings?q=brest')).statusCode).toBe(403);
  });
});

describe('check-in with the meeting’s QR code', () => {
  it('marks the guest `Venu` once; another meeting’s, an expired or a forged code is refused', async () => {
    const meetingId = await meeting(group.id);
    const otherMeeting = await meeting(group.id);
    const { guest } = await invite(inviter, meetingId, { email: 'qr@exemple.fr' });
    const guestToken = await tokenOf('qr@exemple.fr');
    const exp = Math.floor(Date.now() / 1000) + 3600;
    const wrong = ctx.links.sign('checkin', { m: otherMeeting, exp });
    expect((await visitor('POST', '/api/invitation/checkin', { guestToken, checkinToken: wrong })).statusCode).toBe(
      403,
    );
    const expired = ctx.links.sign('checkin', { m: meetingId, exp: Math.floor(Date.now() / 1000) - 10 });
    expect((await visitor('POST', '/api/invitation/checkin', { guestToken, checkinToken: expired })).statusCode).toBe(
      400,
    );
    const forged = ctx.links.sign('guest', { m: meetingId, exp });
    expect((await visitor('POST', '/api/invitation/checkin', { guestToken, checkinToken: forged })).statusCode).toBe(
      400,
    );
    expect(
      (await visitor('POST', '/api/invitation/checkin', { guestToken: 'x.y', checkinToken: wrong })).statusCode,
    ).toBe(404);

    const checkinToken = ctx.links.sign('checkin', { m: meetingId, exp });
    const [a, b] = await Promise.all([
      visitor('POST', '/api/invitation/checkin', { guestToken, checkinToken }),
      visitor('POST', '/api/invitation/checkin', { guestToken, checkinToken }),
    ]);
    expect([a?.statusCode, b?.statusCode].sort()).toEqual([200, 409]);
    const [row] = await db.select().from(guests).where(eq(guests.id, guest.id));
    expect(row?.status).toBe('came');
    expect(row?.checkedInAt).toBeInstanceOf(Date);
    const again = await visitor('POST', '/api/invitation/checkin', { guestToken, checkinToken });
    expect(again.statusCode).toBe(409);
    expect(again.body).toContain('déjà enregistrée');
  });
});

/** A second instance: its own pool on PostgreSQL; PGlite has one connection to share. */
async function otherInstance<T>(use: (other: AppContext) => Promise<T>): Promise<T> {
  const url = (t.database as { url?: string }).url;
  const second = t.database.kind === 'postgres' && url ? await openPostgres(url, 5) : undefined;
  try {
    return await use({ ...ctx, db: second?.db ?? ctx.db } as AppContext);
  } finally {
    await second?.close();
  }
}

describe('remind-guests', () => {
  it('mails each expected guest once the day before, not before, not twice, from two instances', async () => {
    // A meeting 30 days ahead at 18:00 UTC (19:00 or 20:00 in Paris): the day before is 29 days on.
    const startsAt = new Date(Date.now() + 30 * DAY);
    startsAt.setUTCHours(18, 0, 0, 0);
    const meetingId = await meeting(group.id, startsAt);
    const ids: string[] = [];
    for (let i = 0; i < 5; i++)
      ids.push((await invite(inviter, meetingId, { email: `rappel${i}@exemple.fr` })).guest.id);
    await inviter.put(`/api/guests/${ids[4]}/status`, { status: 'not_interested' });
    const twoDaysBefore = new Date(startsAt.getTime() - 2 * DAY);
    expect(await remindGuests(ctx, twoDaysBefore)).toBe(0);
    const dayBefore = new Date(startsAt.getTime() - 20 * 3_600_000);
    const runs = await otherInstance((second) =>
      Promise.all([remindGuests(ctx, dayBefore), remindGuests(second, dayBefore), remindGuests(ctx, dayBefore)]),
    );
    expect(runs.reduce((a, b) => a + b, 0)).toBe(4);
    expect(await remindGuests(ctx, dayBefore)).toBe(0);
    const mails = await db
      .select()
      .from(mailOutbox)
      .where(
        and(
          eq(mailOutbox.template, 'guest-reminder'),
          inArray(
            mailOutbox.to,
            [0, 1, 2, 3, 4].map((i) => `rappel${i}@exemple.fr`),
          ),
        ),
      );
    expect(mails.map((m) => m.to).sort()).toEqual([0, 1, 2, 3].map((i) => `rappel${i}@exemple.fr`));
    expect(mails[0]?.text).toContain('/invitation?jeton=');
  });
});

describe('purge-guests', () => {
  it('wipes a guest’s personal data 12 months after the last meeting unless a member; once, from two instances', async () => {
    const meetingId = await meeting(group.id);
    const ids: string[] = [];
    for (let i = 0; i < 4; i++)
      ids.push((await invite(inviter, meetingId, { email: `purge${i}@exemple.fr`, tradeId: freeTrade.id })).guest.id);
    const member = ids[3] as string;
    for (const status of ['registered', 'came', 'applicant', 'member'])
      await inviter.put(`/api/guests/${member}/status`, { status });
    const [row] = await db
      .select()
      .from(guests)
      .where(eq(guests.id, ids[0] as string));
    const last = (row as { lastMeetingAt: Date }).lastMeetingAt.getTime();
    // Guests of the earlier tests' meetings (sooner) may be due already: these are not.
    await purgeGuests(ctx, new Date(last + 360 * DAY));
    const kept = await db.select().from(guests).where(inArray(guests.id, ids));
    expect(kept.every((r) => r.purgedAt === null)).toBe(true);
    const at = new Date(last + 370 * DAY);
    const runs = await otherInstance((second) =>
      Promise.all([purgeGuests(ctx, at), purgeGuests(second, at), purgeGuests(ctx, at)]),
    );
    expect(runs.reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(3);
    expect(await purgeGuests(ctx, at)).toBe(0);
    const rows = await db.select().from(guests).where(inArray(guests.id, ids));
    for (const r of rows) {
      if (r.id === member) {
        expect(r).toMatchObject({ email: 'purge3@exemple.fr', purgedAt: null });
      } else {
        expect(r).toMatchObject({ name: null, email: null, phone: null, company: null, tradeId: null });
        expect(r.purgedAt?.getTime()).toBe(at.getTime());
      }
    }
    // The link leads nowhere; the list keeps the row without the person.
    const mine = (await inviter.get('/api/me/guests')).json();
    expect(mine.items.find((g: { id: string }) => g.id === ids[0])).toMatchObject({ name: null, email: null });
  });
});

describe('the quota of invitations (issue 33)', () => {
  it('lets one member send 30 invitations an hour, whatever their address, then says to wait', async () => {
    const busy = await signUpSubscriber(t, { name: 'Paul Pressé' }, { fullName: 'Paul Pressé' });
    const meetingId = await meeting(group.id);
    for (let i = 0; i < 30; i += 1) await invite(busy, meetingId);
    const refused = await busy.post(
      `/api/meetings/${meetingId}/guests`,
      guestForm({ email: 'trente-et-un@exemple.fr' }),
    );
    expect(refused.statusCode).toBe(429);
    // A quota counted in the database (test/quotas.test.ts), saying when it frees.
    expect(refused.json().error.code).toBe('QUOTA_EXCEEDED');
    expect(refused.json().error.message).toMatch(
      /^Limite atteinte\u00a0: 30 invitations de visiteurs par heure\. Réessayez dans \d+ minutes?\.$/,
    );
    // Nothing stored, nothing mailed for the refused one.
    expect(await db.select().from(mailOutbox).where(eq(mailOutbox.to, 'trente-et-un@exemple.fr'))).toHaveLength(0);
    // Another member is not held back by this one's quota.
    await invite(inviter, meetingId);
  });
});
