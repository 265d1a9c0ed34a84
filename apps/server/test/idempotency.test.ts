import { randomUUID } from 'node:crypto';
import { and, count, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { idempotencyKeys, meetingAttendance, meetings, recommendations } from '../src/db/schema';
import { CHECKIN_PURPOSE } from '../src/domain/attendance';
import { purgeIdempotencyKeys } from '../src/domain/idempotency';
import { createTestApp } from './helpers/app';
import { client } from './helpers/auth';
import { catalogue, createGroup, seat } from './helpers/groups';
import { signUpSubscriber } from './helpers/members';

/**
 * The Idempotency-Key header (issue 28, writes kept offline): a queued check-in or recommendation
 * sent several times at once (the page and the service worker, two devices of one member) is
 * applied once, every copy gets the same answer; the same key with another body is a 422; keys
 * are purged after 7 days. Both databases.
 */

const t = await createTestApp();
const db = t.database.db;

const leader = await signUpSubscriber(t, { name: 'Léa Présidente' }, { fullName: 'Léa Présidente' });
const marie = await signUpSubscriber(t, { name: 'Marie Dupont' }, { fullName: 'Marie Dupont' });
const paul = await signUpSubscriber(t, { name: 'Paul Martin' }, { fullName: 'Paul Martin' });

const trades = await catalogue(db);
const group = await createGroup(db);
await seat(db, group.id, [
  { userId: leader.userId, tradeId: (trades[0] as { id: string }).id, role: 'president' },
  { userId: marie.userId, tradeId: (trades[1] as { id: string }).id },
  { userId: paul.userId, tradeId: (trades[2] as { id: string }).id },
]);

/** Marie's second device: another session of the same account. */
async function secondDevice() {
  const device = client(t, '10.9.0.2');
  const res = await device.post('/api/auth/sign-in/email', {
    email: marie.member.email,
    password: marie.member.password,
  });
  expect(res.statusCode, res.body).toBe(200);
  return device;
}

let day = 0;
async function openMeeting(): Promise<{ id: string; token: string }> {
  day += 1;
  const start = Date.now() + 10 * 60_000;
  const [row] = await db
    .insert(meetings)
    .values({
      groupId: group.id,
      scheduledOn: new Date(Date.UTC(2031, 0, 1) + day * 86_400_000).toISOString().slice(0, 10),
      startsAt: new Date(start),
      endsAt: new Date(start + 90 * 60_000),
      place: '1 place Bellecour, Lyon',
    })
    .returning({ id: meetings.id });
  const id = (row as { id: string }).id;
  const res = await leader.get(`/api/groups/${group.id}/meetings/${id}/checkin-code`);
  expect(res.statusCode, res.body).toBe(200);
  return { id, token: new URL(res.json().url).searchParams.get('jeton') as string };
}

const recommendation = (need: string) => ({
  receiverId: paul.userId,
  kind: 'external',
  contactName: 'Sophie Leroy',
  contactPhone: '06 12 34 56 78',
  contactEmail: 'sophie@cabinet-x.fr',
  contactCompany: 'Cabinet X',
  need,
  consent: true,
  heat: 4,
  message: 'Elle attend ton appel.',
});

const attendanceRows = async (meetingId: string) =>
  Number(
    (await db.select({ n: count() }).from(meetingAttendance).where(eq(meetingAttendance.meetingId, meetingId)))[0]?.n,
  );
const recommendationsWith = async (need: string) =>
  Number((await db.select({ n: count() }).from(recommendations).where(eq(recommendations.need, need)))[0]?.n);

describe('a queued check-in sent several times', () => {
  it('five copies at once from two devices: one attendance row, the same 201 answer each', async () => {
    const { id, token } = await openMeeting();
    const key = randomUUID();
    const other = await secondDevice();
    const senders = [marie, other, marie, other, marie];
    const answers = await Promise.all(
      senders.map((sender) => sender.post('/api/checkin', { token }, { 'idempotency-key': key })),
    );
    for (const res of answers) expect(res.statusCode, res.body).toBe(201);
    const bodies = answers.map((res) => res.json());
    expect(new Set(answers.map((res) => res.body)).size).toBe(1);
    expect(bodies[0]).toMatchObject({ meetingId: id, groupId: group.id, status: 'present' });
    expect(answers.filter((res) => res.headers['idempotent-replayed'] === 'true')).toHaveLength(4);
    expect(await attendanceRows(id)).toBe(1);
  });

  it('sent again later with the same key: the stored answer, not ALREADY_CHECKED_IN', async () => {
    const { id, token } = await openMeeting();
    const key = randomUUID();
    const first = await marie.post('/api/checkin', { token }, { 'idempotency-key': key });
    expect(first.statusCode, first.body).toBe(201);
    const again = await marie.post('/api/checkin', { token }, { 'idempotency-key': key });
    expect(again.statusCode).toBe(201);
    expect(again.body).toBe(first.body);
    // Without the key (or with a new one) the second scan is the route's own refusal.
    const fresh = await marie.post('/api/checkin', { token }, { 'idempotency-key': randomUUID() });
    expect(fresh.statusCode).toBe(409);
    expect(fresh.json().error.code).toBe('ALREADY_CHECKED_IN');
    expect(await attendanceRows(id)).toBe(1);
  });

  it('scanned offline, sent after its token expired: judged at the scan time (not over 12 hours)', async () => {
    const { id } = await openMeeting();
    const scannedAt = new Date(Date.now() - 5 * 60_000);
    // The code the member scanned: valid for two minutes after the scan, expired now.
    const token = t.app.ctx.links.sign(CHECKIN_PURPOSE, { m: id, exp: Math.floor(scannedAt.getTime() / 1000) + 120 });
    const late = await paul.post('/api/checkin', { token });
    expect(late.json().error.code).toBe('CHECKIN_TOKEN_INVALID');
    const tooOld = await paul.post('/api/checkin', {
      token,
      scannedAt: new Date(Date.now() - 13 * 3_600_000).toISOString(),
    });
    expect(tooOld.json().error.code).toBe('CHECKIN_TOKEN_INVALID');
    // Nor before the code was made: a scan time put back is not believed.
    const before = await paul.post('/api/checkin', {
      token,
      scannedAt: new Date(scannedAt.getTime() - 60_000).toISOString(),
    });
    expect(before.json().error.code).toBe('CHECKIN_TOKEN_INVALID');
    const key = randomUUID();
    const kept = { token, scannedAt: scannedAt.toISOString() };
    const [a, b] = await Promise.all([
      paul.post('/api/checkin', kept, { 'idempotency-key': key }),
      paul.post('/api/checkin', kept, { 'idempotency-key': key }),
    ]);
    expect(a.statusCode, a.body).toBe(201);
    expect(b.body).toBe(a.body);
    expect(a.json()).toMatchObject({ meetingId: id, status: 'present', checkedInAt: scannedAt.toISOString() });
    expect(await attendanceRows(id)).toBe(1);
  });

  it('a refusal is kept too: the copy gets the same French reason', async () => {
    const key = randomUUID();
    const bad = { token: 'pas-un-jeton' };
    const [a, b] = await Promise.all([
      marie.post('/api/checkin', bad, { 'idempotency-key': key }),
      marie.post('/api/checkin', bad, { 'idempotency-key': key }),
    ]);
    expect(a.statusCode).toBe(400);
    expect(b.statusCode).toBe(400);
    expect(a.json().error.code).toBe('CHECKIN_TOKEN_INVALID');
    expect(b.body).toBe(a.body);
  });
});

describe('a queued recommendation sent several times', () => {
  it('five copies at once: one recommendation, the same 201 answer each', async () => {
    const need = `Toiture ${randomUUID()}`;
    const key = randomUUID();
    const answers = await Promise.all(
      Array.from({ length: 5 }, () =>
        marie.post('/api/recommendations', recommendation(need), { 'idempotency-key': key }),
      ),
    );
    for (const res of answers) expect(res.statusCode, res.body).toBe(201);
    expect(new Set(answers.map((res) => res.json().id)).size).toBe(1);
    expect(new Set(answers.map((res) => res.body)).size).toBe(1);
    expect(await recommendationsWith(need)).toBe(1);
  });

  it('the same key with another body: 422 in French, nothing written', async () => {
    const key = randomUUID();
    const need = `Façade ${randomUUID()}`;
    const first = await marie.post('/api/recommendations', recommendation(need), { 'idempotency-key': key });
    expect(first.statusCode).toBe(201);
    const other = await marie.post('/api/recommendations', recommendation(`${need} bis`), { 'idempotency-key': key });
    expect(other.statusCode).toBe(422);
    expect(other.json().error).toEqual({
      code: 'IDEMPOTENCY_KEY_REUSED',
      message: 'Cette clé d’envoi a déjà servi pour une autre demande\u00a0: la demande n’a pas été prise en compte.',
    });
    expect(await recommendationsWith(`${need} bis`)).toBe(0);
    // The same key on another operation is another request too.
    const checkin = await marie.post('/api/checkin', { token: 'x' }, { 'idempotency-key': key });
    expect(checkin.statusCode).toBe(422);
  });

  it('keys are each member’s own: another member’s same key is a new request', async () => {
    const key = randomUUID();
    const need = `Cuisine ${randomUUID()}`;
    expect(
      (await marie.post('/api/recommendations', recommendation(need), { 'idempotency-key': key })).statusCode,
    ).toBe(201);
    const fromLeader = await leader.post('/api/recommendations', recommendation(need), { 'idempotency-key': key });
    expect(fromLeader.statusCode, fromLeader.body).toBe(201);
    expect(await recommendationsWith(need)).toBe(2);
  });

  it('a malformed key is refused with a French 400; no key at all works as before', async () => {
    const res = await marie.post('/api/recommendations', recommendation('Clé'), { 'idempotency-key': 'a b' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('IDEMPOTENCY_KEY_INVALID');
    const need = `Sans clé ${randomUUID()}`;
    expect((await marie.post('/api/recommendations', recommendation(need))).statusCode).toBe(201);
    expect((await marie.post('/api/recommendations', recommendation(need))).statusCode).toBe(201);
    expect(await recommendationsWith(need)).toBe(2);
  });
});

describe('keeping the keys', () => {
  it('purges keys older than 7 days, once, even when two sweeps run together', async () => {
    const old = randomUUID();
    const recent = randomUUID();
    await db.insert(idempotencyKeys).values([
      {
        userId: marie.userId,
        key: old,
        operation: 'x',
        requestHash: 'h',
        responseStatus: 201,
        responseBody: '{}',
        createdAt: new Date(Date.now() - 8 * 86_400_000),
      },
      { userId: marie.userId, key: recent, operation: 'x', requestHash: 'h', responseStatus: 201, responseBody: '{}' },
    ]);
    const [a, b] = await Promise.all([purgeIdempotencyKeys(t.app.ctx), purgeIdempotencyKeys(t.app.ctx)]);
    expect(a + b).toBeGreaterThanOrEqual(1);
    const left = await db
      .select({ key: idempotencyKeys.key })
      .from(idempotencyKeys)
      .where(and(eq(idempotencyKeys.userId, marie.userId), sql`${idempotencyKeys.key} in (${old}, ${recent})`));
    expect(left.map((row) => row.key)).toEqual([recent]);
  });

  it('is documented in the OpenAPI document as an optional header of the two writes', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    for (const [path, method] of [
      ['/api/checkin', 'post'],
      ['/api/recommendations', 'post'],
    ] as const) {
      const parameters = doc.paths[path][method].parameters as { in: string; name: string; required?: boolean }[];
      expect(parameters).toContainEqual(expect.objectContaining({ in: 'header', name: 'idempotency-key' }));
      expect(doc.paths[path][method].responses['422']).toBeDefined();
    }
  });
});
