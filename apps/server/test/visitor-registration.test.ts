import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { apiErrors, visitMessages } from '@synergie/shared';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import type { AppContext } from '../src/context';
import { openPostgres } from '../src/db/client';
import { groups, guests, mailOutbox, meetings } from '../src/db/schema';
import { purgeGuests, remindGuests } from '../src/domain/guests';
import { followUpVisitors, visitInviteToken } from '../src/domain/visits';
import { createTestApp } from './helpers/app';
import { catalogue, createGroup, seat } from './helpers/groups';
import { signUpSubscriber } from './helpers/members';

/**
 * Visitors who register themselves (issue 30) through POST /api/groups/:slug/visits: consent,
 * honeypot, the limits per address and per meeting, the merge by email, the two-visit rule, the
 * seat answer, the credited inviter, the mails (confirmation once, reminder, follow-up once each,
 * on two instances), the one-click unsubscribe and the purge 12 months after the last visit.
 */

// An empty web build: the server's own pages (the unsubscribe page) are served bare.
const webDir = fs.mkdtempSync(path.join(os.tmpdir(), 'synergie-visitors-'));
afterAll(() => fs.rmSync(webDir, { recursive: true, force: true }));
const t = await createTestApp({ webDir, env: { VISIT_RATE_LIMIT: '1000', VISIT_MEETING_RATE_LIMIT: '1000' } });
const db = t.database.db;
const ctx = t.app.ctx;
const DAY = 86_400_000;

const holder = await signUpSubscriber(t, { name: 'Luc Leroy' }, { fullName: 'Luc Leroy' });
const inviter = await signUpSubscriber(t, { name: 'Marie Dupont' }, { fullName: 'Marie Dupont' });
const trades = await catalogue(db);
const heldTrade = trades[0] as { id: string; label: string };
const freeTrade = trades[1] as { id: string; label: string };
const group = await createGroup(db, { departmentCode: '69' });
const nearby = await createGroup(db, { departmentCode: '69', name: 'Synergie Pro Villeurbanne' });
await seat(db, group.id, [
  { userId: holder.userId, tradeId: heldTrade.id, role: 'president' },
  { userId: inviter.userId, tradeId: trades[2]?.id as string },
]);

let dayCounter = 0;
async function meeting(groupId: string, startsAt = new Date(Date.now() + (10 + dayCounter) * DAY)) {
  dayCounter += 1;
  const [row] = await db
    .insert(meetings)
    .values({
      groupId,
      scheduledOn: new Date(Date.now() + (400 + dayCounter) * DAY).toISOString().slice(0, 10),
      startsAt,
      endsAt: new Date(startsAt.getTime() + 90 * 60_000),
      place: '1 place Bellecour, Lyon',
      visioUrl: 'https://visio.exemple.fr/lyon',
    })
    .returning({ id: meetings.id });
  return (row as { id: string }).id;
}

let emailCounter = 0;
const form = (extra: Record<string, unknown> = {}) => {
  emailCounter += 1;
  return {
    name: 'Sophie Martin',
    email: `visiteur${emailCounter}@exemple.fr`,
    phone: '06 12 34 56 78',
    company: 'Cabinet Martin',
    tradeId: freeTrade.id,
    consent: true,
    ...extra,
  };
};

const register = (slug: string, payload: Record<string, unknown>, { ip = '10.1.0.1', query = '' } = {}) =>
  t.app.inject({ method: 'POST', url: `/api/groups/${slug}/visits${query}`, payload, remoteAddress: ip });

const firstMeeting = await meeting(group.id, new Date(Date.now() + 5 * DAY));

const rowsOf = (email: string) => db.select().from(guests).where(sql`lower(${guests.email}) = ${email}`);
const mailsTo = (email: string, template?: string) =>
  db
    .select()
    .from(mailOutbox)
    .where(template ? and(eq(mailOutbox.to, email), eq(mailOutbox.template, template)) : eq(mailOutbox.to, email));

