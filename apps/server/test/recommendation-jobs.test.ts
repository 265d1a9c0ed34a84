import { and, eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { AppContext } from '../src/context';
import { openPostgres } from '../src/db/client';
import { notifications, recommendationEvents, recommendations } from '../src/db/schema';
import { purgeRecommendationContacts, remindRecommendations } from '../src/domain/recommendations/jobs';
import { createTestApp } from './helpers/app';
import { type Member, signUpSubscriber } from './helpers/members';

/**
 * The recommendations' scheduled jobs (docs/decisions/0007-scheduled-jobs.md), called directly
 * with their clock: the 7-day reminder to the receiver (once), the purge of external contacts'
 * details 12 months on; each row handled once, run twice at the same moment and, on PostgreSQL,
 * from two connection pools as two instances would. And a deleted account's recommendations,
 * which stay for the other party with the name gone.
 */

const t = await createTestApp();
const db = t.database.db;
const ctx = t.app.ctx;
const DAY = 86_400_000;

const giver = await signUpSubscriber(t, { name: 'Marie Dupont' }, { fullName: 'Marie Dupont' });
const receiver = await signUpSubscriber(t, { name: 'Paul Martin' }, { fullName: 'Paul Martin' });

async function give(from: Member, to: Member, kind: 'external' | 'for_you' = 'external'): Promise<string> {
  const res = await from.post('/api/recommendations', {
    receiverId: to.userId,
    kind,
    contactName: 'Sophie Leroy',
    contactPhone: '0612345678',
    contactEmail: 'sophie@exemple.fr',
    contactCompany: 'Cabinet X',
    need: 'Une toiture',
    consent: true,
    heat: 3,
  });
  if (res.statusCode !== 201) throw new Error(`give: ${res.statusCode} ${res.body}`);
  return res.json().id;
}

async function giveMany(n: number): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < n; i++) ids.push(await give(giver, receiver));
  return ids;
}

const reminders = async (ids: string[]) =>
  db
    .select()
    .from(recommendationEvents)
    .where(and(inArray(recommendationEvents.recommendationId, ids), eq(recommendationEvents.kind, 'reminded')));

const reminderNotes = async (ids: string[]) =>
  db
    .select()
    .from(notifications)
    .where(
      and(
        eq(notifications.userId, receiver.userId),
        eq(notifications.kind, 'recommendation_received'),
        inArray(
          notifications.link,
          ids.map((id) => `/recommandations/${id}`),
        ),
      ),
    );

/** A second instance: its own pool on PostgreSQL; PGlite has one connection to share. */
async function otherInstance<T>(use: (other: AppContext) => Promise<T>): Promise<T> {
  const url = (t.database as { url?: string }).url;
  const second = t.database.kind === 'postgres' && url ? await openPostgres(url, 5) : undefined;
  try {
    return await use({ ...ctx, db: second?.db ?? ctx.db } as AppContext);
  } finally {
    await second?.close();
  }
}

describe('remind-recommendations', () => {
  it('reminds the receiver once, 7 days after it arrived at `Reçue`, not before, not once moved', async () => {
    const [waiting, moved] = await giveMany(2);
    await receiver.post(`/api/recommendations/${moved}/status`, { status: 'contacted' });
    const ids = [waiting as string, moved as string];
    expect(await remindRecommendations(ctx, new Date(Date.now() + 6 * DAY))).toBe(0);
    const later = new Date(Date.now() + 8 * DAY);
    expect(await remindRecommendations(ctx, later)).toBe(1);
    expect(await remindRecommendations(ctx, later)).toBe(0);
    expect(await remindRecommendations(ctx, new Date(Date.now() + 30 * DAY))).toBe(0);
    expect(await reminders(ids)).toHaveLength(1);
    const notes = await reminderNotes(ids);
    // The two recommendations themselves, then the one reminder.
    expect(notes.map((n) => n.title).sort()).toEqual([
      'La recommandation de Marie Dupont attend votre suivi depuis 7 jours',
      'Marie Dupont vous recommande un contact externe',
      'Marie Dupont vous recommande un contact externe',
    ]);
    const [row] = await db
      .select()
      .from(recommendations)
      .where(eq(recommendations.id, waiting as string));
    expect(row?.remindedAt?.getTime()).toBe(later.getTime());
    // The history shows it, nameless (the site reminded).
    const detail = (await receiver.get(`/api/recommendations/${waiting}`)).json();
    expect(detail.history.at(-1)).toMatchObject({ kind: 'reminded', actorName: null });
  });

  it('run twice at the same moment by two instances: each recommendation reminded once', async () => {
    const ids = await giveMany(8);
    const at = new Date(Date.now() + 8 * DAY);
    const runs = await otherInstance((other) =>
      Promise.all([
        remindRecommendations(ctx, at),
        remindRecommendations(other, at),
        remindRecommendations(ctx, at),
        remindRecommendations(other, at),
      ]),
    );
    expect(runs.reduce((a, b) => a + b, 0)).toBe(8);
    expect(await reminders(ids)).toHaveLength(8);
    expect((await reminderNotes(ids)).filter((n) => n.title.startsWith('La recommandation'))).toHaveLength(8);
  });
});

