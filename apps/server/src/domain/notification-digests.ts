import { DIGEST_HOUR, NOTIFICATION_FREQUENCY_LABELS, TIME_ZONE } from '@synergie/shared';
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { AppContext } from '../context';
import { notificationDigests, notifications, user } from '../db/schema';
import { digestMail } from '../mail/notification-mails';
import { enqueueMail } from '../mail/outbox';
import { listUnsubscribeHeaders, unsubscribeLinks } from './notifications';

/**
 * The digests (network-core §8): one mail per member and period with every notification waiting
 * for it, daily from DIGEST_HOUR (Europe/Paris) every day, weekly from DIGEST_HOUR on Mondays.
 * A scheduled job (docs/decisions/0007-scheduled-jobs.md) that any number of instances run:
 * for each member, one transaction claims the pending rows (`FOR UPDATE SKIP LOCKED`), records
 * the period in `notification_digests` (its unique key `notification_digests_once`: the second
 * instance's insert does nothing and its transaction is rolled back), marks the rows emailed and
 * queues the mail. A notification written after the member's digest of the period waits for the
 * next period's.
 */

type DigestFrequency = 'daily' | 'weekly';
type DigestContext = Pick<AppContext, 'db' | 'mailContext' | 'links'>;

/** Members handled per run; the next run (minutes later) takes the rest. */
const MEMBERS_PER_RUN = 500;
/** At most this many notifications listed in one mail (the oldest first; the rest in the centre). */
const MAX_ITEMS = 100;

const parisParts = new Intl.DateTimeFormat('en-GB', {
  timeZone: TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  hourCycle: 'h23',
  weekday: 'short',
});

/** The Paris date, hour and weekday of an instant. */
export function parisClock(now: Date) {
  const parts = Object.fromEntries(parisParts.formatToParts(now).map((p) => [p.type, p.value]));
  const year = Number(parts.year);
  const month = Number(parts.month);
  const day = Number(parts.day);
  return {
    date: `${parts.year}-${parts.month}-${parts.day}`,
    year,
    month,
    day,
    hour: Number(parts.hour),
    monday: parts.weekday === 'Mon',
  };
}

/** The ISO 8601 week of a calendar date: '2026-W48'. */
export function isoWeek(year: number, month: number, day: number): string {
  const date = new Date(Date.UTC(year, month - 1, day));
  const weekday = date.getUTCDay() || 7;
  // The Thursday of this week decides the week's year.
  date.setUTCDate(date.getUTCDate() + 4 - weekday);
  const weekYear = date.getUTCFullYear();
  const week = Math.ceil(((date.getTime() - Date.UTC(weekYear, 0, 1)) / 86_400_000 + 1) / 7);
  return `${weekYear}-W${String(week).padStart(2, '0')}`;
}

/** The digests due at `now`, with their period keys ('2026-11-25', '2026-W48'). */
export function dueDigests(now: Date): { frequency: DigestFrequency; period: string }[] {
  const clock = parisClock(now);
  if (clock.hour < DIGEST_HOUR) return [];
  const due: { frequency: DigestFrequency; period: string }[] = [{ frequency: 'daily', period: clock.date }];
  if (clock.monday) due.push({ frequency: 'weekly', period: isoWeek(clock.year, clock.month, clock.day) });
  return due;
}

/** Thrown to roll back a member's transaction when another instance sent the digest first. */
class AlreadySent extends Error {}

/** One member's digest of one period; true when this call sent it. */
async function sendDigest(
  ctx: DigestContext,
  userId: string,
  frequency: DigestFrequency,
  period: string,
): Promise<boolean> {
  try {
    return await ctx.db.transaction(async (tx) => {
      const pending = await tx
        .select({
          id: notifications.id,
          title: notifications.title,
          body: notifications.body,
          link: notifications.link,
          createdAt: notifications.createdAt,
        })
        .from(notifications)
        .where(
          and(eq(notifications.userId, userId), eq(notifications.email, frequency), isNull(notifications.emailedAt)),
        )
        .orderBy(asc(notifications.createdAt), asc(notifications.id))
        .for('update', { skipLocked: true });
      if (pending.length === 0) return false;
      const [digest] = await tx
        .insert(notificationDigests)
        .values({ userId, frequency, period, notificationCount: pending.length })
        .onConflictDoNothing()
        .returning({ id: notificationDigests.id });
      if (!digest) throw new AlreadySent();
      await tx
        .update(notifications)
        .set({ emailedAt: new Date() })
        .where(
          inArray(
            notifications.id,
            pending.map((p) => p.id),
          ),
        );
      const [member] = await tx.select({ email: user.email }).from(user).where(eq(user.id, userId));
      if (!member) throw new AlreadySent();
      const links = unsubscribeLinks(ctx, userId, `digest:${frequency}`);
      const mail = digestMail(ctx.mailContext, {
        to: member.email,
        frequency,
        items: pending.slice(0, MAX_ITEMS),
        total: pending.length,
        unsubscribe: { kindLabel: NOTIFICATION_FREQUENCY_LABELS[frequency], url: links.page },
      });
      await enqueueMail(tx, {
        ...mail,
        headers: listUnsubscribeHeaders(links.oneClick),
        meta: { digest: frequency, period, count: pending.length },
      });
      return true;
    });
  } catch (error) {
    if (error instanceof AlreadySent) return false;
    throw error;
  }
}

/**
 * The scheduled job `notification-digests`: sends the digests due at `now` (injectable for
 * tests). Returns how many digests this call sent. Call `ctx.mailer.wake()` after, or let the
 * mail worker's poll find them.
 */
export async function sendNotificationDigests(ctx: DigestContext, now: Date = new Date()): Promise<number> {
  let sent = 0;
  for (const { frequency, period } of dueDigests(now)) {
    // Members with something pending (index notifications_digest_due_idx) and no digest yet for
    // this period.
    const members = await ctx.db
      .selectDistinct({ userId: notifications.userId })
      .from(notifications)
      .where(
        and(
          eq(notifications.email, frequency),
          isNull(notifications.emailedAt),
          inArray(notifications.email, ['daily', 'weekly']),
          sql`not exists (select 1 from ${notificationDigests} d where d.user_id = ${notifications.userId} and d.frequency = ${frequency} and d.period = ${period})`,
        ),
      )
      .limit(MEMBERS_PER_RUN);
    for (const { userId } of members) {
      if (await sendDigest(ctx, userId, frequency, period)) sent += 1;
    }
  }
  return sent;
}