describe('registering a visit', () => {
  it('registers for the next meeting with the consent, answers the seat, the place, the visio and the .ics', async () => {
    const body = form();
    const res = await register(group.slug, body);
    expect(res.statusCode, res.body).toBe(201);
    const answer = res.json();
    expect(answer).toMatchObject({
      group: { slug: group.slug, name: group.name },
      meeting: { id: firstMeeting, place: '1 place Bellecour, Lyon', visioUrl: 'https://visio.exemple.fr/lyon' },
      alreadyRegistered: false,
      seat: { tradeLabel: freeTrade.label, free: true, nearestGroups: [] },
      visits: 1,
      apply: false,
      applyUrl: `/groupes/${group.slug}#candidature`,
    });
    expect(answer.icsUrl).toMatch(/^\/api\/invitation\/ics\?jeton=/);
    const ics = await t.app.inject({ method: 'GET', url: answer.icsUrl });
    expect(ics.statusCode).toBe(200);
    expect(ics.body).toContain('BEGIN:VEVENT');
    const [row] = await rowsOf(body.email);
    expect(row).toMatchObject({ source: 'self', status: 'registered', phone: '+33612345678', invitedBy: null });
    expect(row?.consentAt).toBeInstanceOf(Date);
    const mails = await mailsTo(body.email, 'visit-confirmation');
    expect(mails).toHaveLength(1);
    expect(mails[0]?.text).toContain('https://visio.exemple.fr/lyon');
    expect(mails[0]?.text).toContain('/api/invitation/ics?jeton=');
  });

  it('refuses without consent, with the French message under the field', async () => {
    const body = form({ consent: false });
    const res = await register(group.slug, body);
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain(visitMessages.consentRequired);
    expect(await rowsOf(body.email)).toHaveLength(0);
  });

  it('applies the members’ field rules (email, phone, trade from the catalogue)', async () => {
    expect((await register(group.slug, form({ email: 'pas-un-email' }))).statusCode).toBe(400);
    expect((await register(group.slug, form({ phone: 'abc' }))).statusCode).toBe(400);
    expect((await register(group.slug, form({ tradeId: '' }))).statusCode).toBe(400);
    const gone = await register(group.slug, form({ tradeId: '00000000-0000-4000-8000-000000000000' }));
    expect(gone.statusCode).toBe(404);
    expect(gone.json().error.code).toBe('TRADE_NOT_FOUND');
    expect((await register('groupe-inconnu', form())).statusCode).toBe(404);
  });

  it('stores nothing when the honeypot is filled', async () => {
    const body = form({ site: 'https://spam.exemple' });
    const res = await register(group.slug, body);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('VISIT_REFUSED');
    expect(await rowsOf(body.email)).toHaveLength(0);
    expect(await mailsTo(body.email)).toHaveLength(0);
  });

  it('merges by email: the same meeting is the same row, the confirmation is queued once', async () => {
    const body = form();
    const first = await register(group.slug, body);
    const again = await register(group.slug, { ...body, email: body.email.toUpperCase(), company: 'Martin & Fils' });
    expect(again.statusCode, again.body).toBe(201);
    expect(again.json()).toMatchObject({ alreadyRegistered: true, visits: 1 });
    const rows = await rowsOf(body.email);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.company).toBe('Martin & Fils');
    expect(first.json().icsUrl).toBe(again.json().icsUrl);
    expect(await mailsTo(body.email, 'visit-confirmation')).toHaveLength(1);
  });

  it('settles two registrations at once into one row', async () => {
    const body = form();
    const both = await Promise.all([register(group.slug, body), register(group.slug, body)]);
    expect(both.map((r) => r.statusCode)).toEqual([201, 201]);
    expect(await rowsOf(body.email)).toHaveLength(1);
    expect(await mailsTo(body.email, 'visit-confirmation')).toHaveLength(1);
  });

  it('asks a third visit of the same email to the same group to apply', async () => {
    const body = form();
    const m2 = await meeting(group.id);
    const m3 = await meeting(group.id);
    expect((await register(group.slug, body)).json()).toMatchObject({ visits: 1, apply: false });
    expect((await register(group.slug, { ...body, meetingId: m2 })).json()).toMatchObject({ visits: 2, apply: false });
    const third = (await register(group.slug, { ...body, meetingId: m3 })).json();
    expect(third).toMatchObject({ visits: 3, apply: true, applyUrl: `/groupes/${group.slug}#candidature` });
    // Another group's visits are not this group's.
    await meeting(nearby.id);
    expect((await register(nearby.slug, body)).json()).toMatchObject({ visits: 1, apply: false });
  });

  it('refuses a meeting of another group or one that is over', async () => {
    const other = await meeting(nearby.id);
    const res = await register(group.slug, form({ meetingId: other }));
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe('MEETING_NOT_FOUND');
  });

  it('names the nearest group where a held seat is free', async () => {
    const res = await register(group.slug, form({ tradeId: heldTrade.id }));
    expect(res.statusCode).toBe(201);
    const { seat: answer } = res.json();
    expect(answer.free).toBe(false);
    expect(answer.tradeLabel).toBe(heldTrade.label);
    expect(answer.nearestGroups.map((g: { id: string }) => g.id)).toContain(nearby.id);
    expect(answer.nearestGroups.map((g: { id: string }) => g.id)).not.toContain(group.id);
  });

  it('credits the inviting member by id or by signed token, an unknown one credits no one', async () => {
    const byId = form();
    const res = await register(group.slug, byId, { query: `?invite=${inviter.userId}` });
    expect(res.json().inviterName).toBe('Marie Dupont');
    expect((await rowsOf(byId.email))[0]?.invitedBy).toBe(inviter.userId);
    const byToken = form();
    const token = visitInviteToken(ctx, inviter.userId);
    await register(group.slug, byToken, { query: `?invite=${encodeURIComponent(token)}` });
    expect((await rowsOf(byToken.email))[0]?.invitedBy).toBe(inviter.userId);
    const unknown = form();
    await register(group.slug, unknown, { query: '?invite=personne' });
    expect((await rowsOf(unknown.email))[0]?.invitedBy).toBeNull();
    const page = await t.app.inject({ method: 'GET', url: `/api/groups/${group.slug}/visit?invite=${inviter.userId}` });
    expect(page.json()).toMatchObject({
      group: { slug: group.slug },
      meeting: { id: firstMeeting },
      inviterName: 'Marie Dupont',
    });
  });

  it('lists the visitors by meeting and the conversion rate per member for the leaders', async () => {
    const res = await holder.get(`/api/groups/${group.id}/visitors`);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.meetings.length).toBeGreaterThan(0);
    expect(body.meetings[0].visitors[0]).toHaveProperty('selfRegistered');
    const marie = body.members.find((m: { userId: string }) => m.userId === inviter.userId);
    expect(marie).toMatchObject({ invited: 2, becameMembers: 0, rate: 0 });
    await db.update(guests).set({ status: 'member' }).where(eq(guests.invitedBy, inviter.userId));
    const after = (await holder.get(`/api/groups/${group.id}/visitors`)).json();
    expect(after.members.find((m: { userId: string }) => m.userId === inviter.userId)).toMatchObject({ rate: 1 });
    expect((await inviter.get(`/api/groups/${group.id}/visitors`)).statusCode).toBe(403);
    expect(after.followUp).toBe(true);
    const off = await holder.put(`/api/groups/${group.id}/visitor-follow-up`, { enabled: false });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json()).toEqual({ enabled: false });
    expect((await holder.get(`/api/groups/${group.id}/visitors`)).json().followUp).toBe(false);
    expect((await inviter.put(`/api/groups/${group.id}/visitor-follow-up`, { enabled: true })).statusCode).toBe(403);
    await holder.put(`/api/groups/${group.id}/visitor-follow-up`, { enabled: true });
  });
});

