import {
  LIVE_PHASE_LABELS,
  LIVE_PHASES,
  type LivePhase,
  type LiveRecommendationForm,
  type LiveState,
  type LiveView,
  liveWindowOpen,
  toIsoDateTime,
  toIsoDateTimeOrNull,
} from '@synergie/shared';
import { sql } from 'drizzle-orm';
import type { AppContext } from '../context';
import type { DbOrTx, Tx } from '../db/client';
import { displayName, memberTradeLabel } from '../db/fragments';
import { AppError } from '../lib/errors';
import { isUuid } from '../lib/ids';
import { IN_THE_ROUND_STATUSES } from './attended';
import { GUEST_TOKEN_PURPOSE } from './guests';
import { giveRecommendation } from './recommendations/moves';

/**
 * The weekly meeting run live (issue 30, docs/product/live-meeting.md). One row of meeting_live
 * holds where the meeting is (phase, speaker, `version`); every change is made under that row's
 * lock, bumps the version and appends the whole new state to meeting_live_events in the same
 * transaction, then the hub (lib/live-hub.ts) passes the word to every instance's phones.
 *
 * - `Lancer la réunion`: the group's leaders, from LIVE_LAUNCH_BEFORE_MS before the start to the
 *   end; `insert … on conflict do nothing`, so a second launch (or two at once) resumes it.
 * - `Suivant` names the version its sender saw: under the lock, another version is 409
 *   LIVE_STALE_VERSION (two leaders pressing at once move it once; the second sees where it is).
 * - The round is the members checked in (present, late, remote) in check-in order: a latecomer
 *   joins its end, so the order of those already listed never changes.
 */

type Ctx = Pick<AppContext, 'db' | 'mailContext' | 'links' | 'mailer' | 'liveHub'>;

const ROUND_STATUSES = IN_THE_ROUND_STATUSES;

/**
 * The state of meeting M, in one query: the meeting, its live row, the round, the visitors, the
 * business thanked (confirmed since the group's previous meeting), the recommendations logged.
 */
