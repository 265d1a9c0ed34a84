import { and, eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { mailOutbox, notificationDigests, notifications } from '../src/db/schema';
import { notify, setNotificationFrequencies, unsubscribeToken } from '../src/domain/notifications';
import { createTestApp } from './helpers/app';
import { client, signUp } from './helpers/auth';
import { insertMembers } from './helpers/members';

/**
 * The notification centre (network-core §8): the member's list (keyset pages, newest first),
 * the unread count, reading, the email settings, and the signed one-click unsubscribe that works
 * without a session (RFC 8058).
 */

const t = await createTestApp();
const db = t.database.db;
const ctx = t.app.ctx;

async function notifyMany(
  userId: string,
  count: number,
  kind: 'recommendation_received' | 'testimonial' = 'testimonial',
) {
  const base = Date.now() - count * 1000;
  await db.insert(notifications).values(
    Array.from({ length: count }, (_, i) => ({
      userId,
      kind,
      title: `Notification ${i + 1}`,
      link: `/temoignages#${i + 1}`,
      email: 'never',
      // Two by two at the same instant: the id breaks the tie.
      createdAt: new Date(base + Math.floor((i + 1) / 2) * 1000),
    })),
  );
}

describe('the notification centre', () => {
  it('lists newest first a page at a time, with the unread count; only the caller’s', async () => {
    const claire = await signUp(t);
    const other = await signUp(t);
    await notifyMany(claire.userId, 45);
    await notifyMany(other.userId, 3);
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const res = await claire.get(`/api/me/notifications${cursor ? `?before=${encodeURIComponent(cursor)}` : ''}`);
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body.unread).toBe(45);
      seen.push(...body.items.map((i: { title: string }) => i.title));
      cursor = body.nextCursor;
      pages += 1;
    } while (cursor);
    expect(pages).toBe(3);
    expect(seen).toHaveLength(45);
    expect(new Set(seen).size).toBe(45);
    // Newest first: 45 and 44 share an instant, then 43 and 42…
    expect(seen.slice(0, 2).sort()).toEqual(['Notification 44', 'Notification 45']);
    expect(seen.at(-1)).toBe('Notification 1');

    const bad = await claire.get('/api/me/notifications?before=nimporte');
    expect(bad.statusCode).toBe(400);
    expect((await client(t).get('/api/me/notifications')).statusCode).toBe(401);
  });

  it('marks some or all read (only the caller’s rows), and filters the unread', async () => {
    const claire = await signUp(t);
    const other = await signUp(t);
    await notifyMany(claire.userId, 5);
    await notifyMany(other.userId, 2);
    const mine = (await claire.get('/api/me/notifications')).json().items as { id: string }[];
    const theirs = (await other.get('/api/me/notifications')).json().items as { id: string }[];
    const read = await claire.post('/api/me/notifications/read', {
      ids: [mine[0]?.id, mine[1]?.id, theirs[0]?.id, 'pas-un-uuid'],
    });
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual({ unread: 3 });
    expect((await other.get('/api/me/notifications/unread-count')).json()).toEqual({ unread: 2 });
    const unread = (await claire.get('/api/me/notifications?unread=true')).json();
    expect(unread.items).toHaveLength(3);
    expect(unread.items.every((i: { readAt: string | null }) => i.readAt === null)).toBe(true);
    expect((await claire.post('/api/me/notifications/read', { all: true })).json()).toEqual({ unread: 0 });
    expect((await claire.get('/api/me/notifications/unread-count')).json()).toEqual({ unread: 0 });
    expect((await other.get('/api/me/notifications/unread-count')).json()).toEqual({ unread: 2 });
    expect((await claire.post('/api/me/notifications/read', { all: false })).statusCode).toBe(400);
    expect((await claire.post('/api/me/notifications/read', { ids: [] })).statusCode).toBe(400);
  });

  it('reads and saves the email settings per kind', async () => {
    const claire = await signUp(t);
    const initial = (await claire.get('/api/me/notification-settings')).json();
    expect(initial.settings.testimonial).toBe('immediate');
    const saved = await claire.put('/api/me/notification-settings', {
      settings: { testimonial: 'weekly', group_application: 'never' },
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().settings).toMatchObject({
      testimonial: 'weekly',
      group_application: 'never',
      recommendation_received: 'immediate',
    });
    await claire.put('/api/me/notification-settings', { settings: { testimonial: 'daily' } });
    expect((await claire.get('/api/me/notification-settings')).json().settings.testimonial).toBe('daily');
    const bad = await claire.put('/api/me/notification-settings', { settings: { testimonial: 'souvent' } });
    expect(bad.statusCode).toBe(400);
    const unknown = await claire.put('/api/me/notification-settings', { settings: { pas_un_type: 'never' } });
    expect(unknown.statusCode).toBe(400);
  });

  it('writes the notification and its mail, with List-Unsubscribe headers, per the setting', async () => {
    const [claire] = await insertMembers(t, 1, [{ fullName: 'Claire Martin' }]);
    const userId = claire as string;
    await db.transaction((tx) => setNotificationFrequencies(tx, userId, { testimonial: 'daily' }));
    await db.transaction((tx) =>
      notify(tx, ctx, [
        { userId, kind: 'recommendation_received', title: 'Paul vous recommande', link: '/recommandations/1' },
        { userId, kind: 'testimonial', title: 'Un témoignage à publier' },
      ]),
    );
    const mails = await db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.to, `${userId}@annuaire.test`));
    expect(mails).toHaveLength(1);
    const mail = mails[0];
    expect(mail?.subject).toContain('Paul vous recommande');
    expect(mail?.headers?.['List-Unsubscribe']).toMatch(
      /^<http:\/\/localhost:3000\/api\/notifications\/unsubscribe\?token=[\w.%-]+>$/,
    );
    expect(mail?.headers?.['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    expect(mail?.text).toContain('Se désabonner');
    const rows = await db.select().from(notifications).where(eq(notifications.userId, userId));
    expect(rows.find((r) => r.kind === 'testimonial')).toMatchObject({ email: 'daily', emailedAt: null });
  });

  it('mails a service message (a seat offered for 7 days) at once whatever the setting, without an unsubscribe', async () => {
    const [member] = await insertMembers(t, 1, [{ fullName: 'Hugo Petit' }]);
    const userId = member as string;
    await db.transaction((tx) => setNotificationFrequencies(tx, userId, { waiting_list: 'never' }));
    await db.transaction((tx) =>
      notify(tx, ctx, [
        { userId, kind: 'waiting_list', title: 'Un siège se libère pour vous', link: '/mon-groupe', service: true },
        { userId, kind: 'waiting_list', title: 'Votre offre a expiré', link: '/mon-groupe' },
      ]),
    );
    const mails = await db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.to, `${userId}@annuaire.test`));
    expect(mails.map((m) => m.subject)).toEqual([expect.stringContaining('Un siège se libère pour vous')]);
    expect(mails[0]?.headers).toBeNull();
    expect(mails[0]?.text).not.toContain('Se désabonner');
    const rows = await db.select().from(notifications).where(eq(notifications.userId, userId));
    expect(rows.map((r) => r.email).sort()).toEqual(['immediate', 'never']);
  });

  it('refuses a link that is not a path of the site', async () => {
    const [member] = await insertMembers(t, 1, [{ fullName: 'Inès Roy' }]);
    for (const link of ['//evil.example/x', 'https://evil.example/', 'javascript:alert(1)', '/\\evil.example']) {
      await expect(
        db.transaction((tx) => notify(tx, ctx, { userId: member as string, kind: 'testimonial', title: 'x', link })),
      ).rejects.toThrow(/not a site path/);
    }
  });
});

