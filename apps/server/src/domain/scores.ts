import {
  bestScoreAction,
  type GroupScoresResponse,
  type MemberScore,
  type MyScoreResponse,
  monthsBefore,
  parisToday,
  SCORE_PERIOD_MONTHS,
  SCORE_SOURCES,
  type ScoreColour,
  type ScoreLine,
  type ScoreSourceKey,
  scoreColour,
  scoreMessages,
  scorePoints,
  toIsoDateTime,
} from '@synergie/shared';
import { sql } from 'drizzle-orm';
import type { AppContext } from '../context';
import type { DbOrTx } from '../db/client';
import { memberTradeLabel } from '../db/fragments';
import { attendedStatus } from './attended';
import { displayName } from './directory';

/**
 * The reputation score (network-core §7, issue 18): out of 100 over the last SCORE_PERIOD_MONTHS
 * months ending on the Paris day it is computed, from the sources, weights and targets of
 * packages/shared/src/score-constants.ts (the one home of the rules, which /score publishes).
 *
 * Who gets a score: every account (every `user` row), whatever their subscription: the directory
 * and the groups only ever show members, and a member who lapses and comes back keeps a score that
 * says what they did. A score is a snapshot of its day (computed_on), never a live number.
 *
 * What is counted, per member, over [period start 00:00 Paris, now]:
 * - attendance: the meetings (not cancelled, already started) of every group where the member held
 *   a seat at the meeting's start (group_members' joined_at / ended_at), at which attendance was
 *   taken (at least one member recorded), plus any meeting where the member was recorded. Present,
 *   late and substituted count as attended; excused is left out of the count; absent, or not on a
 *   list that was taken, counts against. The rate (0 to 1) earns the points.
 * - recommendations given (giver_id, created in the period);
 * - guests invited (invited_by) whose status reached `came` or beyond (came, followed_up,
 *   applicant, member), by the start of the meeting they were invited to;
 * - one-to-ones confirmed (status confirmed: the other member confirmed), the member on either
 *   side, by met_on;
 * - confirmed business of the member's recommendations (giver_id, business_status confirmed, by
 *   business_answered_at);
 * - testimonials the member wrote that were approved (decided_at in the period).
 *
 * The daily job (`compute-scores`, any number of instances): one transaction claims the Paris day
 * in score_runs (`on conflict do nothing`); the instance that gets the row computes everyone's
 * score in three more statements (the counts, the upsert, the run's tally), whatever the number of
 * members; the others find the row and do nothing (a concurrent insert waits for the first
 * transaction, then finds the row). A failure rolls the claim back: the next tick tries again.
 */

type ScoreContext = Pick<AppContext, 'db'>;

interface CountRow extends Record<string, unknown> {
  user_id: string;
  seated: boolean;
  attended: number | string;
  counted: number | string;
  recommendations: number | string;
  guests: number | string;
  one_to_ones: number | string;
  business: number | string;
  testimonials: number | string;
}

export interface ScoreCounts {
  /** The member holds an active seat today. */
  seated: boolean;
  attended: number;
  /** Meetings counted (excused left out). */
  counted: number;
  recommendations: number;
  guests: number;
  oneToOnes: number;
  business: number;
  testimonials: number;
}

/** A member's lines and total from what was counted: the constants' weights, nothing else. */
export function scoreFromCounts(counts: ScoreCounts): {
  score: number;
  colour: ScoreColour;
  breakdown: ScoreLine[];
} {
  const found: Record<Exclude<ScoreSourceKey, 'attendance'>, number> = {
    recommendations: counts.recommendations,
    guests: counts.guests,
    oneToOnes: counts.oneToOnes,
    business: counts.business,
    testimonials: counts.testimonials,
  };
  const breakdown = SCORE_SOURCES.map((source): ScoreLine => {
    if (source.key === 'attendance') {
      const rate = counts.counted > 0 ? counts.attended / counts.counted : 0;
      return {
        key: source.key,
        found: rate,
        points: scorePoints(source, rate),
        note: counts.counted > 0 ? null : counts.seated ? scoreMessages.noMeetings : scoreMessages.noGroup,
        detail: { attended: counts.attended, counted: counts.counted },
      };
    }
    const value = found[source.key];
    return { key: source.key, found: value, points: scorePoints(source, value), note: null, detail: null };
  });
  const score = Math.max(
    0,
    Math.min(
      100,
      breakdown.reduce((sum, line) => sum + line.points, 0),
    ),
  );
  return { score, colour: scoreColour(score), breakdown };
}

