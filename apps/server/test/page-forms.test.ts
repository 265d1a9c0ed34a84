import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  authMessages,
  contactSchema,
  contactMessages as contactTexts,
  EMAIL_VERIFIED_PATH,
  pageFormMessages,
  signUpSchema,
} from '@synergie/shared';
import { count, eq } from 'drizzle-orm';
import { escapeText } from 'entities';
import { afterAll, describe, expect, it } from 'vitest';
import { contactMessages, mailOutbox, user } from '../src/db/schema';
import { createTestApp } from './helpers/app';
import { CookieJar, lastMailTo, linkIn, signUp, totpCode } from './helpers/auth';

/**
 * The public pages' forms posted without scripts (routes/page-forms.ts, docs/decisions/0012),
 * against stand-in pages written as the build prerenders them: FormField's markup, a form whose
 * action is the page, an inline script and a module preload that the answers must drop.
 */
const webDir = fs.mkdtempSync(path.join(os.tmpdir(), 'synergie-forms-'));
afterAll(() => fs.rmSync(webDir, { recursive: true, force: true }));

const field = (id: string, label: string, control: string) =>
  `<div class="flex flex-col gap-1.5"><label class="text-sm" for="${id}">${label}</label>${control}</div>`;
const page = (title: string, form = '') =>
  `<!DOCTYPE html><html lang="fr"><head><title>${title}</title><link rel="modulepreload" href="/assets/entry.js"/><script type="application/ld+json">{"@type":"WebPage"}</script></head><body><main id="contenu" class="flex-1"><h1>${title}</h1>${form}</main><script>window.__reactRouterContext = {};</script><script type="module" async="">import "/assets/entry.js";</script></body></html>`;
const pages: Record<string, string> = {
  'index.html': page('Accueil'),
  'contact/index.html': page(
    'Contact',
    `<form noValidate="" aria-label="Formulaire de contact" action="/contact" method="post">${field(
      '_c1_',
      'Nom complet',
      '<input type="text" autoComplete="name" id="_c1_" aria-invalid="false" name="name"/>',
    )}${field('_c2_', 'Email', '<input type="email" id="_c2_" aria-invalid="false" name="email"/>')}${field(
      '_c3_',
      'Message',
      '<textarea rows="6" id="_c3_" aria-invalid="false" name="message"></textarea>',
    )}<button type="submit">Envoyer le message</button></form>`,
  ),
  'auth/index.html': page(
    'Connexion',
    `<form noValidate="" aria-label="Connexion par mot de passe" action="/auth" method="post">${field(
      '_a1_',
      'Email',
      '<input type="email" id="_a1_" aria-invalid="false" name="email"/>',
    )}${field(
      '_a2_',
      'Mot de passe',
      '<div class="relative"><input type="password" id="_a2_" aria-invalid="false" name="password"/><button type="button">Afficher</button></div>',
    )}<button type="submit">Se connecter</button></form>`,
  ),
  'auth/inscription/index.html': page(
    'Inscription',
    `<form noValidate="" aria-label="Inscription" action="/auth/inscription" method="post">${field(
      '_s1_',
      'Nom complet',
      '<input type="text" id="_s1_" aria-invalid="false" name="fullName"/>',
    )}${field('_s2_', 'Email', '<input type="email" id="_s2_" aria-invalid="false" name="email"/>')}${field(
      '_s3_',
      'Mot de passe',
      '<div class="relative"><input type="password" id="_s3_" aria-invalid="false" name="password"/></div>',
    )}<button type="submit">Créer mon compte</button></form>`,
  ),
  'reset-password/index.html': page(
    'Réinitialiser le mot de passe',
    `<form noValidate="" aria-label="Demande de réinitialisation du mot de passe" action="/reset-password" method="post">${field(
      '_r1_',
      'Email',
      '<input type="email" id="_r1_" aria-invalid="false" name="email"/>',
    )}<button type="submit">Envoyer le lien de réinitialisation</button></form>`,
  ),
};
for (const [name, html] of Object.entries(pages)) {
  fs.mkdirSync(path.dirname(path.join(webDir, name)), { recursive: true });
  fs.writeFileSync(path.join(webDir, name), html);
}

const t = await createTestApp({ webDir, env: { CONTACT_EMAIL: 'equipe@synergie.test', CONTACT_RATE_LIMIT: '5' } });
const ORIGIN = t.env.SITE_URL;

