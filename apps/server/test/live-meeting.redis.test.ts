import { afterAll, describe, expect, it } from 'vitest';
import { type Database, openPostgres } from '../src/db/client';
import { meetings } from '../src/db/schema';
import { createTestApp } from './helpers/app';
import { createTestDatabase, testDbKind } from './helpers/db';
import { catalogue, createGroup, seat } from './helpers/groups';
import { signUpSubscriber } from './helpers/members';
import { listen, openEventStream } from './helpers/sse';

/**
 * The live meeting on two instances with Redis (issue 30): the word of a change goes through
 * Redis pub/sub, so a phone on one instance follows a `Suivant` pressed on the other. On PGlite
 * both instances share the in-process database, as in two-instances.redis.test.ts.
 */
const redisUrl = process.env.TEST_REDIS_URL;
if (!redisUrl) throw new Error('TEST_REDIS_URL is not set: this file runs in the redis-* test projects');

describe('a live meeting on two instances and one Redis', async () => {
  const database = await createTestDatabase();
  let second: Database = database;
  if (testDbKind === 'postgres') second = await openPostgres((database as { url?: string }).url as string, 3);
  afterAll(async () => {
    if (second !== database) await second.close();
    await database.close();
  });
  const a = await createTestApp({ env: { REDIS_URL: redisUrl as string }, database });
  const b = await createTestApp({ env: { REDIS_URL: redisUrl as string }, database: second });
  await listen(b.app);
  const db = a.database.db;
  const leader = await signUpSubscriber(a, { name: 'Léa Présidente' }, { fullName: 'Léa Présidente' });
  const paul = await signUpSubscriber(a, { name: 'Paul Martin' }, { fullName: 'Paul Martin' });
  const trades = await catalogue(db);
  const group = await createGroup(db);
  await seat(db, group.id, [
    { userId: leader.userId, tradeId: (trades[0] as { id: string }).id, role: 'president' },
    { userId: paul.userId, tradeId: (trades[1] as { id: string }).id },
  ]);
  const [meeting] = await db
    .insert(meetings)
    .values({
      groupId: group.id,
      scheduledOn: '2032-03-02',
      startsAt: new Date(Date.now() + 10 * 60_000),
      endsAt: new Date(Date.now() + 100 * 60_000),
      place: 'Lyon',
    })
    .returning({ id: meetings.id });
  const url = (rest = '') => `/api/groups/${group.id}/meetings/${(meeting as { id: string }).id}/live${rest}`;

  it('a Suivant on instance A reaches a phone on instance B, through Redis', async () => {
    expect(a.app.ctx.liveHub?.transport).toBe('redis');
    const phone = await openEventStream(b.app, url('/stream'), { cookie: paul.jar.header() });
    expect(phone.status).toBe(200);
    await phone.next();
    expect((await leader.post(url())).statusCode).toBe(200);
    expect(JSON.parse((await phone.next()).data)).toMatchObject({ live: true, version: 1 });
    expect((await leader.post(url('/next'), { version: 1 })).statusCode).toBe(200);
    expect(JSON.parse((await phone.next()).data)).toMatchObject({ version: 2, phase: 'presentation' });
    phone.close();
  });
});