/** The period of a computation at `now`: its first and last Paris days. */
export function scorePeriod(now: Date): { start: string; end: string } {
  const end = parisToday(now);
  return { start: monthsBefore(end, SCORE_PERIOD_MONTHS), end };
}

/**
 * Computes and stores every member's score as of `now`, without claiming the day: the job's work
 * (inside its transaction) and what the demo seed calls. Three statements whatever the number of
 * members. Returns how many members were scored.
 */
export async function recomputeScores(db: DbOrTx, now: Date = new Date()): Promise<number> {
  const { start, end } = scorePeriod(now);
  const since = sql`(${start}::date::timestamp at time zone 'Europe/Paris')`;
  const until = sql`${now.toISOString()}::timestamptz`;
  const { rows } = await db.execute<CountRow>(sql`
    with seat_meetings as (
      select gm.user_id, m.id as meeting_id
        from group_members gm
        join meetings m on m.group_id = gm.group_id
       where m.status = 'scheduled' and m.starts_at >= ${since} and m.starts_at <= ${until}
         and m.starts_at >= gm.joined_at and (gm.ended_at is null or m.starts_at < gm.ended_at)
         and exists (select 1 from meeting_attendance taken where taken.meeting_id = m.id)
      union
      select ma.user_id, ma.meeting_id
        from meeting_attendance ma
        join meetings m on m.id = ma.meeting_id
       where m.status = 'scheduled' and m.starts_at >= ${since} and m.starts_at <= ${until}
    ),
    attendance as (
      select s.user_id,
             count(*) filter (where ${attendedStatus('ma', 'sg')}) as attended,
             count(*) filter (where ma.status is distinct from 'excused') as counted
        from seat_meetings s
        join meetings sm on sm.id = s.meeting_id
        join groups sg on sg.id = sm.group_id
        left join meeting_attendance ma on ma.meeting_id = s.meeting_id and ma.user_id = s.user_id
       group by s.user_id
    ),
    given as (
      select giver_id as user_id, count(*) as n from recommendations
       where giver_id is not null and created_at >= ${since} and created_at <= ${until}
       group by giver_id
    ),
    invited as (
      select g.invited_by as user_id, count(*) as n
        from guests g join meetings m on m.id = g.meeting_id
       where g.invited_by is not null and g.status in ('came', 'followed_up', 'applicant', 'member')
         and m.starts_at >= ${since} and m.starts_at <= ${until}
       group by g.invited_by
    ),
    met as (
      select side.user_id, count(*) as n
        from one_to_ones o
        cross join lateral (values (o.requester_id), (o.partner_id)) as side(user_id)
       where o.status = 'confirmed' and side.user_id is not null
         and o.met_on >= ${start}::date and o.met_on <= ${end}::date
       group by side.user_id
    ),
    business as (
      select giver_id as user_id, count(*) as n from recommendations
       where giver_id is not null and business_status = 'confirmed'
         and business_answered_at >= ${since} and business_answered_at <= ${until}
       group by giver_id
    ),
    written as (
      select author_id as user_id, count(*) as n from testimonials
       where status = 'approved' and decided_at >= ${since} and decided_at <= ${until}
       group by author_id
    )
    select u.id as user_id,
           exists (select 1 from group_members gm where gm.user_id = u.id and gm.status = 'active') as seated,
           coalesce(a.attended, 0) as attended, coalesce(a.counted, 0) as counted,
           coalesce(given.n, 0) as recommendations, coalesce(invited.n, 0) as guests,
           coalesce(met.n, 0) as one_to_ones, coalesce(business.n, 0) as business,
           coalesce(written.n, 0) as testimonials
      from "user" u
      left join attendance a on a.user_id = u.id
      left join given on given.user_id = u.id
      left join invited on invited.user_id = u.id
      left join met on met.user_id = u.id
      left join business on business.user_id = u.id
      left join written on written.user_id = u.id`);

  if (rows.length === 0) return 0;
  const scores = rows.map((row) => ({
    user_id: row.user_id,
    ...scoreFromCounts({
      seated: Boolean(row.seated),
      attended: Number(row.attended),
      counted: Number(row.counted),
      recommendations: Number(row.recommendations),
      guests: Number(row.guests),
      oneToOnes: Number(row.one_to_ones),
      business: Number(row.business),
      testimonials: Number(row.testimonials),
    }),
  }));
  // One statement for everyone: the rows travel as one JSON parameter.
  await db.execute(sql`
    insert into member_scores (user_id, score, colour, breakdown, period_start, period_end, computed_on, computed_at)
    select r.user_id, r.score, r.colour, r.breakdown, ${start}::date, ${end}::date, ${end}::date, ${until}
      from jsonb_to_recordset(${JSON.stringify(scores)}::jsonb)
           as r(user_id text, score int, colour text, breakdown jsonb)
    on conflict (user_id) do update
       set score = excluded.score, colour = excluded.colour, breakdown = excluded.breakdown,
           period_start = excluded.period_start, period_end = excluded.period_end,
           computed_on = excluded.computed_on, computed_at = excluded.computed_at`);
  return scores.length;
}