describe('the one-click unsubscribe', () => {
  it('says what a link stops, stops it on a POST without session nor Origin, idempotently', async () => {
    const claire = await signUp(t);
    const token = unsubscribeToken(ctx.links, claire.userId, 'testimonial');
    const url = `/api/notifications/unsubscribe?token=${encodeURIComponent(token)}`;
    const info = await t.app.inject({ url });
    expect(info.statusCode).toBe(200);
    expect(info.json()).toEqual({
      kind: 'testimonial',
      digest: null,
      kindLabel: 'Témoignage',
      kinds: ['testimonial'],
      frequency: 'immediate',
    });
    // What a mail client sends (RFC 8058): a form, no cookie, no Origin.
    for (let i = 0; i < 2; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'List-Unsubscribe=One-Click',
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ kind: 'testimonial', frequency: 'never' });
    }
    // A webmail page posting with its own Origin is accepted too: the token is the proof.
    const webmail = await t.app.inject({
      method: 'POST',
      url,
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://mail.exemple.com' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(webmail.statusCode).toBe(200);
    // RFC 8058 §3.1 asks mail clients for multipart/form-data: accepted, the body ignored.
    const boundary = '----synergie-one-click';
    const multipart = await t.app.inject({
      method: 'POST',
      url: `/api/notifications/unsubscribe?token=${encodeURIComponent(unsubscribeToken(ctx.links, claire.userId, 'one_to_one'))}`,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: `--${boundary}\r\nContent-Disposition: form-data; name="List-Unsubscribe"\r\n\r\nOne-Click\r\n--${boundary}--\r\n`,
    });
    expect(multipart.statusCode).toBe(200);
    expect(multipart.json()).toMatchObject({ kind: 'one_to_one', frequency: 'never' });
    expect((await claire.get('/api/me/notification-settings')).json().settings).toMatchObject({
      one_to_one: 'never',
      testimonial: 'never',
      recommendation_received: 'immediate',
    });
    // The site's page posts JSON-less with the member's cookies and the site's Origin.
    expect((await claire.post(url)).statusCode).toBe(200);
  });

  it('refuses a forged, altered or foreign token with UNSUBSCRIBE_INVALID', async () => {
    const claire = await signUp(t);
    const token = unsubscribeToken(ctx.links, claire.userId, 'testimonial');
    const [payload, signature] = token.split('.');
    const altered = `${Buffer.from(JSON.stringify({ u: claire.userId, k: 'group_application' })).toString('base64url')}.${signature}`;
    const otherPurpose = ctx.links.sign('calendar', { u: claire.userId, k: 'testimonial' });
    for (const bad of [altered, `${payload}.${'A'.repeat(43)}`, otherPurpose, 'nimporte-quoi', '']) {
      const get = await t.app.inject({ url: `/api/notifications/unsubscribe?token=${encodeURIComponent(bad)}` });
      expect(get.statusCode).toBe(400);
      expect(get.json().error.code).toBe('UNSUBSCRIBE_INVALID');
      const post = await t.app.inject({
        method: 'POST',
        url: `/api/notifications/unsubscribe?token=${encodeURIComponent(bad)}`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'List-Unsubscribe=One-Click',
      });
      expect(post.statusCode).toBe(400);
      expect(post.json().error.code).toBe('UNSUBSCRIBE_INVALID');
    }
    expect((await t.app.inject({ url: '/api/notifications/unsubscribe' })).statusCode).toBe(400);
    expect((await claire.get('/api/me/notification-settings')).json().settings.testimonial).toBe('immediate');
  });

  it('stops a whole digest: every kind currently on that frequency, and what still waits for it', async () => {
    const claire = await signUp(t);
    await claire.put('/api/me/notification-settings', {
      settings: { testimonial: 'daily', one_to_one: 'daily', group_application: 'weekly' },
    });
    await db.transaction((tx) =>
      notify(tx, ctx, { userId: claire.userId, kind: 'testimonial', title: 'Un témoignage à publier' }),
    );
    const token = unsubscribeToken(ctx.links, claire.userId, 'digest:daily');
    const url = `/api/notifications/unsubscribe?token=${encodeURIComponent(token)}`;
    expect((await t.app.inject({ url })).json()).toEqual({
      kind: null,
      digest: 'daily',
      kindLabel: 'Résumé quotidien',
      kinds: ['one_to_one', 'testimonial'],
      frequency: 'daily',
    });
    const res = await t.app.inject({
      method: 'POST',
      url,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(res.json()).toMatchObject({ kinds: ['one_to_one', 'testimonial'], frequency: 'never' });
    expect((await claire.get('/api/me/notification-settings')).json().settings).toMatchObject({
      testimonial: 'never',
      one_to_one: 'never',
      group_application: 'weekly',
    });
    const pending = await db
      .select({ email: notifications.email })
      .from(notifications)
      .where(and(eq(notifications.userId, claire.userId), inArray(notifications.kind, ['testimonial'])));
    expect(pending).toEqual([{ email: 'never' }]);
    expect((await t.app.inject({ url })).json()).toMatchObject({ kinds: [], frequency: 'never' });
    expect(await db.select().from(notificationDigests).where(eq(notificationDigests.userId, claire.userId))).toEqual(
      [],
    );
  });
});