export async function liveState(db: DbOrTx, meetingId: string): Promise<LiveState | null> {
  const { rows } = await db.execute<{
    meeting_id: string;
    group_id: string;
    group_name: string;
    place: string;
    starts_at: Date | string;
    ends_at: Date | string;
    status: string;
    round_seconds: number;
    presentation_minutes: number;
    live: boolean;
    phase: LivePhase | null;
    phase_started_at: Date | string | null;
    speaker_index: number | null;
    version: number | null;
    show_recommendations: boolean | null;
    ended_at: Date | string | null;
    presenter: { id: string; name: string } | null;
    round: { id: string; name: string; trade: string | null; checkedInAt: string | null; late: boolean }[];
    visitors: { name: string; company: string | null; trade: string | null; invitedBy: string | null }[];
    thanks: { recommendationId: string; receiver: string; giver: string; amountCents: number | null }[];
    recommendations: { id: string; giver: string; receiver: string; need: string | null; createdAt: string }[];
  }>(sql`
    select m.id as meeting_id, m.group_id, g.name as group_name, m.place, m.starts_at, m.ends_at, m.status,
           g.live_round_seconds as round_seconds, g.live_presentation_minutes as presentation_minutes,
           l.meeting_id is not null as live, l.phase, l.phase_started_at, l.speaker_index, l.version,
           l.show_recommendations, l.ended_at,
           (select json_build_object('id', u.id, 'name', ${displayName()})
              from "user" u left join profiles p on p.user_id = u.id where u.id = m.presenter_id) as presenter,
           coalesce((
             select json_agg(json_build_object(
                      'id', u.id, 'name', ${displayName()}, 'trade', ${memberTradeLabel()},
                      'checkedInAt', a.checked_in_at, 'late', a.status = 'late')
                    order by coalesce(a.checked_in_at, a.updated_at), u.id)
               from meeting_attendance a
               join "user" u on u.id = a.user_id
               left join profiles p on p.user_id = u.id
               left join group_members gm on gm.group_id = m.group_id and gm.user_id = u.id
               left join trades t on t.id = gm.trade_id
              where a.meeting_id = m.id and a.status in ${ROUND_STATUSES}), '[]') as round,
           coalesce((
             select json_agg(json_build_object(
                      'name', gu.name, 'company', gu.company, 'trade', t.label, 'invitedBy', ${displayName('iu', 'ip')})
                    order by gu.name, gu.id)
               from guests gu
               left join trades t on t.id = gu.trade_id
               left join "user" iu on iu.id = gu.invited_by
               left join profiles ip on ip.user_id = iu.id
              where gu.meeting_id = m.id and gu.purged_at is null and gu.status <> 'not_interested'), '[]') as visitors,
           coalesce((
             select json_agg(json_build_object(
                      'recommendationId', r.id,
                      'receiver', ${displayName('ru', 'rp')},
                      'giver', ${displayName('giu', 'gip')},
                      'amountCents', case when rp.announce_business_amount then r.amount_cents end)
                    order by r.business_answered_at, r.id)
               from recommendations r
               join "user" ru on ru.id = r.receiver_id
               left join profiles rp on rp.user_id = ru.id
               join "user" giu on giu.id = r.giver_id
               left join profiles gip on gip.user_id = giu.id
              where r.receiver_group_id = m.group_id and r.business_status = 'confirmed'
                and r.business_answered_at <= m.ends_at
                and r.business_answered_at > coalesce(
                      (select max(pm.starts_at) from meetings pm
                        where pm.group_id = m.group_id and pm.starts_at < m.starts_at and pm.status <> 'cancelled'),
                      m.starts_at - interval '7 days')), '[]') as thanks,
           coalesce((
             select json_agg(json_build_object(
                      'id', r.id, 'giver', ${displayName('giu', 'gip')}, 'receiver', ${displayName('ru', 'rp')},
                      'need', r.need, 'createdAt', r.created_at)
                    order by r.created_at, r.id)
               from recommendations r
               left join "user" giu on giu.id = r.giver_id
               left join profiles gip on gip.user_id = giu.id
               left join "user" ru on ru.id = r.receiver_id
               left join profiles rp on rp.user_id = ru.id
              where r.meeting_id = m.id), '[]') as recommendations
      from meetings m
      join groups g on g.id = m.group_id
      left join meeting_live l on l.meeting_id = m.id
     where m.id = ${meetingId}`);
  const row = rows[0];
  if (!row) return null;
  const phase: LivePhase = row.phase ?? 'welcome';
  const speakerIndex = row.speaker_index ?? 0;
  const speaker = phase === 'round' ? (row.round[speakerIndex] ?? null) : null;
  const phaseSeconds =
    phase === 'round' ? row.round_seconds : phase === 'presentation' ? row.presentation_minutes * 60 : null;
  const show = row.show_recommendations ?? false;
  return {
    meetingId: row.meeting_id,
    groupId: row.group_id,
    groupName: row.group_name,
    place: row.place,
    startsAt: toIsoDateTime(row.starts_at),
    endsAt: toIsoDateTime(row.ends_at),
    live: row.live,
    phase,
    phaseLabel: LIVE_PHASE_LABELS[phase],
    phaseStartedAt: toIsoDateTime(row.phase_started_at ?? row.starts_at),
    phaseSeconds,
    version: row.version ?? 0,
    speakerIndex,
    speaker: speaker ? { id: speaker.id, name: speaker.name } : null,
    round: row.round.map((r) => ({ ...r, checkedInAt: toIsoDateTimeOrNull(r.checkedInAt) })),
    presenter: row.presenter,
    visitors: row.visitors,
    thanks: row.thanks.map((t) => ({ ...t, amountCents: t.amountCents === null ? null : Number(t.amountCents) })),
    showRecommendations: show,
    recommendationCount: row.recommendations.length,
    recommendations: show ? row.recommendations.map((r) => ({ ...r, createdAt: toIsoDateTime(r.createdAt) })) : [],
    endedAt: toIsoDateTimeOrNull(row.ended_at),
  };
}

/** The meeting of the group (404 otherwise, whoever asks: the route checked the group role). */
async function groupMeeting(
  db: DbOrTx,
  groupId: string,
  meetingId: string,
): Promise<{ status: string; starts_at: Date | string; ends_at: Date | string }> {
  if (!isUuid(meetingId)) throw new AppError('MEETING_NOT_FOUND');
  const { rows } = await db.execute<{ status: string; starts_at: Date | string; ends_at: Date | string }>(sql`
    select status, starts_at, ends_at from meetings where id = ${meetingId} and group_id = ${groupId}`);
  const row = rows[0];
  if (!row) throw new AppError('MEETING_NOT_FOUND');
  return row;
}

const ms = (value: Date | string) => (value instanceof Date ? value : new Date(value)).getTime();

function launchOpen(meeting: { status: string; starts_at: Date | string; ends_at: Date | string }, now: number) {
  return meeting.status !== 'cancelled' && liveWindowOpen(new Date(meeting.starts_at), new Date(meeting.ends_at), now);
}

async function viewOf(db: DbOrTx, meetingId: string, leads: boolean, now: number): Promise<LiveView> {
  const state = await liveState(db, meetingId);
  if (!state) throw new AppError('MEETING_NOT_FOUND');
  const open = state.phase !== 'ended' && liveWindowOpen(state.startsAt, state.endsAt, now);
  return { state, viewerLeads: leads, canLaunch: leads && open };
}

