import { memberQuotas, parseQuotaSetting, quotaReachedMessage } from '@synergie/shared';
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { openPostgres } from '../src/db/client';
import { mailOutbox, meetings, memberQuotaCounters, notifications } from '../src/db/schema';
import { quotaWindows, takeQuota } from '../src/domain/quotas';
import { loadEnv } from '../src/env';
import { createTestApp } from './helpers/app';
import { signUp } from './helpers/auth';
import { createGroup } from './helpers/groups';
import { type Member, signUpSubscriber } from './helpers/members';
import { pngImage, uploadFile } from './helpers/upload';

/**
 * Member quotas (issue 33): counted in the database per member, per hour and per Paris day, on
 * every action that mails or notifies someone else. The red team's findings: 80 guest invitations
 * from one subscriber in 3 seconds, and 20 forum replies mailing `vous mentionne` 20 times to
 * one member. Concurrent requests (N+k let exactly N through), two instances on one database,
 * a refused action giving its count back, the day's limit, and the admins' page and lift.
 */

const ADMIN_EMAIL = 'admin.quotas@synergie.test';
const t = await createTestApp({ env: { ADMIN_EMAILS: ADMIN_EMAIL } });
const db = t.database.db;
const DAY = 86_400_000;

const admin = await signUp(t, { email: ADMIN_EMAIL });
const group = await createGroup(db);

let dayCounter = 0;
async function meeting(): Promise<string> {
  dayCounter += 1;
  const startsAt = new Date(Date.now() + (10 + dayCounter) * DAY);
  const [row] = await db
    .insert(meetings)
    .values({
      groupId: group.id,
      scheduledOn: new Date(Date.now() + (400 + dayCounter) * DAY).toISOString().slice(0, 10),
      startsAt,
      endsAt: new Date(startsAt.getTime() + 90 * 60_000),
      place: '1 place Bellecour, Lyon',
      status: 'scheduled',
    })
    .returning({ id: meetings.id });
  return (row as { id: string }).id;
}

let emailCounter = 0;
const invitation = (extra: Record<string, unknown> = {}) => {
  emailCounter += 1;
  return {
    name: 'Sophie Martin',
    email: `visiteur${emailCounter}@exemple.fr`,
    company: 'Cabinet Martin',
    consent: true,
    ...extra,
  };
};

async function counter(userId: string, quota: string) {
  const [row] = await db
    .select()
    .from(memberQuotaCounters)
    .where(and(eq(memberQuotaCounters.userId, userId), eq(memberQuotaCounters.quota, quota)));
  return row;
}

const { perHour } = memberQuotas.guestInvitations;

