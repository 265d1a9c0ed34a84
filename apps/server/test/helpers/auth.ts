import { createHmac } from 'node:crypto';
import { desc, eq } from 'drizzle-orm';
import { mailOutbox } from '../../src/db/schema';
import type { TestApp } from './app';

export const ORIGIN = 'http://localhost:3000';

/** Cookies as a browser keeps them: name=value pairs from every Set-Cookie seen. */
export class CookieJar {
  private cookies = new Map<string, string>();
  store(setCookie: string | string[] | undefined) {
    for (const line of Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : []) {
      const [pair] = line.split(';');
      const index = pair?.indexOf('=') ?? -1;
      if (!pair || index < 0) continue;
      const name = pair.slice(0, index).trim();
      const value = pair.slice(index + 1).trim();
      if (value === '' || /max-age=0/i.test(line)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }
  header(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }
  has(name: string) {
    return [...this.cookies.keys()].some((k) => k.includes(name));
  }
}

/** A browser-like client of the test app: JSON bodies, Origin header (the site's), cookies kept. */
export function client(t: TestApp, ip = '10.1.0.1') {
  const jar = new CookieJar();
  const call = async (
    method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    url: string,
    payload?: unknown,
    extraHeaders: Record<string, string> = {},
  ) => {
    const res = await t.app.inject({
      method,
      url,
      headers: {
        origin: t.env.SITE_URL,
        cookie: jar.header(),
        ...(payload !== undefined ? { 'content-type': 'application/json' } : {}),
        ...extraHeaders,
      },
      payload: payload === undefined ? undefined : JSON.stringify(payload),
      remoteAddress: ip,
    });
    jar.store(res.headers['set-cookie'] as string | string[] | undefined);
    return res;
  };
  return {
    jar,
    get: (url: string) => call('GET', url),
    /** `headers`: more request headers (an Idempotency-Key). */
    post: (url: string, payload: unknown = {}, headers?: Record<string, string>) => call('POST', url, payload, headers),
    put: (url: string, payload: unknown = {}) => call('PUT', url, payload),
    patch: (url: string, payload: unknown = {}) => call('PATCH', url, payload),
    delete: (url: string, payload?: unknown) => call('DELETE', url, payload),
    /** Any method, no body at all (no content-type either). */
    send: (method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string) => call(method, url),
  };
}

export async function lastMailTo(t: TestApp, to: string) {
  const [mail] = await t.database.db
    .select()
    .from(mailOutbox)
    .where(eq(mailOutbox.to, to))
    .orderBy(desc(mailOutbox.createdAt))
    .limit(1);
  return mail;
}

export function linkIn(text: string): string {
  const match = text.match(/https?:\/\/\S+/);
  if (!match) throw new Error(`no link in: ${text}`);
  return match[0];
}

let counter = 0;
/** Signs up a new member and returns a signed-in client. */
export async function signUp(t: TestApp, overrides: { name?: string; email?: string; password?: string } = {}) {
  counter += 1;
  const member = {
    name: overrides.name ?? `Membre ${counter}`,
    email: overrides.email ?? `membre${counter}.${Date.now()}@exemple.fr`,
    password: overrides.password ?? 'Motdepasse1',
  };
  const c = client(t, `10.2.${Math.floor(counter / 250)}.${counter % 250}`);
  const res = await c.post('/api/auth/sign-up/email', member);
  if (res.statusCode !== 200) throw new Error(`sign-up failed: ${res.statusCode} ${res.body}`);
  // A sign-up signs nobody in (the same answer for a known address, issue 33): sign in as the
  // member would from the verification link or the sign-in form.
  const signedIn = await c.post('/api/auth/sign-in/email', { email: member.email, password: member.password });
  if (signedIn.statusCode !== 200)
    throw new Error(`sign-in after sign-up failed: ${signedIn.statusCode} ${signedIn.body}`);
  return { ...c, member, userId: signedIn.json().user.id as string };
}

/** RFC 4648 base32 (no padding), as authenticator apps read the otpauth:// secret. */
export function base32Decode(input: string): Buffer {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let bits = 0;
  let value = 0;
  const out: number[] = [];
  for (const char of input.replace(/=+$/, '').toUpperCase()) {
    const index = alphabet.indexOf(char);
    if (index < 0) throw new Error(`not base32: ${char}`);
    value = (value << 5) | index;
    bits += 5;
    if (bits >= 8) {
      out.push((value >>> (bits - 8)) & 0xff);
      bits -= 8;
    }
  }
  return Buffer.from(out);
}

/**
 * The code an authenticator app shows (RFC 6238: HMAC-SHA1, 30 s, 6 digits) for the secret of an
 * otpauth:// URI; `stepOffset` picks a neighbouring time step.
 */
export function totpCode(otpauthUri: string, stepOffset = 0, now = Date.now()): string {
  const uri = new URL(otpauthUri);
  const secret = base32Decode(uri.searchParams.get('secret') ?? '');
  const period = Number(uri.searchParams.get('period') ?? 30);
  const digits = Number(uri.searchParams.get('digits') ?? 6);
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(now / 1000 / period) + stepOffset));
  const hmac = createHmac('sha1', secret).update(counter).digest();
  const offset = (hmac[hmac.length - 1] ?? 0) & 0x0f;
  const binary = hmac.readUInt32BE(offset) & 0x7fffffff;
  return String(binary % 10 ** digits).padStart(digits, '0');
}

/** The 6-digit code of the latest sign-in-code mail sent to `to`. */
export async function lastCodeTo(t: TestApp, to: string): Promise<string> {
  const mail = await lastMailTo(t, to);
  if (mail?.template !== 'sign-in-code') throw new Error(`no sign-in code mailed to ${to}`);
  const match = mail.text.match(/\b(\d{6})\b/);
  if (!match?.[1]) throw new Error(`no code in: ${mail.text}`);
  return match[1];
}
