/**
 * Issue 33, accounts and links: a sign-up that tells nothing, the sign-up's name under the
 * profile's rules, no lockout of the owner by a stranger's wrong passwords (per account and
 * address, growing delays, counted in the database), strict signed links and a calendar link
 * the member can renew. Rate limits are on here, as in production.
 */
import { fieldMessages } from '@synergie/shared';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { SIGN_IN_FAILURES } from '../src/auth/account-rate-limit';
import { mailOutbox, user } from '../src/db/schema';
import { CALENDAR_PURPOSE } from '../src/domain/meetings';
import { createTestApp } from './helpers/app';
import { client, lastCodeTo, lastMailTo, linkIn, signUp } from './helpers/auth';

const t = await createTestApp({ env: { AUTH_RATE_LIMIT: 'true' } });
const db = t.database.db;

/** Loopback source addresses, one per attacker (127.0.0.0/8 is all loopback). */
let nextAddress = 0;
const loopback = () => {
  nextAddress += 1;
  return `127.${20 + Math.floor(nextAddress / 250)}.${nextAddress % 250}.1`;
};

async function timed<T>(run: () => Promise<T>): Promise<[T, number]> {
  const start = performance.now();
  const result = await run();
  return [result, performance.now() - start];
}
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] as number;

describe('sign-up tells nothing', () => {
  it('answers a known address as a new one, and mails its owner `Vous avez déjà un compte`', async () => {
    const owner = await signUp(t, { name: 'Olivia Owner' });
    const fresh = `nouvelle.${Date.now()}@exemple.fr`;
    const asNew = await client(t, loopback()).post('/api/auth/sign-up/email', {
      name: 'Nina Nouvelle',
      email: fresh,
      password: 'Motdepasse1',
    });
    const asKnown = await client(t, loopback()).post('/api/auth/sign-up/email', {
      name: 'Quelqu’un',
      email: owner.member.email,
      password: 'AutreMotdepasse2',
    });
    expect(asNew.statusCode, asNew.body).toBe(200);
    expect(asKnown.statusCode, asKnown.body).toBe(asNew.statusCode);
    expect(asKnown.body).toBe(asNew.body);
    expect(asNew.json()).toEqual({
      status: true,
      message:
        'Consultez votre boîte de réception\u00a0: un email vous y attend pour continuer. Pensez à regarder dans les indésirables.',
    });
    // Nobody is signed in by either answer: a session cookie would tell them apart.
    expect(asNew.headers['set-cookie']).toBeUndefined();
    expect(asKnown.headers['set-cookie']).toBeUndefined();

    expect((await lastMailTo(t, fresh))?.template).toBe('verify-email');
    const mail = await lastMailTo(t, owner.member.email);
    expect(mail?.template).toBe('already-registered');
    expect(mail?.subject).toContain('Vous avez déjà un compte');
    expect(mail?.text).toContain('http://localhost:3000/auth');
    expect(mail?.text).toContain('http://localhost:3000/reset-password');
    // Still one account, with its own password.
    expect(await db.select().from(user).where(eq(user.email, owner.member.email))).toHaveLength(1);
    const back = await client(t, loopback()).post('/api/auth/sign-in/email', {
      email: owner.member.email,
      password: owner.member.password,
    });
    expect(back.statusCode).toBe(200);
    const wrong = await client(t, loopback()).post('/api/auth/sign-in/email', {
      email: owner.member.email,
      password: 'AutreMotdepasse2',
    });
    expect(wrong.statusCode).toBe(401);
  });

  it('takes about as long for a known address as for a new one', async () => {
    const owners = [await signUp(t), await signUp(t)];
    const known: number[] = [];
    const fresh: number[] = [];
    // Two more sign-ups on each known address: with the helper's, the three an hour it is allowed.
    for (let i = 0; i < 4; i += 1) {
      const [f, freshMs] = await timed(() =>
        client(t, loopback()).post('/api/auth/sign-up/email', {
          name: 'Jean Dupont',
          email: `temps.${i}.${Date.now()}@exemple.fr`,
          password: 'Motdepasse1',
        }),
      );
      const [k, knownMs] = await timed(() =>
        client(t, loopback()).post('/api/auth/sign-up/email', {
          name: 'Jean Dupont',
          email: owners[i % 2]?.member.email,
          password: 'Motdepasse1',
        }),
      );
      expect([k.statusCode, f.statusCode]).toEqual([200, 200]);
      known.push(knownMs);
      fresh.push(freshMs);
    }
    // Before issue 33 a known address answered 422 at once, without even hashing the password.
    expect(median(known)).toBeGreaterThan(median(fresh) * 0.6);
  });
});