describe('guest invitations (the red team: 80 invitations in 3 seconds)', () => {
  it('lets exactly 30 of 40 concurrent invitations through, mails 30, and says when it frees', async () => {
    const busy = await signUpSubscriber(t, { name: 'Paul Pressé' }, { fullName: 'Paul Pressé' });
    const meetingId = await meeting();
    const forms = Array.from({ length: perHour + 10 }, () => invitation());
    const answers = await Promise.all(forms.map((form) => busy.post(`/api/meetings/${meetingId}/guests`, form)));
    const statuses = answers.map((a) => a.statusCode);
    expect(statuses.filter((s) => s === 201)).toHaveLength(perHour);
    expect(statuses.filter((s) => s === 429)).toHaveLength(10);
    const refused = answers.find((a) => a.statusCode === 429);
    const retryAfter = Number(refused?.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(3600);
    expect(refused?.json().error).toEqual({
      code: 'QUOTA_EXCEEDED',
      message: quotaReachedMessage('guestInvitations', 'hour', perHour, retryAfter),
    });
    expect(refused?.json().error.message).toMatch(
      /^Limite atteinte\u00a0: 30 invitations de visiteurs par heure\. Réessayez dans \d+ minutes?\.$/,
    );
    const sent = await db
      .select({ to: mailOutbox.to })
      .from(mailOutbox)
      .where(sql`${mailOutbox.to} like 'visiteur%@exemple.fr'`);
    const accepted = new Set(answers.flatMap((a, i) => (a.statusCode === 201 ? [forms[i]?.email] : [])));
    expect(new Set(sent.map((m) => m.to))).toEqual(accepted);
    expect((await counter(busy.userId, 'guestInvitations'))?.hourCount).toBe(perHour);
    // Another member is not held back by this one's quota.
    const other = await signUpSubscriber(t);
    expect((await other.post(`/api/meetings/${meetingId}/guests`, invitation())).statusCode).toBe(201);
  });

  it('does not count a refused invitation, nor an invalid form', async () => {
    const member = await signUpSubscriber(t);
    const meetingId = await meeting();
    const form = invitation();
    expect((await member.post(`/api/meetings/${meetingId}/guests`, form)).statusCode).toBe(201);
    // The same address twice: 409, given back.
    expect((await member.post(`/api/meetings/${meetingId}/guests`, form)).statusCode).toBe(409);
    // No consent: 400 before any count.
    expect((await member.post(`/api/meetings/${meetingId}/guests`, invitation({ consent: false }))).statusCode).toBe(
      400,
    );
    expect((await counter(member.userId, 'guestInvitations'))?.hourCount).toBe(1);
  });

  it('holds on another instance and after a restart: the count is in the database', async () => {
    const member = await signUpSubscriber(t);
    const meetingId = await meeting();
    const url = (t.database as { url?: string }).url;
    const secondDb = t.database.kind === 'postgres' && url ? await openPostgres(url, 5) : undefined;
    const second = await createTestApp({ database: secondDb ?? t.database, env: { ADMIN_EMAILS: ADMIN_EMAIL } });
    const onSecond = {
      post: (path: string, body: unknown) =>
        second.app.inject({
          method: 'POST',
          url: path,
          headers: { origin: t.env.SITE_URL, cookie: member.jar.header(), 'content-type': 'application/json' },
          payload: JSON.stringify(body),
        }),
    };
    // Half on each instance, at once.
    const answers = await Promise.all(
      Array.from({ length: perHour + 4 }, (_, i) =>
        (i % 2 === 0 ? member : onSecond).post(`/api/meetings/${meetingId}/guests`, invitation()),
      ),
    );
    expect(answers.filter((a) => a.statusCode === 201)).toHaveLength(perHour);
    // A third instance started afterwards (a restart) still refuses.
    const third = await createTestApp({ database: t.database });
    const again = await third.app.inject({
      method: 'POST',
      url: `/api/meetings/${meetingId}/guests`,
      headers: { origin: t.env.SITE_URL, cookie: member.jar.header(), 'content-type': 'application/json' },
      payload: JSON.stringify(invitation()),
    });
    expect(again.statusCode).toBe(429);
    await second.app.close();
    if (secondDb) await secondDb.close();
  });
});

describe('the counting itself', () => {
  it('lets exactly N of N+k concurrent takes through, from two pools on PostgreSQL', async () => {
    const member = await signUp(t);
    const limits = { perHour: 7, perDay: 20 };
    const url = (t.database as { url?: string }).url;
    const other = t.database.kind === 'postgres' && url ? await openPostgres(url, 5) : undefined;
    const answers = await Promise.all(
      Array.from({ length: 19 }, (_, i) =>
        takeQuota(i % 2 === 0 || !other ? db : other.db, limits, member.userId, 'testimonials'),
      ),
    );
    expect(answers.filter((a) => a.ok)).toHaveLength(7);
    const refused = answers.find((a) => !a.ok);
    expect(refused).toMatchObject({ ok: false, period: 'hour', max: 7 });
    const row = await counter(member.userId, 'testimonials');
    expect(row).toMatchObject({ hourCount: 7, dayCount: 7, refusedCount: 12 });
    if (other) await other.close();
  });

  it('counts the day too: a new hour frees the hour, not the day', async () => {
    const member = await signUp(t);
    const limits = { perHour: 2, perDay: 3 };
    const now = new Date('2026-12-03T10:20:00Z');
    expect((await takeQuota(db, limits, member.userId, 'oneToOnes', now)).ok).toBe(true);
    expect((await takeQuota(db, limits, member.userId, 'oneToOnes', now)).ok).toBe(true);
    const hourFull = await takeQuota(db, limits, member.userId, 'oneToOnes', now);
    // 11:00 UTC is 40 minutes away.
    expect(hourFull).toEqual({ ok: false, period: 'hour', max: 2, retryAfter: 40 * 60 });
    const later = new Date('2026-12-03T11:05:00Z');
    expect((await takeQuota(db, limits, member.userId, 'oneToOnes', later)).ok).toBe(true);
    const dayFull = await takeQuota(db, limits, member.userId, 'oneToOnes', later);
    // The Paris day ends at 23:00 UTC in December.
    expect(dayFull).toEqual({ ok: false, period: 'day', max: 3, retryAfter: (23 * 60 - 11 * 60 - 5) * 60 });
    if (!dayFull.ok) {
      expect(quotaReachedMessage('oneToOnes', 'day', 3, dayFull.retryAfter)).toBe(
        'Limite atteinte\u00a0: 3 tête-à-tête par jour. Réessayez dans 12 heures.',
      );
    }
    // The next Paris day starts afresh.
    expect((await takeQuota(db, limits, member.userId, 'oneToOnes', new Date('2026-12-03T23:00:00Z'))).ok).toBe(true);
  });

  it('takes a count all at once or not at all (the roster import’s invitations)', async () => {
    const member = await signUp(t);
    const limits = { perHour: 5, perDay: 8 };
    const now = new Date('2026-12-03T10:20:00Z');
    // Beyond the hour's number on a first row: refused, the refusal recorded, nothing counted.
    expect(await takeQuota(db, limits, member.userId, 'rosterInvitations', now, 6)).toMatchObject({
      ok: false,
      period: 'hour',
    });
    expect(await counter(member.userId, 'rosterInvitations')).toMatchObject({ hourCount: 0, refusedCount: 1 });
    expect((await takeQuota(db, limits, member.userId, 'rosterInvitations', now, 4)).ok).toBe(true);
    expect((await takeQuota(db, limits, member.userId, 'rosterInvitations', now, 2)).ok).toBe(false);
    expect((await takeQuota(db, limits, member.userId, 'rosterInvitations', now, 1)).ok).toBe(true);
    // The next hour: 3 left of the day's 8, and the day's wait is said.
    const later = new Date('2026-12-03T11:05:00Z');
    expect(await takeQuota(db, limits, member.userId, 'rosterInvitations', later, 4)).toMatchObject({
      ok: false,
      period: 'day',
      max: 8,
    });
    expect((await takeQuota(db, limits, member.userId, 'rosterInvitations', later, 3)).ok).toBe(true);
    expect(await counter(member.userId, 'rosterInvitations')).toMatchObject({ hourCount: 3, dayCount: 8 });
  });

  it('knows the Paris day across the clock changes', () => {
    expect(quotaWindows(new Date('2026-07-01T21:59:00Z')).dayStart.toISOString()).toBe('2026-06-30T22:00:00.000Z');
    expect(quotaWindows(new Date('2026-07-01T22:00:00Z')).dayStart.toISOString()).toBe('2026-07-01T22:00:00.000Z');
    // 29 March 2026: Paris goes from UTC+1 to UTC+2.
    const w = quotaWindows(new Date('2026-03-29T12:00:00Z'));
    expect(w.dayStart.toISOString()).toBe('2026-03-28T23:00:00.000Z');
    expect(w.dayEnd.toISOString()).toBe('2026-03-29T22:00:00.000Z');
  });

  it('reads its numbers from MEMBER_QUOTAS and refuses a bad one at start-up', () => {
    expect(parseQuotaSetting('guestInvitations=10/40; mentions=5/20')).toEqual({
      guestInvitations: { perHour: 10, perDay: 40 },
      mentions: { perHour: 5, perDay: 20 },
    });
    expect(loadEnv({ NODE_ENV: 'test', MEMBER_QUOTAS: 'mentions=5/20' }).MEMBER_QUOTAS).toEqual({
      mentions: { perHour: 5, perDay: 20 },
    });
    expect(() => loadEnv({ NODE_ENV: 'test', MEMBER_QUOTAS: 'spam=5/20' })).toThrow(/unknown quota "spam"/);
    expect(() => loadEnv({ NODE_ENV: 'test', MEMBER_QUOTAS: 'mentions=50/20' })).toThrow(/cannot exceed/);
    expect(() => loadEnv({ NODE_ENV: 'test', MEMBER_QUOTAS: 'mentions=0/20' })).toThrow(/at least 1/);
  });
});

describe('forum mentions (the red team: 20 replies, 20 `vous mentionne` mails)', () => {
  it('keeps every reply but notifies only as many mentions as the author’s quota allows', async () => {
    const author = await signUpSubscriber(t, { name: 'Alain Bavard' }, { fullName: 'Alain Bavard' });
    const named = await signUpSubscriber(t, { name: 'Nina Nommée' }, { fullName: 'Nina Nommée' });
    const topic = await author.post('/api/forum/categories/entraide/topics', {
      title: 'Une question pour tous',
      body: 'Qui connaît un bon comptable\u202f?',
    });
    expect(topic.statusCode, topic.body).toBe(201);
    const topicId = topic.json().id as string;
    const before = await db.select().from(notifications).where(eq(notifications.userId, named.userId));
    for (let i = 0; i < 20; i += 1) {
      const reply = await author.post(`/api/forum/topics/${topicId}/posts`, {
        body: `Relance ${i} pour @Nina Nommée`,
        mentions: [named.userId],
      });
      expect(reply.statusCode, reply.body).toBe(201);
    }
    const after = await db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, named.userId), eq(notifications.kind, 'forum_mention')));
    expect(after.length - before.filter((n) => n.kind === 'forum_mention').length).toBe(memberQuotas.mentions.perHour);
    const posts = await db.execute<{ n: number }>(
      sql`select count(*)::int as n from forum_posts where topic_id = ${topicId}`,
    );
    expect(Number(posts.rows[0]?.n)).toBe(20);
  });

  it('refuses forum posts over their own quota, 30 of 33 at once', async () => {
    const author = await signUpSubscriber(t);
    const topic = await author.post('/api/forum/categories/entraide/topics', {
      title: 'Encore une question',
      body: 'Qui connaît un bon notaire\u202f?',
    });
    const topicId = topic.json().id as string;
    const replies = await Promise.all(
      Array.from({ length: 33 }, (_, i) => author.post(`/api/forum/topics/${topicId}/posts`, { body: `Réponse ${i}` })),
    );
    // The topic counted one already.
    expect(replies.filter((r) => r.statusCode === 201)).toHaveLength(memberQuotas.forumPosts.perHour - 1);
    expect(replies.find((r) => r.statusCode === 429)?.json().error.message).toMatch(
      /^Limite atteinte\u00a0: 30 messages sur le forum par heure\. Réessayez dans/,
    );
  });
});