let ips = 0;
/** A browser posting a form: urlencoded fields, its Origin (the site's unless said), cookies. */
async function postForm(
  url: string,
  fields: Record<string, string>,
  { headers = { origin: ORIGIN }, ip, jar }: { headers?: Record<string, string>; ip?: string; jar?: CookieJar } = {},
) {
  ips += 1;
  const res = await t.app.inject({
    method: 'POST',
    url,
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      ...(jar ? { cookie: jar.header() } : {}),
      ...headers,
    },
    payload: new URLSearchParams(fields).toString(),
    remoteAddress: ip ?? `10.70.${Math.floor(ips / 250)}.${ips % 250}`,
  });
  jar?.store(res.headers['set-cookie'] as string | string[] | undefined);
  return res;
}

async function counts() {
  const [messages] = await t.database.db.select({ n: count() }).from(contactMessages);
  const [mails] = await t.database.db.select({ n: count() }).from(mailOutbox);
  return { messages: messages?.n ?? 0, mails: mails?.n ?? 0 };
}

/** Inline scripts and module preloads left in an answer (JSON-LD is data, not a script). */
const scriptsIn = (html: string) =>
  (html.match(/<script(?![^>]*application\/ld\+json)[^>]*>/g) ?? []).length +
  (html.match(/modulepreload/g) ?? []).length;

const firstError = (schema: typeof contactSchema | typeof signUpSchema, value: unknown, key: string) => {
  const parsed = schema.safeParse(value);
  if (parsed.success) throw new Error('expected a refusal');
  const issue = parsed.error.issues.find((i) => i.path[0] === key);
  return issue?.message as string;
};

describe('POST /contact (the contact form without scripts)', () => {
  const valid = {
    name: 'Claire Martin',
    email: 'claire@cabinet-martin.fr',
    message: 'Bonjour, une question sur l’adhésion.',
  };

  it('stores the message, queues both mails and sends the visitor to the confirmation', async () => {
    const before = await counts();
    const res = await postForm('/contact', valid);
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/contact?envoye=1');
    const [stored] = await t.database.db
      .select()
      .from(contactMessages)
      .where(eq(contactMessages.email, 'claire@cabinet-martin.fr'));
    expect(stored).toMatchObject({ name: 'Claire Martin', message: valid.message });
    expect(await counts()).toEqual({ messages: before.messages + 1, mails: before.mails + 2 });
    expect(t.wakes).toBeGreaterThan(0);

    const confirmation = await t.app.inject({ method: 'GET', url: res.headers.location as string });
    expect(confirmation.statusCode).toBe(200);
    expect(confirmation.body).toContain(`<div role="status"`);
    expect(confirmation.body).toContain(contactTexts.success);
    expect(scriptsIn(confirmation.body)).toBe(0);
    expect(confirmation.headers['cache-control']).toBe('no-store');
  });

  it('refuses a message missing a field: the page again, the French message under its field, what was typed kept, nothing stored', async () => {
    const before = await counts();
    const res = await postForm('/contact', { name: 'Claire <Martin>', email: 'claire@exemple.fr', message: '' });
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toContain('text/html');
    const html = res.body;
    const expected = firstError(contactSchema, { name: 'Claire', email: 'claire@exemple.fr', message: '' }, 'message');
    expect(expected).toBeTruthy();
    // The error next to its field, tied to the control for screen readers.
    expect(html).toContain(`<p id="_c3_-error" class="text-sm font-medium text-red-700">${expected}</p></div>`);
    expect(html).toMatch(/<textarea[^>]*aria-invalid="true"[^>]*aria-describedby="_c3_-error"/);
    expect(html).toContain(`<div role="alert"`);
    expect(html).toContain(escapeText(pageFormMessages.refused));
    expect(html).toContain('href="#_c3_"');
    // Typed values back, escaped.
    expect(html).toContain('value="Claire &lt;Martin&gt;"');
    expect(html).toContain('value="claire@exemple.fr"');
    expect(html).not.toContain('<Martin>');
    // A page for a browser without scripts: none of React's.
    expect(scriptsIn(html)).toBe(0);
    expect(html).toContain('application/ld+json');
    expect(await counts()).toEqual(before);
  });

  it('keeps a typed message in the textarea, escaped', async () => {
    const res = await postForm('/contact', {
      name: 'C',
      email: 'pas-un-email',
      message: 'Bonjour </textarea><b>\nligne 2',
    });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('>\nBonjour &lt;/textarea&gt;&lt;b&gt;\nligne 2</textarea>');
  });

  it('refuses a post from another site (403), or one that says nowhere, and stores nothing', async () => {
    const before = await counts();
    const foreign = await postForm('/contact', valid, { headers: { origin: 'https://evil.example' } });
    expect(foreign.statusCode).toBe(403);
    expect(foreign.body).toContain(escapeText(pageFormMessages.forbidden));
    const crossSite = await postForm('/contact', valid, { headers: { 'sec-fetch-site': 'cross-site' } });
    expect(crossSite.statusCode).toBe(403);
    const silent = await postForm('/contact', valid, { headers: {} });
    expect(silent.statusCode).toBe(403);
    expect(await counts()).toEqual(before);
    // A browser that sends no Origin but says it is this site's own page.
    const sameOrigin = await postForm('/contact', valid, { headers: { 'sec-fetch-site': 'same-origin' } });
    expect(sameOrigin.statusCode).toBe(303);
  });

  it('is rate limited per address like the JSON API, answered as a page', async () => {
    const ip = '10.71.0.1';
    for (let i = 0; i < 5; i++) expect((await postForm('/contact', valid, { ip })).statusCode).toBe(303);
    const before = await counts();
    const limited = await postForm('/contact', valid, { ip });
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['content-type']).toContain('text/html');
    const seconds = Number(limited.headers['retry-after']);
    expect(seconds).toBeGreaterThan(0);
    expect(limited.body).toContain(`Trop de tentatives, réessayez dans ${seconds} secondes`);
    expect(await counts()).toEqual(before);
  });
});