/** Appends the state as the stream's next event (inside the change's transaction). */
async function appendState(tx: Tx, meetingId: string): Promise<void> {
  const state = await liveState(tx, meetingId);
  await tx.execute(sql`
    insert into meeting_live_events (meeting_id, type, payload) values (${meetingId}, 'state', ${JSON.stringify(state)}::jsonb)`);
}

/** GET …/live: where the meeting is (members of the group; leaders also learn what they may do). */
export async function getLiveView(db: DbOrTx, groupId: string, meetingId: string, leads: boolean, now = Date.now()) {
  await groupMeeting(db, groupId, meetingId);
  return viewOf(db, meetingId, leads, now);
}

/** POST …/live: `Lancer la réunion`; a second time (or two at once) resumes it. */
export async function launchLiveMeeting(
  ctx: Ctx,
  userId: string,
  groupId: string,
  meetingId: string,
  now = Date.now(),
): Promise<LiveView> {
  const meeting = await groupMeeting(ctx.db, groupId, meetingId);
  const created = await ctx.db.transaction(async (tx) => {
    const { rows } = await tx.execute<{ meeting_id: string }>(sql`
      select meeting_id from meeting_live where meeting_id = ${meetingId}`);
    if (rows.length > 0) return false;
    if (meeting.status === 'cancelled' || now >= ms(meeting.ends_at)) throw new AppError('LIVE_OVER');
    if (!launchOpen(meeting, now)) throw new AppError('LIVE_TOO_EARLY');
    const inserted = await tx.execute(sql`
      insert into meeting_live (meeting_id, started_by, phase_started_at)
      values (${meetingId}, ${userId}, ${new Date(now).toISOString()}::timestamptz)
      on conflict (meeting_id) do nothing returning meeting_id`);
    if (inserted.rows.length === 0) return false;
    await appendState(tx, meetingId);
    return true;
  });
  if (created) await ctx.liveHub?.publish(meetingId);
  return viewOf(ctx.db, meetingId, true, now);
}

interface LiveRow extends Record<string, unknown> {
  phase: LivePhase;
  speaker_index: number;
  version: number;
  ended_at: Date | string | null;
}

/** The live row under its lock, or LIVE_NOT_STARTED. */
async function lockLive(tx: Tx, meetingId: string): Promise<LiveRow> {
  const { rows } = await tx.execute<LiveRow>(sql`
    select phase, speaker_index, version, ended_at from meeting_live where meeting_id = ${meetingId} for update`);
  const row = rows[0];
  if (!row) throw new AppError('LIVE_NOT_STARTED');
  return row;
}

/** Members in the round now (the same set and order liveState lists). */
async function roundSize(tx: Tx, meetingId: string): Promise<number> {
  const { rows } = await tx.execute<{ n: number | string }>(sql`
    select count(*) as n from meeting_attendance where meeting_id = ${meetingId} and status in ${ROUND_STATUSES}`);
  return Number(rows[0]?.n ?? 0);
}

/** Where `Suivant` leads from (phase, speaker) with `speakers` in the round. */
export function nextStep(
  phase: LivePhase,
  speakerIndex: number,
  speakers: number,
): { phase: LivePhase; speakerIndex: number } {
  if (phase === 'round' && speakerIndex + 1 < speakers) return { phase, speakerIndex: speakerIndex + 1 };
  let at = LIVE_PHASES.indexOf(phase) + 1;
  // Nobody checked in: the round has no speaker to show.
  if (LIVE_PHASES[at] === 'round' && speakers === 0) at += 1;
  return { phase: LIVE_PHASES[Math.min(at, LIVE_PHASES.length - 1)] as LivePhase, speakerIndex: 0 };
}

/** A change under the live row's lock, its event, then the word to the phones. */
async function change(
  ctx: Ctx,
  groupId: string,
  meetingId: string,
  now: number,
  apply: (tx: Tx, row: LiveRow) => Promise<void>,
): Promise<LiveView> {
  await groupMeeting(ctx.db, groupId, meetingId);
  await ctx.db.transaction(async (tx) => {
    const row = await lockLive(tx, meetingId);
    await apply(tx, row);
    await appendState(tx, meetingId);
  });
  await ctx.liveHub?.publish(meetingId);
  return viewOf(ctx.db, meetingId, true, now);
}

/** POST …/live/next: `Suivant`, once per version seen. */
export function nextLiveMeeting(ctx: Ctx, groupId: string, meetingId: string, version: number, now = Date.now()) {
  return change(ctx, groupId, meetingId, now, async (tx, row) => {
    if (row.ended_at !== null) throw new AppError('LIVE_ENDED');
    if (row.version !== version) throw new AppError('LIVE_STALE_VERSION');
    const step = nextStep(row.phase, row.speaker_index, await roundSize(tx, meetingId));
    await tx.execute(sql`
      update meeting_live
         set phase = ${step.phase}, speaker_index = ${step.speakerIndex}, version = version + 1,
             phase_started_at = ${new Date(now).toISOString()}::timestamptz,
             ended_at = ${step.phase === 'ended' ? sql`${new Date(now).toISOString()}::timestamptz` : null}
       where meeting_id = ${meetingId}`);
  });
}