describe('a recommendation kept offline and sent again (Idempotency-Key)', () => {
  it('is counted once, and a copy refused by the quota is tried again once it frees', async () => {
    const giver = await signUpSubscriber(t);
    const receiver = await signUpSubscriber(t);
    const body = { receiverId: receiver.userId, kind: 'for_you', heat: 3 };
    const key = '6f1c2a8e-0000-4000-8000-000000000001';
    const copies = await Promise.all(
      [0, 1, 2].map(() => giver.post('/api/recommendations', body, { 'Idempotency-Key': key })),
    );
    expect(copies.map((c) => c.statusCode)).toEqual([201, 201, 201]);
    expect((await counter(giver.userId, 'recommendations'))?.hourCount).toBe(1);
    // The hour's quota reached: a new recommendation is refused...
    await db
      .update(memberQuotaCounters)
      .set({ hourCount: memberQuotas.recommendations.perHour })
      .where(and(eq(memberQuotaCounters.userId, giver.userId), eq(memberQuotaCounters.quota, 'recommendations')));
    const other = '6f1c2a8e-0000-4000-8000-000000000002';
    expect((await giver.post('/api/recommendations', body, { 'Idempotency-Key': other })).statusCode).toBe(429);
    // ...and its copy, sent once an admin lifted the quota, is given, not answered the old 429.
    await admin.post(`/api/admin/quotas/${giver.userId}/lift`, { quota: 'recommendations', hours: 1 });
    const again = await giver.post('/api/recommendations', body, { 'Idempotency-Key': other });
    expect(again.statusCode, again.body).toBe(201);
    expect(again.headers['idempotent-replayed']).toBeUndefined();
  });
});