describe('POST /auth (the sign-in form without scripts)', () => {
  it('refuses a wrong password in French, keeps the email and never writes the password back', async () => {
    const member = await signUp(t);
    const res = await postForm('/auth', { email: member.member.email, password: 'Mauvais-mot-2026' });
    expect(res.statusCode).toBe(401);
    expect(res.body).toContain('Email ou mot de passe incorrect');
    expect(res.body).toContain(`value="${member.member.email}"`);
    expect(res.body).not.toContain('Mauvais-mot-2026');
    expect(res.headers['set-cookie']).toBeUndefined();
    expect(scriptsIn(res.body)).toBe(0);
  });

  it('refuses an empty form with the schema’s messages under the fields', async () => {
    const res = await postForm('/auth', { email: '', password: '' });
    expect(res.statusCode).toBe(400);
    expect(res.body).toMatch(/<input[^>]*aria-invalid="true"[^>]*name="email"/);
    expect(res.body).toContain('id="_a2_-error"');
  });

  it('signs in: the session cookie set, then the home page says who is signed in', async () => {
    const member = await signUp(t, { name: 'Nadia Benali' });
    const jar = new CookieJar();
    const res = await postForm('/auth', { email: member.member.email, password: member.member.password }, { jar });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/?connecte=1');
    expect(res.headers.location).not.toContain(member.member.password);
    expect(jar.has('session_token')).toBe(true);

    const home = await t.app.inject({ method: 'GET', url: '/?connecte=1', headers: { cookie: jar.header() } });
    expect(home.statusCode).toBe(200);
    expect(home.body).toContain(escapeText(pageFormMessages.signedIn('Nadia Benali')));
    const session = await t.app.inject({
      method: 'GET',
      url: '/api/auth/get-session',
      headers: { cookie: jar.header() },
    });
    expect(session.json().user.email).toBe(member.member.email);

    // Without a session the flag says nothing: the page as built, scripts included.
    const anonymous = await t.app.inject({ method: 'GET', url: '/?connecte=1' });
    expect(anonymous.body).not.toContain('Connexion réussie');
    expect(scriptsIn(anonymous.body)).toBeGreaterThan(0);
  });

  it('sends a member with two-factor authentication to /auth, which says the code needs scripts', async () => {
    const member = await signUp(t);
    const enable = await member.post('/api/auth/two-factor/enable', { password: member.member.password });
    const { totpURI } = enable.json() as { totpURI: string };
    expect((await member.post('/api/auth/two-factor/verify-totp', { code: totpCode(totpURI) })).statusCode).toBe(200);

    const jar = new CookieJar();
    const res = await postForm('/auth', { email: member.member.email, password: member.member.password }, { jar });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/auth?second-facteur=1');
    expect(jar.has('session_token')).toBe(false);
    const next = await t.app.inject({ method: 'GET', url: res.headers.location as string });
    expect(next.body).toContain(escapeText(pageFormMessages.secondFactor));
    expect(next.body).toContain(`<a class="underline" href="/auth">${pageFormMessages.signInAgain}</a>`);
  });

  it('refuses a cross-site sign-in (login CSRF)', async () => {
    const member = await signUp(t);
    const res = await postForm(
      '/auth',
      { email: member.member.email, password: member.member.password },
      { headers: { origin: 'https://evil.example' } },
    );
    expect(res.statusCode).toBe(403);
    expect(res.headers['set-cookie']).toBeUndefined();
    // The router decodes percent-escapes: /%61uth is /auth, and is refused the same way.
    const escaped = await postForm(
      '/%61uth',
      { email: member.member.email, password: member.member.password },
      { headers: { origin: 'https://evil.example' } },
    );
    expect(escaped.statusCode).toBe(403);
    expect(escaped.headers['set-cookie']).toBeUndefined();
  });
});