describe('purge-recommendation-contacts', () => {
  it('wipes an external contact 12 months after the last change, closed or open; keeps the rest', async () => {
    const [open, closed] = await giveMany(2);
    const forYou = await give(giver, receiver, 'for_you');
    await receiver.post(`/api/recommendations/${closed}/status`, { status: 'won', amount: '500' });
    expect(await purgeRecommendationContacts(ctx, new Date(Date.now() + 360 * DAY))).toBe(0);
    const at = new Date(Date.now() + 370 * DAY);
    const purged = await purgeRecommendationContacts(ctx, at);
    expect(purged).toBeGreaterThanOrEqual(2);
    expect(await purgeRecommendationContacts(ctx, at)).toBe(0);
    for (const id of [open, closed]) {
      const detail = (await giver.get(`/api/recommendations/${id}`)).json();
      expect(detail).toMatchObject({
        contactName: null,
        contactPhone: null,
        contactEmail: null,
        contactCompany: null,
        need: 'Une toiture',
        contactPurgedAt: at.toISOString(),
      });
    }
    expect((await giver.get(`/api/recommendations/${closed}`)).json()).toMatchObject({ amountCents: 50_000 });
    expect((await giver.get(`/api/recommendations/${forYou}`)).json().contactPurgedAt).toBeNull();
  });

  it('run twice at the same moment by two instances: each contact purged once', async () => {
    const ids = await giveMany(6);
    const at = new Date(Date.now() + 800 * DAY);
    const runs = await otherInstance((other) =>
      Promise.all([
        purgeRecommendationContacts(ctx, at),
        purgeRecommendationContacts(other, at),
        purgeRecommendationContacts(ctx, at),
      ]),
    );
    // Rows of the other tests may be due as well: counted once each all the same.
    const total = runs.reduce((a, b) => a + b, 0);
    expect(total).toBeGreaterThanOrEqual(6);
    const rows = await db.select().from(recommendations).where(inArray(recommendations.id, ids));
    expect(rows.every((r) => r.contactName === null && r.contactPurgedAt?.getTime() === at.getTime())).toBe(true);
    expect(await purgeRecommendationContacts(ctx, at)).toBe(0);
  });
});

describe('a deleted account', () => {
  it('leaves its recommendations to the other party, the name gone (Ancien membre)', async () => {
    const leaving = await signUpSubscriber(t, { name: 'Luc Départ' }, { fullName: 'Luc Départ' });
    const given = await give(leaving, receiver);
    const received = await give(giver, leaving);
    await receiver.post(`/api/recommendations/${given}/status`, { status: 'contacted' });
    const res = await leaving.delete('/api/me', { confirmEmail: leaving.member.email });
    expect(res.statusCode, res.body).toBe(200);

    const asReceiver = await receiver.get(`/api/recommendations/${given}`);
    expect(asReceiver.statusCode).toBe(200);
    expect(asReceiver.json()).toMatchObject({ giver: null, receiver: { id: receiver.userId }, status: 'contacted' });
    expect(asReceiver.json().history[0]).toMatchObject({ kind: 'given', actorName: null });
    expect(JSON.stringify(asReceiver.json())).not.toContain('Luc Départ');
    // The receiver's notification centre keeps the line, without the name.
    const centre = (await receiver.get('/api/me/notifications?limit=100')).json();
    const told = centre.items.filter((n: { link: string }) => n.link === `/recommandations/${given}`);
    expect(told.length).toBeGreaterThan(0);
    expect(JSON.stringify(centre)).not.toContain('Luc Départ');
    expect(told[0].title).toContain('Ancien membre');
    const asGiver = (await giver.get(`/api/recommendations/${received}`)).json();
    expect(asGiver.receiver).toBeNull();
    const list = (await giver.get('/api/me/recommendations?side=given')).json();
    expect(list.items.find((i: { id: string }) => i.id === received)?.receiver).toBeNull();
    const csv = (await giver.get('/api/me/recommendations.csv?side=given')).body;
    expect(csv).toContain(';Donnée;Ancien membre;');
    // The receiver still moves it; nobody is told (the giver is gone), nothing breaks.
    const moved = await receiver.post(`/api/recommendations/${given}/status`, { status: 'won', amount: '100' });
    expect(moved.statusCode, moved.body).toBe(200);
  });
});