/**
 * The scheduled job `compute-scores`: once per Paris day, whatever the number of instances.
 * Returns how many members were scored (0 when today's run was already claimed).
 */
export async function computeScores(ctx: ScoreContext, now: Date = new Date()): Promise<number> {
  const day = parisToday(now);
  return ctx.db.transaction(async (tx) => {
    const claimed = await tx.execute<{ day: string }>(
      sql`insert into score_runs (day) values (${day}::date) on conflict do nothing returning day::text`,
    );
    if (claimed.rows.length === 0) return 0;
    const members = await recomputeScores(tx, now);
    await tx.execute(sql`update score_runs set members = ${members} where day = ${day}::date`);
    return members;
  });
}

interface ScoreRow extends Record<string, unknown> {
  user_id: string;
  score: number;
  colour: ScoreColour;
  breakdown: ScoreLine[] | string;
  period_start: string;
  period_end: string;
  computed_on: string;
  computed_at: Date | string;
}

const scoreColumns = sql`s.user_id, s.score, s.colour, s.breakdown, s.period_start::text as period_start,
  s.period_end::text as period_end, s.computed_on::text as computed_on, s.computed_at`;

function toMemberScore(row: ScoreRow): MemberScore {
  return {
    userId: row.user_id,
    score: Number(row.score),
    colour: row.colour,
    breakdown: typeof row.breakdown === 'string' ? (JSON.parse(row.breakdown) as ScoreLine[]) : row.breakdown,
    periodStart: row.period_start,
    periodEnd: row.period_end,
    computedOn: row.computed_on,
    computedAt: toIsoDateTime(row.computed_at),
  };
}

/**
 * GET /api/score/me: the member's last computed score, or null before the first run, with the
 * criterion to work on next (bestScoreAction, the one `Aujourd'hui` names). One query.
 */
export async function myScore(db: DbOrTx, userId: string): Promise<MyScoreResponse> {
  const { rows } = await db.execute<ScoreRow>(
    sql`select ${scoreColumns} from member_scores s where s.user_id = ${userId}`,
  );
  const score = rows[0] ? toMemberScore(rows[0]) : null;
  return { score, nextAction: score ? bestScoreAction(score.breakdown) : null };
}

/**
 * GET /api/groups/:groupId/scores (the group's leaders): every active member of the group with
 * their score, best first (members not yet scored last, by name). One query.
 */
export async function groupScores(db: DbOrTx, groupId: string): Promise<GroupScoresResponse> {
  const { rows } = await db.execute<
    Partial<ScoreRow> & { member_id: string; name: string; trade: string | null; user_id: string | null }
  >(sql`
    select gm.user_id as member_id, ${displayName('p', 'u')} as name, ${memberTradeLabel('p', 'tr')} as trade, ${scoreColumns}
      from group_members gm
      join "user" u on u.id = gm.user_id
      left join profiles p on p.user_id = gm.user_id
      left join trades tr on tr.id = gm.trade_id
      left join member_scores s on s.user_id = gm.user_id
     where gm.group_id = ${groupId} and gm.status = 'active'
     order by s.score desc nulls last, name, gm.user_id`);
  return {
    members: rows.map((row) => ({
      userId: row.member_id,
      name: row.name,
      trade: row.trade,
      score: row.user_id ? toMemberScore(row as ScoreRow) : null,
    })),
  };
}