describe('POST /auth/inscription (the sign-up form without scripts)', () => {
  it('creates the account, mails the verification link and says to look in the mailbox', async () => {
    const email = `sans-script.${Date.now()}@exemple.fr`;
    const jar = new CookieJar();
    const res = await postForm(
      '/auth/inscription',
      { fullName: 'Hugo Lefèvre', email, password: 'Synergie-2026!' },
      { jar },
    );
    expect(res.statusCode, res.body).toBe(303);
    expect(res.headers.location).toBe('/?bienvenue=1');
    const [created] = await t.database.db.select().from(user).where(eq(user.email, email));
    expect(created).toMatchObject({ name: 'Hugo Lefèvre', emailVerified: false });
    const mail = await lastMailTo(t, email);
    expect(mail?.text).toContain('/api/auth/verify-email');
    // The link lands on `Aujourd'hui`, as the React form's does (issue 31).
    expect(new URL(linkIn(mail?.text ?? '')).searchParams.get('callbackURL')).toBe(EMAIL_VERIFIED_PATH);

    const home = await t.app.inject({ method: 'GET', url: '/?bienvenue=1', headers: { cookie: jar.header() } });
    expect(home.body).toContain(escapeText(pageFormMessages.signedUp));
    // Nobody is signed in: the verification link does it.
    expect(jar.has('session_token')).toBe(false);
  });

  it('refuses a weak password under its field, keeps the name and email, creates nothing', async () => {
    const email = `faible.${Date.now()}@exemple.fr`;
    const res = await postForm('/auth/inscription', { fullName: 'Hugo Lefèvre', email, password: 'court' });
    expect(res.statusCode).toBe(400);
    const expected = firstError(signUpSchema, { fullName: 'Hugo Lefèvre', email, password: 'court' }, 'password');
    expect(res.body).toContain(`<p id="_s3_-error" class="text-sm font-medium text-red-700">${expected}</p>`);
    expect(res.body).toContain('value="Hugo Lefèvre"');
    expect(res.body).toContain(`value="${email}"`);
    expect(res.body).not.toContain('value="court"');
    expect(await t.database.db.select().from(user).where(eq(user.email, email))).toHaveLength(0);
  });

  it('answers an address that already has an account as a new one, and mails its owner (issue 33)', async () => {
    const member = await signUp(t);
    const known = await postForm('/auth/inscription', {
      fullName: 'Quelqu’un',
      email: member.member.email,
      password: 'Synergie-2026!',
    });
    const fresh = await postForm('/auth/inscription', {
      fullName: 'Quelqu’un',
      email: `nouveau-sans-script.${Date.now()}@exemple.fr`,
      password: 'Synergie-2026!',
    });
    expect([known.statusCode, known.headers.location]).toEqual([303, '/?bienvenue=1']);
    expect([fresh.statusCode, fresh.headers.location]).toEqual([303, '/?bienvenue=1']);
    expect(known.headers['set-cookie']).toEqual(fresh.headers['set-cookie']);
    expect(known.body).toBe(fresh.body);
    expect((await lastMailTo(t, member.member.email))?.template).toBe('already-registered');
  });
});

describe('POST /reset-password (the reset request without scripts)', () => {
  it('mails the link to a member and answers the same page for an unknown address', async () => {
    const member = await signUp(t);
    const res = await postForm('/reset-password', { email: member.member.email });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/reset-password?envoye=1');
    const mail = await lastMailTo(t, member.member.email);
    // Better Auth's link, which leads on to /update-password (encoded in its query string).
    expect(decodeURIComponent(mail?.text ?? '')).toContain('/update-password');

    const before = await counts();
    const unknown = await postForm('/reset-password', { email: `inconnu.${Date.now()}@exemple.fr` });
    expect(unknown.statusCode).toBe(303);
    expect(unknown.headers.location).toBe('/reset-password?envoye=1');
    expect((await counts()).mails).toBe(before.mails);

    const next = await t.app.inject({ method: 'GET', url: '/reset-password?envoye=1' });
    expect(next.body).toContain(escapeText(authMessages.resetSentDetail));
  });

  it('refuses an invalid address under its field, and mails nothing', async () => {
    const before = await counts();
    const res = await postForm('/reset-password', { email: 'pas-un-email' });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('id="_r1_-error"');
    expect(res.body).toContain('value="pas-un-email"');
    expect(await counts()).toEqual(before);
  });
});
