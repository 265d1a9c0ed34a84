import { and, eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { openPostgres } from '../src/db/client';
import { mailOutbox, notificationDigests, notifications } from '../src/db/schema';
import { dueDigests, isoWeek, sendNotificationDigests } from '../src/domain/notification-digests';
import { notify, readUnsubscribeToken, setNotificationFrequencies } from '../src/domain/notifications';
import { createTestApp } from './helpers/app';
import { insertMembers } from './helpers/members';

/**
 * The digest job (network-core §8, docs/decisions/0007-scheduled-jobs.md), called directly with
 * its clock: one mail per member and period with everything pending, from 07:00 Paris, weekly on
 * Mondays; never twice, even run twice at once or from two instances (two pools on PostgreSQL).
 */

const t = await createTestApp();
const db = t.database.db;
const ctx = t.app.ctx;

// Wednesday 25 November 2026 (UTC+1 in Paris): 06:59 and 07:00 Paris.
const WED_0659 = new Date('2026-11-25T05:59:00Z');
const WED_0700 = new Date('2026-11-25T06:00:00Z');
const THU_0800 = new Date('2026-11-26T07:00:00Z');
// Monday 30 November 2026 and Monday 7 December.
const MON_0700 = new Date('2026-11-30T06:00:00Z');
const MON_NEXT = new Date('2026-12-07T06:30:00Z');
const TUE_0900 = new Date('2026-12-01T08:00:00Z');

async function membersOn(count: number, frequency: 'daily' | 'weekly'): Promise<string[]> {
  const ids = await insertMembers(t, count, (i) => ({ fullName: `Membre ${i + 1}` }));
  for (const userId of ids) {
    await db.transaction((tx) =>
      setNotificationFrequencies(tx, userId, { testimonial: frequency, recommendation_received: frequency }),
    );
  }
  return ids;
}

async function tell(userIds: string[], title = 'Un témoignage à publier') {
  await db.transaction((tx) =>
    notify(
      tx,
      ctx,
      userIds.flatMap((userId) => [
        { userId, kind: 'testimonial' as const, title, link: '/temoignages' },
        { userId, kind: 'recommendation_received' as const, title: 'Paul vous recommande', link: '/recommandations/x' },
      ]),
    ),
  );
}

const digestMails = (userIds: string[]) =>
  db
    .select()
    .from(mailOutbox)
    .where(
      and(
        inArray(
          mailOutbox.to,
          userIds.map((id) => `${id}@annuaire.test`),
        ),
        inArray(mailOutbox.template, ['digest-daily', 'digest-weekly']),
      ),
    );

describe('digest periods', () => {
  it('are the Paris day and ISO week, from 07:00 Paris', () => {
    expect(dueDigests(WED_0659)).toEqual([]);
    expect(dueDigests(WED_0700)).toEqual([{ frequency: 'daily', period: '2026-11-25' }]);
    expect(dueDigests(MON_0700)).toEqual([
      { frequency: 'daily', period: '2026-11-30' },
      { frequency: 'weekly', period: '2026-W49' },
    ]);
    // Summer time (UTC+2): 07:00 Paris is 05:00 UTC.
    expect(dueDigests(new Date('2026-06-15T04:59:00Z'))).toEqual([]);
    expect(dueDigests(new Date('2026-06-15T05:00:00Z'))).toHaveLength(2);
    // 23:30 UTC on Sunday is already Monday in Paris.
    expect(dueDigests(new Date('2026-11-29T23:30:00Z'))).toEqual([]);
    expect(isoWeek(2026, 11, 25)).toBe('2026-W48');
    expect(isoWeek(2027, 1, 1)).toBe('2026-W53');
    expect(isoWeek(2025, 12, 29)).toBe('2026-W01');
  });
});

describe('the notification-digests job', () => {
  it('sends one daily digest per member with everything pending, not before 07:00, and never twice', async () => {
    const members = await membersOn(3, 'daily');
    await tell(members);
    await tell(members, 'Un second témoignage');
    expect(await digestMails(members)).toHaveLength(0);

    expect(await sendNotificationDigests(ctx, WED_0659)).toBe(0);
    expect(await digestMails(members)).toHaveLength(0);

    const runs = await Promise.all([sendNotificationDigests(ctx, WED_0700), sendNotificationDigests(ctx, WED_0700)]);
    expect(runs[0] + runs[1]).toBe(3);
    expect(await sendNotificationDigests(ctx, WED_0700)).toBe(0);
    const mails = await digestMails(members);
    expect(mails).toHaveLength(3);
    const mail = mails[0];
    expect(mail?.subject).toContain('Votre résumé du jour\u00a0: 4 notifications');
    expect(mail?.text).toContain('Un second témoignage');
    expect(mail?.text).toContain('http://localhost:3000/recommandations/x');
    expect(mail?.text).toContain('«\u00a0Résumé quotidien\u00a0»');
    expect(mail?.headers?.['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    const token = new URL(String(mail?.headers?.['List-Unsubscribe']).slice(1, -1)).searchParams.get('token');
    expect(readUnsubscribeToken(ctx.links, token as string)?.kind).toBe('digest:daily');
    const pending = await db
      .select()
      .from(notifications)
      .where(and(inArray(notifications.userId, members), eq(notifications.email, 'daily')));
    expect(pending.every((n) => n.emailedAt !== null)).toBe(true);

    // Arrives after today's digest: waits for tomorrow's, even if the job runs again today.
    await tell([members[0] as string], 'Arrivé après le résumé');
    expect(await sendNotificationDigests(ctx, new Date('2026-11-25T20:00:00Z'))).toBe(0);
    expect(await sendNotificationDigests(ctx, THU_0800)).toBe(1);
    const next = (await digestMails([members[0] as string])).find((m) => m.text.includes('Arrivé après le résumé'));
    expect(next?.subject).toContain('2 notifications');
    expect(next?.text).not.toContain('Un second témoignage');
    const digests = await db.select().from(notificationDigests).where(inArray(notificationDigests.userId, members));
    expect(digests.map((d) => d.period).sort()).toEqual(['2026-11-25', '2026-11-25', '2026-11-25', '2026-11-26']);
  });

  it('sends the weekly digest on Mondays only', async () => {
    const members = await membersOn(2, 'weekly');
    await tell(members);
    expect(await sendNotificationDigests(ctx, TUE_0900)).toBe(0);
    expect(await sendNotificationDigests(ctx, WED_0700)).toBe(0);
    expect(await digestMails(members)).toHaveLength(0);
    expect(await sendNotificationDigests(ctx, new Date('2026-11-30T05:59:00Z'))).toBe(0);
    await sendNotificationDigests(ctx, MON_0700);
    await sendNotificationDigests(ctx, new Date('2026-11-30T18:00:00Z'));
    const mails = await digestMails(members);
    expect(mails).toHaveLength(2);
    expect(mails[0]?.template).toBe('digest-weekly');
    expect(mails[0]?.subject).toContain('Votre résumé de la semaine');
    await tell(members, 'La semaine suivante');
    expect(await sendNotificationDigests(ctx, TUE_0900)).toBe(0);
    expect(await sendNotificationDigests(ctx, MON_NEXT)).toBe(2);
    const periods = await db
      .select({ period: notificationDigests.period })
      .from(notificationDigests)
      .where(inArray(notificationDigests.userId, members));
    expect(periods.map((p) => p.period).sort()).toEqual(['2026-W49', '2026-W49', '2026-W50', '2026-W50']);
  });

  // Two app instances: on PostgreSQL two pools of their own (SKIP LOCKED between connections and
  // the unique period key); PGlite is one process's database, so there they share its connection.
  it('sends each member one digest per period when two instances run it at the same moment', async () => {
    const url = (t.database as { url?: string }).url;
    const second = t.database.kind === 'postgres' && url ? await openPostgres(url, 5) : undefined;
    try {
      const other = { db: second?.db ?? ctx.db, mailContext: ctx.mailContext, links: ctx.links };
      const members = await membersOn(12, 'daily');
      await tell(members);
      const at = new Date('2026-11-27T06:10:00Z');
      const runs = await Promise.all([
        sendNotificationDigests(ctx, at),
        sendNotificationDigests(other, at),
        sendNotificationDigests(ctx, at),
        sendNotificationDigests(other, at),
      ]);
      const mails = await digestMails(members);
      expect(mails).toHaveLength(12);
      expect(new Set(mails.map((m) => m.to)).size).toBe(12);
      expect(runs.reduce((a, b) => a + b, 0)).toBe(12);
      const digests = await db
        .select()
        .from(notificationDigests)
        .where(and(inArray(notificationDigests.userId, members), eq(notificationDigests.period, '2026-11-27')));
      expect(digests).toHaveLength(12);
      expect(digests.every((d) => d.notificationCount === 2)).toBe(true);
    } finally {
      await second?.close();
    }
  });
});
