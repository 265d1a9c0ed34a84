import { CONTACT_RETENTION_MONTHS, RECOMMENDATION_REMINDER_DAYS } from '@synergie/shared';
import { sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { displayName } from '../../db/fragments';
import { notificationTexts } from '../notification-texts';
import { notify } from '../notifications';
import { link } from './reading';

/** The recommendations' scheduled jobs (docs/decisions/0007-scheduled-jobs.md). */

/** The rows one job run handles at most (the next run takes the rest). */
const SWEEP_BATCH = 500;

/**
 * `remind-recommendations`: a recommendation still at `Reçue` RECOMMENDATION_REMINDER_DAYS after
 * it arrived reminds its receiver, once (`reminded_at`). The due rows are claimed with `FOR
 * UPDATE SKIP LOCKED` and marked in the same statement: two instances never remind twice.
 */
export async function remindRecommendations(
  ctx: Pick<AppContext, 'db' | 'mailContext' | 'links' | 'mailer'>,
  now = new Date(),
): Promise<number> {
  const at = sql`${now.toISOString()}::timestamptz`;
  const handled = await ctx.db.transaction(async (tx) => {
    // Claimed, marked and written in the history in one statement.
    const { rows } = await tx.execute<{
      id: string;
      receiver_id: string | null;
      giver_id: string | null;
      giver_name: string | null;
    }>(sql`
      with due as (
        select id from recommendations
         where status = 'received' and reminded_at is null
           and status_changed_at <= ${at} - make_interval(days => ${RECOMMENDATION_REMINDER_DAYS})
         order by status_changed_at
         limit ${SWEEP_BATCH}
           for update skip locked
      ), reminded as (
        update recommendations r set reminded_at = ${at}
          from due
         where r.id = due.id
        returning r.id, r.giver_id, r.receiver_id
      ), logged as (
        insert into recommendation_events (recommendation_id, kind, from_status, to_status, created_at)
        select id, 'reminded', 'received', 'received', clock_timestamp() from reminded
      )
      select reminded.id, reminded.receiver_id, reminded.giver_id,
             case when reminded.giver_id is null then null else ${displayName('gu', 'gp')} end as giver_name
        from reminded
        left join "user" gu on gu.id = reminded.giver_id
        left join profiles gp on gp.user_id = reminded.giver_id`);
    if (rows.length === 0) return 0;
    await notify(
      tx,
      ctx,
      rows
        .filter((r): r is typeof r & { receiver_id: string } => r.receiver_id !== null)
        .map((r) => {
          return {
            userId: r.receiver_id,
            kind: 'recommendation_received' as const,
            actorId: r.giver_id,
            ...notificationTexts.recommendationReminder(r.giver_name, RECOMMENDATION_REMINDER_DAYS),
            link: link(r.id),
            action: 'Faire avancer la recommandation',
          };
        }),
    );
    return rows.length;
  });
  if (handled > 0) ctx.mailer.wake();
  return handled;
}

/**
 * `purge-recommendation-contacts`: an external contact's details (a person who is not a member)
 * are deleted CONTACT_RETENTION_MONTHS after the recommendation's last status change: for a
 * closed one that is when it closed (closing statuses are final); for one still open, after as
 * long without any change (docs/product/decisions.md, Recommendations). The need, the history and
 * the figures stay.
 */
export async function purgeRecommendationContacts(ctx: Pick<AppContext, 'db'>, now = new Date()): Promise<number> {
  const at = sql`${now.toISOString()}::timestamptz`;
  const { rows } = await ctx.db.execute<{ id: string }>(sql`
    with due as (
      select id from recommendations
       where kind = 'external' and contact_purged_at is null
         and status_changed_at <= ${at} - make_interval(months => ${CONTACT_RETENTION_MONTHS})
       order by status_changed_at
       limit ${SWEEP_BATCH}
         for update skip locked
    )
    update recommendations r
       set contact_name = null, contact_phone = null, contact_email = null, contact_company = null,
           contact_purged_at = ${at}
      from due
     where r.id = due.id
    returning r.id`);
  return rows.length;
}