describe('the uploads quota (images a member stores)', () => {
  it('refuses the image over the hour’s count in French and stores nothing, and a refused file costs nothing', async () => {
    const member = await signUpSubscriber(t);
    const png = await pngImage(400, 400);
    const file = { body: png, filename: 'moi.png', type: 'image/png' };
    expect((await uploadFile(t, '/api/me/avatar', member, file)).statusCode).toBe(200);
    expect((await counter(member.userId, 'uploads'))?.hourCount).toBe(1);
    // A file that is not an image is refused and given back.
    const refused = await uploadFile(t, '/api/me/avatar', member, { ...file, body: Buffer.from('pas une image') });
    expect(refused.statusCode).toBeGreaterThanOrEqual(400);
    expect((await counter(member.userId, 'uploads'))?.hourCount).toBe(1);
    await db
      .update(memberQuotaCounters)
      .set({ hourCount: memberQuotas.uploads.perHour })
      .where(and(eq(memberQuotaCounters.userId, member.userId), eq(memberQuotaCounters.quota, 'uploads')));
    const before = (await member.get('/api/me')).json().profile.avatarUrl;
    for (const url of ['/api/me/avatar', '/api/me/logo', '/api/uploads/service-images']) {
      const res = await uploadFile(t, url, member, file);
      expect(res.statusCode, url).toBe(429);
      expect(res.json().error).toMatchObject({ code: 'QUOTA_EXCEEDED' });
      expect(res.json().error.message).toMatch(/images envoyées/);
    }
    expect((await member.get('/api/me')).json().profile.avatarUrl).toBe(before);
  });
});