describe('the sign-up’s name follows the profile’s rules', () => {
  it.each([
    ['CR/LF', 'Jean\r\nDupont'],
    ['LF', 'Jean\nBcc: x@y.fr'],
    ['a tab', 'Jean\tDupont'],
    ['NUL', 'Jean\u0000Dupont'],
    ['a C1 control', 'Jean\u0085Dupont'],
    ['a direction override', 'Jean\u202eDupont'],
  ])('refuses %s in French, creates nothing', async (_label, name) => {
    const email = `nom.${Date.now()}.${Math.random().toString(36).slice(2)}@exemple.fr`;
    const res = await client(t, loopback()).post('/api/auth/sign-up/email', { name, email, password: 'Motdepasse1' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(fieldMessages.forbiddenCharacters);
    expect(await db.select().from(user).where(eq(user.email, email))).toHaveLength(0);
  });

  it('stores the name trimmed, as the profile does', async () => {
    const email = `trim.${Date.now()}@exemple.fr`;
    const res = await client(t, loopback()).post('/api/auth/sign-up/email', {
      name: '  Jeanne Martin  ',
      email,
      password: 'Motdepasse1',
    });
    expect(res.statusCode).toBe(200);
    const [row] = await db.select().from(user).where(eq(user.email, email));
    expect(row?.name).toBe('Jeanne Martin');
  });
});

describe('no lockout of the owner', () => {
  const signIn = (ip: string, email: string, password: string, headers: Record<string, string> = {}) =>
    client(t, ip).post('/api/auth/sign-in/email', { email, password }, headers);

  it('a stranger’s wrong passwords from 15 addresses do not stop the owner, by password or by code', async () => {
    const owner = await signUp(t, { name: 'Cible Attaquée' });
    const home = loopback();
    // More than the 10 wrong passwords that locked the account for 15 minutes before issue 33.
    for (let i = 0; i < 15; i += 1) {
      // Claiming the owner's address changes nothing: the app trusts no proxy here (TRUST_PROXY).
      const res = await signIn(loopback(), owner.member.email, `Mauvais${i}`, { 'x-forwarded-for': home });
      expect(res.statusCode).toBe(401);
    }
    const ok = await signIn(home, owner.member.email, owner.member.password);
    expect(ok.statusCode, ok.body).toBe(200);

    // Sign-in by an email code, from the owner's address, still works during the attack.
    const c = client(t, home);
    const sent = await c.post('/api/auth/email-otp/send-verification-otp', {
      email: owner.member.email,
      type: 'sign-in',
    });
    expect(sent.statusCode).toBe(200);
    const code = await lastCodeTo(t, owner.member.email);
    const byCode = await c.post('/api/auth/sign-in/email-otp', { email: owner.member.email, otp: code });
    expect(byCode.statusCode, byCode.body).toBe(200);
  }, 120_000);

  it('one address gets growing delays: free tries, then 30 s, then 60 s; the right password clears them', async () => {
    const owner = await signUp(t);
    const ip = loopback();
    const key = `sign-in:${owner.member.email.toLowerCase()}:${ip}`;
    for (let i = 0; i < SIGN_IN_FAILURES.free; i += 1) {
      expect((await signIn(ip, owner.member.email, 'Mauvais1')).statusCode).toBe(401);
    }
    const held = await signIn(ip, owner.member.email, owner.member.password);
    expect(held.statusCode).toBe(429);
    expect(held.json().error.message).toMatch(/Trop de/);
    const first = Number(held.headers['x-retry-after']);
    expect(first).toBeGreaterThan(0);
    expect(first).toBeLessThanOrEqual(SIGN_IN_FAILURES.firstDelay);
    // Another address of the same owner is not held.
    expect((await signIn(loopback(), owner.member.email, owner.member.password)).statusCode).toBe(200);

    // The delay is over: one more wrong password, and the next wait is twice as long.
    await db.execute(
      sql`update rate_limit_counters set window_start = now() - interval '31 seconds' where key = ${key}`,
    );
    expect((await signIn(ip, owner.member.email, 'Mauvais1')).statusCode).toBe(401);
    const again = await signIn(ip, owner.member.email, 'Mauvais1');
    expect(again.statusCode).toBe(429);
    const second = Number(again.headers['x-retry-after']);
    expect(second).toBeGreaterThan(SIGN_IN_FAILURES.firstDelay);
    expect(second).toBeLessThanOrEqual(2 * SIGN_IN_FAILURES.firstDelay);

    await db.execute(
      sql`update rate_limit_counters set window_start = now() - interval '61 seconds' where key = ${key}`,
    );
    expect((await signIn(ip, owner.member.email, owner.member.password)).statusCode).toBe(200);
    const { rows } = await db.execute(sql`select 1 from rate_limit_counters where key = ${key}`);
    expect(rows).toHaveLength(0);
  });

  it('wrong passwords sent at once from one address are counted one by one', async () => {
    const owner = await signUp(t);
    const ip = loopback();
    const answers = await Promise.all(
      Array.from({ length: SIGN_IN_FAILURES.free + 3 }, () => signIn(ip, owner.member.email, 'Mauvais1')),
    );
    const statuses = answers.map((r) => r.statusCode).sort();
    expect(statuses.filter((s) => s === 401)).toHaveLength(SIGN_IN_FAILURES.free);
    expect(statuses.filter((s) => s === 429)).toHaveLength(3);
  });

  it('is counted in the database: a second instance holds the same address, and frees the others', async () => {
    const other = await createTestApp({ database: t.database, env: { AUTH_RATE_LIMIT: 'true' } });
    const owner = await signUp(t);
    const ip = loopback();
    for (let i = 0; i < SIGN_IN_FAILURES.free; i += 1) {
      expect((await signIn(ip, owner.member.email, 'Mauvais1')).statusCode).toBe(401);
    }
    const onOther = (address: string) =>
      client(other, address).post('/api/auth/sign-in/email', {
        email: owner.member.email,
        password: owner.member.password,
      });
    expect((await onOther(ip)).statusCode).toBe(429);
    expect((await onOther(loopback())).statusCode).toBe(200);
  });
});

describe('strict signed links', () => {
  const links = t.app.ctx.links;

  it('refuses a token with anything after its signature, or its last character changed', () => {
    const token = links.sign(CALENDAR_PURPOSE, { u: 'someone', v: 0 });
    expect(links.verify(CALENDAR_PURPOSE, token)).toEqual({ u: 'someone', v: 0 });
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
    const last = token.at(-1) as string;
    // The last character of a 43-character signature carries 2 spare bits: its neighbour decodes alike.
    const twin = alphabet[alphabet.indexOf(last) ^ 1] as string;
    for (const bad of [
      `${token}=`,
      `${token}~`,
      `${token}!`,
      `${token} `,
      `${token}%`,
      `${token}A`,
      `${token}.x`,
      `${token.slice(0, -1)}${twin}`,
      ` ${token}`,
    ]) {
      expect(links.verify(CALENDAR_PURPOSE, bad), bad).toBeNull();
    }
  });

  it('the calendar feed answers 404 to its token with junk appended', async () => {
    const member = await signUp(t);
    const url = new URL((await member.get('/api/me/calendar-url')).json().url);
    const token = url.pathname.slice('/api/calendar/'.length, -'.ics'.length);
    expect((await client(t).get(`/api/calendar/${token}.ics`)).statusCode).toBe(200);
    for (const junk of ['~', '=', '!', '%3D']) {
      const res = await client(t).get(`/api/calendar/${token}${junk}.ics`);
      expect(res.statusCode, junk).toBe(404);
      expect(res.json().error.code).toBe('CALENDAR_LINK_INVALID');
    }
  });
});

describe('renewing the calendar link', () => {
  const feedPath = (url: string) => new URL(url).pathname;

  it('gives a new link, stops the old one at once, and the RGPD export lists it', async () => {
    const member = await signUp(t);
    // A link given before issue 33 (no version) works until the first renewal.
    const legacy = `/api/calendar/${t.app.ctx.links.sign(CALENDAR_PURPOSE, { u: member.userId })}.ics`;
    const before = (await member.get('/api/me/calendar-url')).json();
    expect(before.renewedAt).toBeNull();
    expect((await client(t).get(feedPath(before.url))).statusCode).toBe(200);
    expect((await client(t).get(legacy)).statusCode).toBe(200);

    const renewed = await member.post('/api/me/calendar-url/renew');
    expect(renewed.statusCode).toBe(200);
    const after = renewed.json();
    expect(after.url).not.toBe(before.url);
    expect(Date.parse(after.renewedAt)).toBeGreaterThan(Date.now() - 60_000);
    expect((await client(t).get(feedPath(before.url))).statusCode).toBe(404);
    expect((await client(t).get(legacy)).statusCode).toBe(404);
    expect((await client(t).get(feedPath(after.url))).statusCode).toBe(200);
    expect((await member.get('/api/me/calendar-url')).json()).toEqual(after);

    const exported = await member.get('/api/me/export');
    expect(exported.statusCode).toBe(200);
    expect(exported.json().calendarLink).toEqual(after);
  });

  it('two renewals at once: two different links, and only the last one works', async () => {
    const member = await signUp(t);
    const [a, b] = await Promise.all([
      member.post('/api/me/calendar-url/renew'),
      member.post('/api/me/calendar-url/renew'),
    ]);
    expect([a?.statusCode, b?.statusCode]).toEqual([200, 200]);
    const urls = [a?.json().url, b?.json().url] as string[];
    expect(new Set(urls).size).toBe(2);
    const current = (await member.get('/api/me/calendar-url')).json().url as string;
    expect(urls).toContain(current);
    const statuses = await Promise.all(urls.map(async (u) => (await client(t).get(feedPath(u))).statusCode));
    expect(statuses.sort()).toEqual([200, 404]);
  });

  it('needs a member: a visitor cannot renew anyone’s link', async () => {
    const res = await client(t).post('/api/me/calendar-url/renew');
    expect(res.statusCode).toBe(401);
  });
});

// Kept for the mails' shape: the owner's mail lists both links as plain addresses.
it('the `Vous avez déjà un compte` mail links to the sign-in page and to the reset form', async () => {
  const owner = await signUp(t);
  await client(t, loopback()).post('/api/auth/sign-up/email', {
    name: 'Jean Dupont',
    email: owner.member.email,
    password: 'Motdepasse1',
  });
  const [mail] = await db
    .select()
    .from(mailOutbox)
    .where(eq(mailOutbox.to, owner.member.email))
    .orderBy(sql`created_at desc`)
    .limit(1);
  expect(new URL(linkIn(mail?.text ?? '')).pathname).toBe('/auth');
  expect(mail?.html).toContain('href="http://localhost:3000/reset-password"');
});
