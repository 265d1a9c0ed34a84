import { contactMessages as contactTexts } from '@synergie/shared';
import { count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { contactMessages, mailOutbox } from '../src/db/schema';
import { createTestApp } from './helpers/app';

const t = await createTestApp({ env: { CONTACT_EMAIL: 'equipe@synergie.test', CONTACT_RATE_LIMIT: '3' } });

const post = (payload: unknown, ip = '10.0.0.1') =>
  t.app.inject({ method: 'POST', url: '/api/contact', payload: payload as object, remoteAddress: ip });

async function rowCounts() {
  const [messages] = await t.database.db.select({ n: count() }).from(contactMessages);
  const [mails] = await t.database.db.select({ n: count() }).from(mailOutbox);
  return { messages: messages?.n ?? 0, mails: mails?.n ?? 0 };
}

describe('POST /api/contact', () => {
  it('stores the message and queues a mail to the owner and a confirmation to the sender', async () => {
    const res = await post(
      {
        name: '  Claire Martin ',
        email: ' claire@cabinet-martin.fr ',
        message: 'Bonjour, je souhaite adhérer au réseau.',
      },
      '10.0.0.2',
    );
    expect(res.statusCode).toBe(201);
    const { id } = res.json();
    const [stored] = await t.database.db.select().from(contactMessages).where(eq(contactMessages.id, id));
    // Trimmed by the shared schema: people paste with spaces.
    expect(stored).toMatchObject({ name: 'Claire Martin', email: 'claire@cabinet-martin.fr', ip: '10.0.0.2' });

    const mails = await t.database.db.select().from(mailOutbox);
    const owner = mails.find((m) => m.template === 'contact-owner');
    const confirmation = mails.find((m) => m.template === 'contact-confirmation');
    expect(owner).toMatchObject({ to: 'equipe@synergie.test', replyTo: 'claire@cabinet-martin.fr', status: 'pending' });
    expect(owner?.text).toContain('Bonjour, je souhaite adhérer au réseau.');
    expect(confirmation).toMatchObject({ to: 'claire@cabinet-martin.fr', status: 'pending' });
    expect(confirmation?.subject).toContain('Nous avons bien reçu votre message');
    expect(t.wakes).toBeGreaterThan(0);
  });

  it.each([
    [{ name: 'A', email: 'a@b.fr', message: 'Un message assez long.' }, 'Le nom doit contenir au moins 2 caractères'],
    [{ name: 'Alice', email: 'pas-un-email', message: 'Un message assez long.' }, 'Email invalide'],
    [
      { name: 'Alice', email: `${'a'.repeat(251)}@b.fr`, message: 'Un message assez long.' },
      "L'email ne peut pas dépasser 255 caractères",
    ],
    [{ name: 'Alice', email: 'a@b.fr', message: 'Court' }, 'Le message doit contenir au moins 10 caractères'],
    [{ name: 'Alice', email: 'a@b.fr', message: 'x'.repeat(1001) }, 'Le message ne peut pas dépasser 1000 caractères'],
    [
      { name: 'A'.repeat(101), email: 'a@b.fr', message: 'Un message assez long.' },
      'Le nom ne peut pas dépasser 100 caractères',
    ],
  ])('refuses invalid input %# with "$1"', async (payload, message) => {
    const before = await rowCounts();
    // One address per case: refused requests count towards the rate limit too.
    const res = await post(payload, `10.0.1.${message.length}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({ code: 'VALIDATION', message });
    expect(await rowCounts()).toEqual(before);
  });

  it('counts the name after trimming', async () => {
    const res = await post({ name: '   A   ', email: 'a@b.fr', message: 'Un message assez long.' }, '10.0.1.200');
    expect(res.json().error.message).toBe('Le nom doit contenir au moins 2 caractères');
  });

  it('answers wrong types, missing bodies and broken JSON in French with 400', async () => {
    const wrongType = await post({ name: 42, email: null, message: ['x'] }, '10.0.2.1');
    expect(wrongType.statusCode).toBe(400);
    expect(wrongType.json().error.message).toMatch(/[éèà]|invalide|attendu/i);

    const broken = await t.app.inject({
      method: 'POST',
      url: '/api/contact',
      headers: { 'content-type': 'application/json' },
      payload: '{"name": "Alice",',
      remoteAddress: '10.0.2.2',
    });
    expect(broken.statusCode).toBe(400);
    expect(broken.json().error.code).toBe('BAD_REQUEST');

    const empty = await t.app.inject({ method: 'POST', url: '/api/contact', remoteAddress: '10.0.2.3' });
    expect(empty.statusCode).toBe(400);
  });

  it('refuses other content types with 415 and oversized bodies with 413', async () => {
    const form = await t.app.inject({
      method: 'POST',
      url: '/api/contact',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'name=Alice',
      remoteAddress: '10.0.3.1',
    });
    expect(form.statusCode).toBe(415);
    expect(form.json().error.message).toBe('Ce format de contenu n’est pas accepté.');

    const huge = await post({ name: 'Alice', email: 'a@b.fr', message: 'x'.repeat(2 * 1024 * 1024) }, '10.0.3.2');
    expect(huge.statusCode).toBe(413);
    expect(huge.json().error.code).toBe('PAYLOAD_TOO_LARGE');
  });

  it('refuses prototype-pollution keys', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/contact',
      headers: { 'content-type': 'application/json' },
      payload: '{"name":"Alice","email":"a@b.fr","message":"Un message assez long.","__proto__":{"admin":true}}',
      remoteAddress: '10.0.4.1',
    });
    expect(res.statusCode).toBe(400);
    expect(({} as Record<string, unknown>).admin).toBeUndefined();
  });

  it('limits each IP address, in French, without touching other addresses', async () => {
    const valid = { name: 'Bruno', email: 'bruno@exemple.fr', message: 'Un message tout à fait valable.' };
    for (let i = 0; i < 3; i++) expect((await post(valid, '10.9.9.9')).statusCode).toBe(201);
    const limited = await post(valid, '10.9.9.9');
    expect(limited.statusCode).toBe(429);
    // The wait, in the message as in the Retry-After header (issue 31): the window is 10 minutes.
    const seconds = Number(limited.headers['retry-after']);
    expect(seconds).toBeGreaterThan(0);
    expect(seconds).toBeLessThanOrEqual(600);
    expect(limited.json().error).toEqual({
      code: 'RATE_LIMITED',
      message: `Trop de tentatives, réessayez dans ${seconds} secondes`,
    });
    expect((await post(valid, '10.9.9.10')).statusCode).toBe(201);
  });

  it('keeps the spec texts the form shows', () => {
    expect(contactTexts.success).toBe('Message envoyé avec succès\u202f! Vous recevrez une confirmation par email.');
    expect(contactTexts.failure).toBe('Erreur lors de l’envoi du message. Veuillez réessayer.');
  });
});
