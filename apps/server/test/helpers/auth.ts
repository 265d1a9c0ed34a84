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

/** A browser-like client of the test app: JSON bodies, Origin header, cookies kept. */
export function client(t: TestApp, ip = '10.1.0.1') {
  const jar = new CookieJar();
  const call = async (method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: unknown) => {
    const res = await t.app.inject({
      method,
      url,
      headers: { origin: ORIGIN, cookie: jar.header(), ...(payload !== undefined ? { 'content-type': 'application/json' } : {}) },
      payload: payload === undefined ? undefined : JSON.stringify(payload),
      remoteAddress: ip,
    });
    jar.store(res.headers['set-cookie'] as string | string[] | undefined);
    return res;
  };
  return {
    jar,
    get: (url: string) => call('GET', url),
    post: (url: string, payload: unknown = {}) => call('POST', url, payload),
    put: (url: string, payload: unknown = {}) => call('PUT', url, payload),
    patch: (url: string, payload: unknown = {}) => call('PATCH', url, payload),
    delete: (url: string, payload?: unknown) => call('DELETE', url, payload),
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
  return { ...c, member, userId: res.json().user.id as string };
}