/** POST …/live/end: `Terminer` (again: nothing changes). */
export function endLiveMeeting(ctx: Ctx, groupId: string, meetingId: string, now = Date.now()) {
  return change(ctx, groupId, meetingId, now, async (tx, row) => {
    if (row.ended_at !== null) return;
    await tx.execute(sql`
      update meeting_live
         set phase = 'ended', version = version + 1,
             phase_started_at = ${new Date(now).toISOString()}::timestamptz,
             ended_at = ${new Date(now).toISOString()}::timestamptz
       where meeting_id = ${meetingId}`);
  });
}

/** PUT …/live/show-recommendations: the projector shows the recommendations logged, or not. */
export function showLiveRecommendations(ctx: Ctx, groupId: string, meetingId: string, show: boolean, now = Date.now()) {
  return change(ctx, groupId, meetingId, now, async (tx) => {
    await tx.execute(sql`
      update meeting_live set show_recommendations = ${show}, version = version + 1 where meeting_id = ${meetingId}`);
  });
}

/**
 * Tells the phones of a live meeting that its round changed (a check-in, the secretary's list):
 * nothing when the meeting is not live or is over.
 */
export async function touchLiveMeeting(ctx: Pick<Ctx, 'db' | 'liveHub'>, meetingId: string): Promise<void> {
  const touched = await ctx.db.transaction(async (tx) => {
    const { rows } = await tx.execute(sql`
      update meeting_live set version = version + 1
       where meeting_id = ${meetingId} and ended_at is null returning meeting_id`);
    if (rows.length === 0) return false;
    await appendState(tx, meetingId);
    return true;
  });
  if (touched) await ctx.liveHub?.publish(meetingId);
}

/**
 * POST …/live/recommendations: `J’ai une recommandation pour…` during the meeting (launched, not
 * ended): a recommendation `for_you` like any other (the receiver is told), linked to the meeting.
 */
export async function giveLiveRecommendation(
  ctx: Ctx,
  giverId: string,
  groupId: string,
  meetingId: string,
  form: LiveRecommendationForm,
): Promise<{ id: string }> {
  await groupMeeting(ctx.db, groupId, meetingId);
  const { rows } = await ctx.db.execute<{ ended: boolean }>(sql`
    select ended_at is not null as ended from meeting_live where meeting_id = ${meetingId}`);
  const live = rows[0];
  if (!live) throw new AppError('LIVE_NOT_STARTED');
  if (live.ended) throw new AppError('LIVE_ENDED');
  const created = await giveRecommendation(
    ctx,
    giverId,
    {
      receiverId: form.receiverId,
      kind: 'for_you',
      contactName: null,
      contactPhone: null,
      contactEmail: null,
      contactCompany: null,
      need: form.need,
      consent: false,
      heat: form.heat,
      message: null,
    },
    { meetingId },
  );
  await touchLiveMeeting(ctx, meetingId);
  return created;
}

/**
 * A visitor of the day (issue 30): the guest a signed invitation link names (not purged, not
 * `not_interested`), during their meeting's window (LIVE_LAUNCH_BEFORE_MS before the start to the
 * end); their meeting's id, or INVITATION_INVALID / LIVE_VISITOR_CLOSED. The state they read is
 * the room's (names, trades, companies: no contact details).
 */
export async function visitorMeeting(
  ctx: Pick<AppContext, 'db' | 'links'>,
  token: string,
  now = Date.now(),
): Promise<{ guestId: string; meetingId: string }> {
  const data = ctx.links.verify<{ g?: unknown }>(GUEST_TOKEN_PURPOSE, token);
  if (!data || typeof data.g !== 'string' || !isUuid(data.g)) throw new AppError('INVITATION_INVALID');
  const { rows } = await ctx.db.execute<{
    meeting_id: string;
    status: string;
    starts_at: Date | string;
    ends_at: Date | string;
  }>(sql`
    select m.id as meeting_id, m.status, m.starts_at, m.ends_at
      from guests gu join meetings m on m.id = gu.meeting_id
     where gu.id = ${data.g} and gu.purged_at is null and gu.status <> 'not_interested'`);
  const row = rows[0];
  if (!row) throw new AppError('INVITATION_INVALID');
  if (!launchOpen(row, now)) throw new AppError('LIVE_VISITOR_CLOSED');
  return { guestId: data.g, meetingId: row.meeting_id };
}