describe('the admins’ page', () => {
  it('lists who hit a quota and lifts it for one member, for a chosen time', async () => {
    const member: Member = await signUpSubscriber(t, { name: 'Rita Limite' }, { fullName: 'Rita Limite' });
    const meetingId = await meeting();
    for (let i = 0; i < perHour; i += 1) {
      expect((await member.post(`/api/meetings/${meetingId}/guests`, invitation())).statusCode).toBe(201);
    }
    expect((await member.post(`/api/meetings/${meetingId}/guests`, invitation())).statusCode).toBe(429);
    const list = await admin.get('/api/admin/quotas');
    expect(list.statusCode, list.body).toBe(200);
    const hit = list.json().items.find((i: { userId: string }) => i.userId === member.userId);
    expect(hit).toMatchObject({
      name: 'Rita Limite',
      quota: 'guestInvitations',
      hourCount: perHour,
      perHour,
      refusedCount: 1,
      liftedUntil: null,
    });
    expect(list.json().limits).toContainEqual({ quota: 'mentions', perHour: 10, perDay: 30 });
    // A member is no admin.
    expect((await member.get('/api/admin/quotas')).statusCode).toBe(403);
    const lifted = await admin.post(`/api/admin/quotas/${member.userId}/lift`, {
      quota: 'guestInvitations',
      hours: 24,
    });
    expect(lifted.statusCode, lifted.body).toBe(200);
    const until = new Date(lifted.json().liftedUntil).getTime();
    expect(Math.abs(until - (Date.now() + DAY))).toBeLessThan(60_000);
    expect((await member.post(`/api/meetings/${meetingId}/guests`, invitation())).statusCode).toBe(201);
    // Ended: refused again.
    expect(
      (await admin.post(`/api/admin/quotas/${member.userId}/lift`, { quota: 'guestInvitations', hours: 0 })).statusCode,
    ).toBe(200);
    expect((await member.post(`/api/meetings/${meetingId}/guests`, invitation())).statusCode).toBe(429);
    // Bad input: clear French refusals.
    const badHours = await admin.post(`/api/admin/quotas/${member.userId}/lift`, { quota: 'mentions', hours: 5 });
    expect(badHours.statusCode).toBe(400);
    expect(badHours.json().error.message).toBe('Choisissez une durée de la liste');
    const unknown = await admin.post('/api/admin/quotas/00000000-0000-4000-8000-000000000000/lift', {
      quota: 'mentions',
      hours: 1,
    });
    expect(unknown.statusCode).toBe(404);
  });
});
