import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SessionCache } from '../src/auth/session-cache';
import { createTestApp } from './helpers/app';
import { client, signUp } from './helpers/auth';

/**
 * The session cache (auth/session-cache.ts): a signed-in member's next requests skip Better
 * Auth's lookup, and nothing that ends a session on this instance leaves it usable. Across
 * instances: two-instances.redis.test.ts (Redis passes the word on) and the time limit below.
 */
describe('the session cache', async () => {
  const t = await createTestApp({ env: { SESSION_CACHE_MS: '60000' } });
  // The same database seen by an instance whose entries live 300 ms.
  const brief = await createTestApp({ env: { SESSION_CACHE_MS: '300' }, database: t.database });
  const lookups = vi.spyOn(t.app.ctx.auth.api, 'getSession');
  afterEach(() => lookups.mockClear());

  it('asks Better Auth once for a member’s successive requests', async () => {
    const member = await signUp(t);
    lookups.mockClear();
    for (let i = 0; i < 5; i += 1) expect((await member.get('/api/me')).statusCode).toBe(200);
    expect(lookups).toHaveBeenCalledTimes(1);
    // Without credentials, nobody: no lookup at all.
    expect((await t.app.inject({ method: 'GET', url: '/api/me' })).statusCode).toBe(401);
    expect(lookups).toHaveBeenCalledTimes(1);
  });

  it('refuses a session at once after its sign-out on this instance', async () => {
    const member = await signUp(t);
    const cookie = member.jar.header();
    expect((await member.get('/api/me')).statusCode).toBe(200);
    expect((await member.post('/api/auth/sign-out')).statusCode).toBe(200);
    const replayed = await t.app.inject({ method: 'GET', url: '/api/me', headers: { cookie } });
    expect(replayed.statusCode).toBe(401);
  });

  it('refuses a session at once after the member revokes it from another device', async () => {
    const phone = await signUp(t);
    const laptop = client(t, '10.9.0.1');
    const signedIn = await laptop.post('/api/auth/sign-in/email', {
      email: phone.member.email,
      password: phone.member.password,
    });
    expect(signedIn.statusCode).toBe(200);
    expect((await laptop.get('/api/me')).statusCode).toBe(200);
    const { sessions } = (await phone.get('/api/me/sessions')).json() as {
      sessions: { id: string; current: boolean }[];
    };
    const other = sessions.find((s) => !s.current);
    expect(other).toBeDefined();
    expect((await phone.delete(`/api/me/sessions/${other?.id}`)).statusCode).toBe(200);
    expect((await laptop.get('/api/me')).statusCode).toBe(401);
    expect((await phone.get('/api/me')).statusCode).toBe(200);
  });

  it('is not emptied by a refused sign-in', async () => {
    const member = await signUp(t);
    expect((await member.get('/api/me')).statusCode).toBe(200);
    lookups.mockClear();
    const refused = await client(t, '10.9.0.2').post('/api/auth/sign-in/email', {
      email: member.member.email,
      password: 'pas-le-bon-1',
    });
    expect(refused.statusCode).toBe(401);
    expect((await member.get('/api/me')).statusCode).toBe(200);
    expect(lookups).not.toHaveBeenCalled();
  });

  it('asks Better Auth again once the time limit passed: a session ended elsewhere lives that long at most', async () => {
    const member = await signUp(brief);
    expect((await member.get('/api/me')).statusCode).toBe(200);
    // Ended behind this instance's back, as another instance without Redis would.
    await t.database.db.execute(sql`delete from session where user_id = ${member.userId}`);
    expect((await member.get('/api/me')).statusCode).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 350));
    expect((await member.get('/api/me')).statusCode).toBe(401);
  });
});

describe('SessionCache', () => {
  const user = { id: 'u1', sessionId: 's1', email: 'a@exemple.fr', name: 'A', emailVerified: true };
  it('never keeps an entry past the session’s own expiry, nor beyond its size', () => {
    const cache = new SessionCache(10_000, 2);
    cache.set('a', user, new Date(1_000 + 50), undefined, 1_000);
    expect(cache.get('a', 1_049)).toEqual(user);
    expect(cache.get('a', 1_050)).toBeUndefined();
    cache.set('a', user, undefined, undefined, 0);
    cache.set('b', null, undefined, undefined, 0);
    cache.set('c', user, undefined, undefined, 0);
    expect(cache.size).toBe(2);
    expect(cache.get('a', 1)).toBeUndefined();
    expect(cache.get('b', 1)).toBeNull();
  });
  it('stores nothing a lookup found if the cache was cleared while it ran', async () => {
    const cache = new SessionCache(10_000);
    const started = cache.generation;
    await cache.clear();
    cache.set('a', user, undefined, started);
    expect(cache.get('a')).toBeUndefined();
    cache.set('a', user, undefined, cache.generation);
    expect(cache.get('a')).toEqual(user);
  });

  it('keeps nothing when turned off (0)', () => {
    const cache = new SessionCache(0);
    cache.set('a', user);
    expect(cache.get('a')).toBeUndefined();
  });
});