describe('rate limits', () => {
  it('limits per address and per meeting with a French 429', async () => {
    const limited = await createTestApp({
      database: t.database,
      env: { VISIT_RATE_LIMIT: '2', VISIT_MEETING_RATE_LIMIT: '3' },
    });
    const slugGroup = await createGroup(db);
    await meeting(slugGroup.id);
    const post = (ip: string) =>
      limited.app.inject({
        method: 'POST',
        url: `/api/groups/${slugGroup.slug}/visits`,
        payload: form(),
        remoteAddress: ip,
      });
    expect((await post('10.9.0.1')).statusCode).toBe(201);
    expect((await post('10.9.0.1')).statusCode).toBe(201);
    const byAddress = await post('10.9.0.1');
    expect(byAddress.statusCode).toBe(429);
    expect(byAddress.json().error).toMatchObject({ code: 'RATE_LIMITED', message: visitMessages.tooManyForAddress });
    expect((await post('10.9.0.2')).statusCode).toBe(201);
    const byMeeting = await post('10.9.0.3');
    expect(byMeeting.statusCode).toBe(429);
    expect(byMeeting.json().error.message).toBe(visitMessages.tooManyForMeeting);
    expect(apiErrors.RATE_LIMITED.status).toBe(429);
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

describe('mails after registering', () => {
  it('reminds the day before once, thanks the next day and invites to apply a week later, once each, on two instances', async () => {
    const g = await createGroup(db);
    const startsAt = new Date(Date.now() + 20 * DAY);
    startsAt.setUTCHours(18, 0, 0, 0);
    const meetingId = await meeting(g.id, startsAt);
    const body = form();
    expect((await register(g.slug, body)).statusCode).toBe(201);

    const dayBefore = new Date(startsAt.getTime() - DAY + 60_000);
    await otherInstance(async (other) => {
      await Promise.all([remindGuests(ctx, dayBefore), remindGuests(other, dayBefore)]);
    });
    await remindGuests(ctx, dayBefore);
    const reminders = await mailsTo(body.email, 'guest-reminder');
    expect(reminders).toHaveLength(1);
    expect(reminders[0]?.text).toContain('https://visio.exemple.fr/lyon');

    // Registered, never came: no `Merci de votre visite`.
    const nextDay = new Date(startsAt.getTime() + DAY);
    await followUpVisitors(ctx, nextDay);
    expect(await mailsTo(body.email, 'visit-thanks')).toHaveLength(0);

    await db.update(guests).set({ checkedInAt: startsAt, status: 'came' }).where(eq(guests.meetingId, meetingId));
    await otherInstance(async (other) => {
      await Promise.all([followUpVisitors(ctx, nextDay), followUpVisitors(other, nextDay)]);
    });
    await followUpVisitors(ctx, nextDay);
    const thanks = await mailsTo(body.email, 'visit-thanks');
    expect(thanks).toHaveLength(1);
    expect(thanks[0]?.subject).toContain('Merci de votre visite');
    expect(thanks[0]?.text).toContain('membres');
    expect(await mailsTo(body.email, 'visit-apply')).toHaveLength(0);

    const weekLater = new Date(startsAt.getTime() + 7 * DAY);
    await otherInstance(async (other) => {
      await Promise.all([followUpVisitors(ctx, weekLater), followUpVisitors(other, weekLater)]);
    });
    await followUpVisitors(ctx, new Date(startsAt.getTime() + 9 * DAY));
    const apply = await mailsTo(body.email, 'visit-apply');
    expect(apply).toHaveLength(1);
    expect(apply[0]?.headers).toMatchObject({ 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' });
    expect(await mailsTo(body.email)).toHaveLength(4);
  });

  it('sends no follow-up when the group’s setting is off', async () => {
    const g = await createGroup(db);
    await db.update(groups).set({ visitorFollowUp: false }).where(eq(groups.id, g.id));
    const startsAt = new Date(Date.now() + 25 * DAY);
    const meetingId = await meeting(g.id, startsAt);
    const body = form();
    await register(g.slug, body);
    await db.update(guests).set({ checkedInAt: startsAt, status: 'came' }).where(eq(guests.meetingId, meetingId));
    await followUpVisitors(ctx, new Date(startsAt.getTime() + 2 * DAY));
    await followUpVisitors(ctx, new Date(startsAt.getTime() + 8 * DAY));
    expect(await mailsTo(body.email, 'visit-thanks')).toHaveLength(0);
    expect(await mailsTo(body.email, 'visit-apply')).toHaveLength(0);
  });

  it('stops the follow-up after the one-click unsubscribe', async () => {
    const g = await createGroup(db);
    const startsAt = new Date(Date.now() + 30 * DAY);
    const meetingId = await meeting(g.id, startsAt);
    const body = form();
    await register(g.slug, body);
    await db.update(guests).set({ checkedInAt: startsAt, status: 'came' }).where(eq(guests.meetingId, meetingId));
    await followUpVisitors(ctx, new Date(startsAt.getTime() + DAY + 3_600_000));
    const [thanks] = await mailsTo(body.email, 'visit-thanks');
    const link = new URL((thanks as { meta: { unsubscribeUrl: string } }).meta.unsubscribeUrl);
    const jeton = link.searchParams.get('jeton') as string;
    const bad = await t.app.inject({ method: 'POST', url: '/api/visits/unsubscribe?jeton=pas-un-jeton' });
    expect(bad.statusCode).toBe(400);
    // The footer's link: a page that asks for a click (mail scanners open links), no scripts needed.
    expect(link.pathname).toBe('/visite/desabonnement');
    const asked = await t.app.inject({ method: 'GET', url: `${link.pathname}${link.search}` });
    expect(asked.statusCode).toBe(200);
    expect(asked.body).toContain('<form action="/visite/desabonnement" method="post">');
    expect((await rowsOf(body.email))[0]?.unsubscribedAt).toBeNull();
    // The mail client's one-click (RFC 8058), then the page's button: the second changes nothing.
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/visits/unsubscribe?jeton=${encodeURIComponent(jeton)}`,
    });
    expect(res.statusCode).toBe(204);
    const clicked = await t.app.inject({
      method: 'POST',
      url: '/visite/desabonnement',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ jeton }).toString(),
    });
    expect(clicked.statusCode).toBe(200);
    expect(clicked.body).toContain('vous ne recevrez plus');
    expect((await rowsOf(body.email))[0]?.unsubscribedAt).toBeInstanceOf(Date);
    await followUpVisitors(ctx, new Date(startsAt.getTime() + 8 * DAY));
    expect(await mailsTo(body.email, 'visit-apply')).toHaveLength(0);
  });
});

describe('retention', () => {
  it('purges a self-registered visitor 12 months after their last visit, unless they became a member', async () => {
    const g = await createGroup(db);
    const early = await meeting(g.id, new Date(Date.now() + 40 * DAY));
    const late = await meeting(g.id, new Date(Date.now() + 100 * DAY));
    const body = form();
    await register(g.slug, { ...body, meetingId: early });
    await register(g.slug, { ...body, meetingId: late });
    const member = form();
    await register(g.slug, { ...member, meetingId: early });
    await db.update(guests).set({ status: 'member' }).where(sql`lower(${guests.email}) = ${member.email}`);

    // 12 months after the first visit: the later visit keeps the person (both rows).
    await purgeGuests(ctx, new Date(Date.now() + (40 + 370) * DAY));
    expect((await rowsOf(body.email)).every((r) => r.purgedAt === null)).toBe(true);

    const after = new Date(Date.now() + (100 + 370) * DAY);
    await otherInstance(async (other) => {
      await Promise.all([purgeGuests(ctx, after), purgeGuests(other, after)]);
    });
    const purged = await db.select().from(guests).where(eq(guests.groupId, g.id));
    const byMember = purged.filter((r) => r.status === 'member');
    expect(byMember).toHaveLength(1);
    expect(byMember[0]).toMatchObject({ email: member.email, purgedAt: null });
    const wiped = purged.filter((r) => r.status !== 'member');
    expect(wiped).toHaveLength(2);
    for (const r of wiped) expect(r).toMatchObject({ name: null, email: null, phone: null, company: null });
  });
});
