import { apiErrors, monthsBefore, parisToday } from '@synergie/shared';
import { and, eq, or } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { notifications, oneToOnes, testimonials, user } from '../src/db/schema';
import { createTestApp } from './helpers/app';
import { signUp } from './helpers/auth';
import { insertMembers, type Member, signUpSubscriber } from './helpers/members';

const t = await createTestApp();
const db = t.database.db;

const today = parisToday();
/** A calendar date `days` from today (negative: before). */
const shift = (date: string, days: number) => {
  const d = new Date(`${date}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
};

let pairs = 0;
async function pair(): Promise<{ a: Member; b: Member }> {
  pairs += 1;
  const a = await signUpSubscriber(t, { name: `Alice Social${pairs}` });
  const b = await signUpSubscriber(t, { name: `Bruno Social${pairs}` }, { profession: 'Architecte' });
  return { a, b };
}

const oneToOnesBetween = (a: string, b: string) =>
  db
    .select()
    .from(oneToOnes)
    .where(
      or(
        and(eq(oneToOnes.requesterId, a), eq(oneToOnes.partnerId, b)),
        and(eq(oneToOnes.requesterId, b), eq(oneToOnes.partnerId, a)),
      ),
    );
const notificationsOf = (userId: string, kind: string) =>
  db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.kind, kind)));
const testimonialsBy = (authorId: string) => db.select().from(testimonials).where(eq(testimonials.authorId, authorId));

const expectError = (res: { statusCode: number; json(): unknown }, code: keyof typeof apiErrors) => {
  expect(res.statusCode).toBe(apiErrors[code].status);
  expect((res.json() as { error: { code: string; message: string } }).error).toMatchObject({
    code,
    message: apiErrors[code].message,
  });
};

describe('one-to-ones (Tête-à-tête)', () => {
  it('A logs a meeting with B: B is told, sees it to confirm, confirms with their own notes; it counts once confirmed', async () => {
    const { a, b } = await pair();
    const logged = await a.post('/api/one-to-ones', {
      partnerId: b.userId,
      metOn: today,
      place: '  Café de la Gare  ',
      notes: 'Parler du chantier <b>Dupont</b>',
    });
    expect(logged.statusCode, logged.body).toBe(201);
    const item = logged.json();
    expect(item).toMatchObject({
      partner: { id: b.userId, name: b.member.name, trade: 'Architecte' },
      loggedByMe: true,
      metOn: today,
      place: 'Café de la Gare',
      myNotes: 'Parler du chantier <b>Dupont</b>',
      status: 'pending',
    });
    const [told] = await notificationsOf(b.userId, 'one_to_one');
    expect(told).toMatchObject({ link: '/tete-a-tete' });
    expect(told?.title).toContain(a.member.name);

    const seen = (await b.get('/api/me/one-to-ones')).json();
    expect(seen.items).toEqual([
      expect.objectContaining({
        id: item.id,
        partner: expect.objectContaining({ id: a.userId, name: a.member.name }),
        loggedByMe: false,
        myNotes: null,
        status: 'pending',
      }),
    ]);
    expect(seen.confirmedLast6Months).toBe(0);
    expect((await b.get('/api/me/dashboard')).json().oneToOnes).toBe(0);

    const answered = await b.post(`/api/one-to-ones/${item.id}/answer`, { answer: 'confirm', notes: 'Très utile' });
    expect(answered.statusCode, answered.body).toBe(200);
    expect(answered.json()).toMatchObject({ status: 'confirmed', myNotes: 'Très utile', loggedByMe: false });
    // Each side reads only their own notes.
    expect((await a.get('/api/me/one-to-ones')).json()).toMatchObject({
      items: [{ id: item.id, status: 'confirmed', myNotes: 'Parler du chantier <b>Dupont</b>' }],
      confirmedLast6Months: 1,
    });
    expect((await b.get('/api/me/one-to-ones')).json().confirmedLast6Months).toBe(1);
    expect((await a.get('/api/me/dashboard')).json().oneToOnes).toBe(1);
    expect((await b.get('/api/me/dashboard')).json().oneToOnes).toBe(1);

    // Declined ones never count; newest meeting first.
    const older = (await b.post('/api/one-to-ones', { partnerId: a.userId, metOn: shift(today, -10) })).json();
    expect((await a.post(`/api/one-to-ones/${older.id}/answer`, { answer: 'decline' })).statusCode).toBe(200);
    const list = (await a.get('/api/me/one-to-ones')).json();
    expect(list.items.map((i: { id: string; status: string }) => [i.id, i.status])).toEqual([
      [item.id, 'confirmed'],
      [older.id, 'declined'],
    ]);
    expect(list.confirmedLast6Months).toBe(1);
  });

  it('refuses oneself, a non-member, an unknown member, a future or too old date, bad fields: French 4xx, nothing written', async () => {
    const { a, b } = await pair();
    const unsubscribed = await signUp(t);
    const [neverSignedIn] = await insertMembers(t, 1, [{ fullName: 'Sans Abonnement' }]);
    const log = (body: Record<string, unknown>) =>
      a.post('/api/one-to-ones', { partnerId: b.userId, metOn: today, ...body });

    expectError(await log({ partnerId: a.userId }), 'SELF_ONE_TO_ONE');
    expectError(await log({ partnerId: unsubscribed.userId }), 'RECIPIENT_NOT_MEMBER');
    expectError(await log({ partnerId: neverSignedIn }), 'RECIPIENT_NOT_MEMBER');
    expectError(await log({ partnerId: 'personne' }), 'MEMBER_NOT_FOUND');
    expectError(await log({ metOn: shift(today, 1) }), 'ONE_TO_ONE_IN_FUTURE');
    expectError(await log({ metOn: shift(monthsBefore(today, 6), -1) }), 'ONE_TO_ONE_TOO_OLD');
    for (const body of [
      { metOn: '2026-02-30' },
      { metOn: 'hier' },
      { place: 'x'.repeat(151) },
      { notes: 'x'.repeat(2001) },
    ]) {
      const res = await log(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().error.code).toBe('VALIDATION');
    }
    expect(await db.select().from(oneToOnes).where(eq(oneToOnes.requesterId, a.userId))).toEqual([]);
    expect(await notificationsOf(b.userId, 'one_to_one')).toEqual([]);
    // Six months ago to the day is still accepted.
    expect((await log({ metOn: monthsBefore(today, 6) })).statusCode).toBe(201);
  });

  it('only the partner answers, once: the requester 403, a stranger 404, a second answer 409', async () => {
    const { a, b } = await pair();
    const stranger = await signUpSubscriber(t);
    const { id } = (await a.post('/api/one-to-ones', { partnerId: b.userId, metOn: today })).json();

    expectError(await a.post(`/api/one-to-ones/${id}/answer`, { answer: 'confirm' }), 'NOT_ONE_TO_ONE_PARTNER');
    expectError(await stranger.post(`/api/one-to-ones/${id}/answer`, { answer: 'confirm' }), 'ONE_TO_ONE_NOT_FOUND');
    expectError(await b.post('/api/one-to-ones/pas-un-id/answer', { answer: 'confirm' }), 'ONE_TO_ONE_NOT_FOUND');
    expectError(
      await b.post('/api/one-to-ones/00000000-0000-4000-8000-000000000000/answer', { answer: 'confirm' }),
      'ONE_TO_ONE_NOT_FOUND',
    );
    expect((await b.post(`/api/one-to-ones/${id}/answer`, { answer: 'maybe' })).statusCode).toBe(400);
    const [still] = await oneToOnesBetween(a.userId, b.userId);
    expect(still).toMatchObject({ status: 'pending', partnerNotes: null, answeredAt: null });

    expect(
      (await b.post(`/api/one-to-ones/${id}/answer`, { answer: 'decline', notes: 'Pas rencontré' })).statusCode,
    ).toBe(200);
    expectError(await b.post(`/api/one-to-ones/${id}/answer`, { answer: 'confirm' }), 'ONE_TO_ONE_ANSWERED');
    const [after] = await oneToOnesBetween(a.userId, b.userId);
    expect(after).toMatchObject({ status: 'declined', partnerNotes: 'Pas rencontré' });
  });

  it('two answers at the same moment: exactly one applies, the other is told it was answered', async () => {
    for (let round = 0; round < 3; round++) {
      const { a, b } = await pair();
      const { id } = (await a.post('/api/one-to-ones', { partnerId: b.userId, metOn: today })).json();
      const results = await Promise.all([
        b.post(`/api/one-to-ones/${id}/answer`, { answer: 'confirm', notes: 'oui' }),
        b.post(`/api/one-to-ones/${id}/answer`, { answer: 'decline', notes: 'non' }),
        b.post(`/api/one-to-ones/${id}/answer`, { answer: 'confirm', notes: 'oui encore' }),
      ]);
      expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409, 409]);
      const winner = results.find((r) => r.statusCode === 200)?.json();
      const [row] = await oneToOnesBetween(a.userId, b.userId);
      expect(row?.status).toBe(winner.status);
      expect(row?.partnerNotes).toBe(winner.myNotes);
    }
  });

  it('a deleted account leaves the meeting to the other member, with their own notes, and the name gone', async () => {
    const { a, b } = await pair();
    const logged = await a.post('/api/one-to-ones', { partnerId: b.userId, metOn: today, notes: 'Les notes de A' });
    const id = logged.json().id;
    await b.post(`/api/one-to-ones/${id}/answer`, { answer: 'confirm', notes: 'Les notes de B' });
    await db.delete(user).where(eq(user.id, a.userId));
    const items = (await b.get('/api/me/one-to-ones')).json().items;
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({ id, partner: null, status: 'confirmed', myNotes: 'Les notes de B' });
  });

  it('one meeting of a pair a day, whoever logs it: the second is 409 ONE_TO_ONE_DUPLICATE', async () => {
    const { a, b } = await pair();
    expect((await a.post('/api/one-to-ones', { partnerId: b.userId, metOn: today })).statusCode).toBe(201);
    for (const [from, to] of [
      [a, b],
      [b, a],
    ] as const) {
      const again = await from.post('/api/one-to-ones', { partnerId: to.userId, metOn: today });
      expect(again.statusCode).toBe(409);
      expect(again.json().error.code).toBe('ONE_TO_ONE_DUPLICATE');
    }
    expect(await oneToOnesBetween(a.userId, b.userId)).toHaveLength(1);
  });
});

describe('testimonials (Témoignages)', () => {
  const body = 'Bruno a rénové nos bureaux en trois semaines, dans le budget. Je recommande !';

  it('A writes one for B: pending, B is told, approves it; it appears on B’s public page with A’s name and trade', async () => {
    const { a, b } = await pair();
    const written = await a.post('/api/testimonials', { subjectId: b.userId, body: `  ${body}  ` });
    expect(written.statusCode, written.body).toBe(201);
    const item = written.json();
    expect(item).toMatchObject({
      author: { id: a.userId, name: a.member.name },
      subject: { id: b.userId, name: b.member.name, trade: 'Architecte' },
      body,
      status: 'pending',
      decidedAt: null,
    });
    const [told] = await notificationsOf(b.userId, 'testimonial');
    expect(told).toMatchObject({ link: '/temoignages' });
    expect(told?.title).toContain(a.member.name);

    expect((await b.get('/api/me/testimonials')).json()).toEqual({ received: [item], written: [] });
    expect((await a.get('/api/me/testimonials')).json()).toEqual({ received: [], written: [item] });
    // Pending: not on the page, for anyone.
    expect((await t.app.inject({ url: `/api/members/${b.userId}/page` })).json().testimonials).toEqual([]);

    const approved = await b.post(`/api/testimonials/${item.id}/answer`, {
      answer: 'approve',
      seenWrittenAt: item.createdAt,
    });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json()).toMatchObject({ status: 'approved', decidedAt: expect.any(String) });
    const page = (await t.app.inject({ url: `/api/members/${b.userId}/page` })).json();
    expect(page.testimonials).toEqual([
      { id: item.id, authorName: a.member.name, authorTrade: null, body, approvedAt: approved.json().decidedAt },
    ]);
    expect((await b.get('/api/me/dashboard')).json().testimonials).toBe(1);
    // The directory card counts the approved ones, in the same query.
    const cardOf = async () =>
      (await a.get(`/api/members?q=${encodeURIComponent(b.member.name)}`))
        .json()
        .members.find((m: { userId: string }) => m.userId === b.userId);
    expect((await cardOf()).testimonialsCount).toBe(1);

    // B changes their mind: off the page.
    expect(
      (await b.post(`/api/testimonials/${item.id}/answer`, { answer: 'decline', seenWrittenAt: item.createdAt })).json()
        .status,
    ).toBe('declined');
    expect((await t.app.inject({ url: `/api/members/${b.userId}/page` })).json().testimonials).toEqual([]);
    expect((await cardOf()).testimonialsCount).toBe(0);
  });

  it('one per author and member: writing again replaces the text and puts it back to pending, even at the same moment', async () => {
    const { a, b } = await pair();
    const first = (await a.post('/api/testimonials', { subjectId: b.userId, body })).json();
    await b.post(`/api/testimonials/${first.id}/answer`, { answer: 'approve', seenWrittenAt: first.createdAt });
    const again = await a.post('/api/testimonials', { subjectId: b.userId, body: `${body} Encore merci.` });
    expect(again.statusCode).toBe(201);
    expect(again.json()).toMatchObject({
      id: first.id,
      status: 'pending',
      decidedAt: null,
      body: `${body} Encore merci.`,
    });
    expect((await t.app.inject({ url: `/api/members/${b.userId}/page` })).json().testimonials).toEqual([]);

    const { a: c, b: d } = await pair();
    const results = await Promise.all(
      Array.from({ length: 5 }, (_, i) => c.post('/api/testimonials', { subjectId: d.userId, body: `${body} (${i})` })),
    );
    expect(results.map((r) => r.statusCode)).toEqual([201, 201, 201, 201, 201]);
    expect(await testimonialsBy(c.userId)).toHaveLength(1);
  });

  it('refuses oneself, an unknown member, bad text; only the subject answers and only the author withdraws', async () => {
    const { a, b } = await pair();
    const stranger = await signUpSubscriber(t);
    expectError(await a.post('/api/testimonials', { subjectId: a.userId, body }), 'SELF_TESTIMONIAL');
    expectError(await a.post('/api/testimonials', { subjectId: 'personne', body }), 'MEMBER_NOT_FOUND');
    for (const text of ['Trop court', 'x'.repeat(1501), '']) {
      const res = await a.post('/api/testimonials', { subjectId: b.userId, body: text });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.code).toBe('VALIDATION');
    }
    expect(await testimonialsBy(a.userId)).toEqual([]);
    expect(await notificationsOf(b.userId, 'testimonial')).toEqual([]);

    const { id, createdAt: seenWrittenAt } = (await a.post('/api/testimonials', { subjectId: b.userId, body })).json();
    const approve = { answer: 'approve', seenWrittenAt };
    expectError(await a.post(`/api/testimonials/${id}/answer`, approve), 'NOT_TESTIMONIAL_SUBJECT');
    expectError(await stranger.post(`/api/testimonials/${id}/answer`, approve), 'TESTIMONIAL_NOT_FOUND');
    expectError(await b.post('/api/testimonials/pas-un-id/answer', approve), 'TESTIMONIAL_NOT_FOUND');
    expect((await b.post(`/api/testimonials/${id}/answer`, { answer: 'publish' })).statusCode).toBe(400);
    expectError(await b.delete(`/api/testimonials/${id}`), 'NOT_TESTIMONIAL_AUTHOR');
    expectError(await stranger.delete(`/api/testimonials/${id}`), 'TESTIMONIAL_NOT_FOUND');
    const [row] = await testimonialsBy(a.userId);
    expect(row?.status).toBe('pending');

    expect((await a.delete(`/api/testimonials/${id}`)).statusCode).toBe(204);
    expect(await testimonialsBy(a.userId)).toEqual([]);
    expectError(await a.delete(`/api/testimonials/${id}`), 'TESTIMONIAL_NOT_FOUND');
  });

  it('the public page: approved only, newest approval first, at most 10; a deleted author’s testimonial disappears', async () => {
    const subject = await signUpSubscriber(t, { name: 'Sujet Page' });
    const authors = await insertMembers(
      t,
      12,
      Array.from({ length: 12 }, (_, i) => ({ fullName: `Auteur ${i}`, profession: `Métier ${i}` })),
    );
    const now = Date.now();
    await db.insert(testimonials).values(
      authors.map((authorId, i) => ({
        authorId,
        subjectId: subject.userId,
        body: `${body} (${i})`,
        status: i === 11 ? 'pending' : i === 10 ? 'declined' : 'approved',
        decidedAt: new Date(now - i * 60_000),
      })),
    );
    // Two more approved ones, the newest: 11 approved in all.
    const { a } = await pair();
    const written = (await a.post('/api/testimonials', { subjectId: subject.userId, body })).json();
    await subject.post(`/api/testimonials/${written.id}/answer`, {
      answer: 'approve',
      seenWrittenAt: written.createdAt,
    });

    const page = (await t.app.inject({ url: `/api/members/${subject.userId}/page` })).json();
    expect(page.testimonials).toHaveLength(10);
    expect(page.testimonials[0]).toMatchObject({ id: written.id, authorName: a.member.name });
    expect(page.testimonials.slice(1).map((x: { authorName: string; authorTrade: string }) => x.authorName)).toEqual(
      Array.from({ length: 9 }, (_, i) => `Auteur ${i}`),
    );
    expect(page.testimonials[1].authorTrade).toBe('Métier 0');

    await db.delete(user).where(eq(user.id, a.userId));
    const after = (await t.app.inject({ url: `/api/members/${subject.userId}/page` })).json();
    expect(after.testimonials.map((x: { authorName: string }) => x.authorName)).toEqual(
      Array.from({ length: 10 }, (_, i) => `Auteur ${i}`),
    );
    expect(await testimonialsBy(a.userId)).toEqual([]);
  });
});

describe('answering what was read (issue 33)', () => {
  const body = 'Bruno a rénové nos bureaux en trois semaines, dans le budget. Je recommande !';

  it('a testimonial rewritten after the member read it: `Publier` is a 409, the new text stays pending', async () => {
    const { a, b } = await pair();
    const read = (await a.post('/api/testimonials', { subjectId: b.userId, body })).json();
    // The author rewrites it while the member is reading the first text.
    await new Promise((resolve) => setTimeout(resolve, 5));
    const rewritten = (
      await a.post('/api/testimonials', { subjectId: b.userId, body: `${body} Et bien d’autres choses encore.` })
    ).json();
    expect(rewritten.createdAt).not.toBe(read.createdAt);
    const stale = await b.post(`/api/testimonials/${read.id}/answer`, {
      answer: 'approve',
      seenWrittenAt: read.createdAt,
    });
    expectError(stale, 'TESTIMONIAL_CHANGED');
    expect(stale.json().error.message).toBe(
      'Le témoignage a changé\u00a0: relisez-le avant de le publier ou de le refuser.',
    );
    const [row] = await testimonialsBy(a.userId);
    expect(row?.status).toBe('pending');
    const missing = await b.post(`/api/testimonials/${read.id}/answer`, { answer: 'approve' });
    expect(missing.statusCode).toBe(400);
    const fresh = await b.post(`/api/testimonials/${read.id}/answer`, {
      answer: 'approve',
      seenWrittenAt: rewritten.createdAt,
    });
    expect(fresh.statusCode, fresh.body).toBe(200);
    expect(fresh.json()).toMatchObject({ status: 'approved', body: `${body} Et bien d’autres choses encore.` });
  });
});
