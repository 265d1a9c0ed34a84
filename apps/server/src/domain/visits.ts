import {
  EVENT_TIME_ZONE,
  type GroupVisitors,
  toIsoDateTime,
  VISIT_HONEYPOT_FIELD,
  VISITS_BEFORE_APPLYING,
  type VisitForm,
  type VisitMeeting,
  type VisitPage,
  type VisitResult,
  visitMessages,
} from '@synergie/shared';
import { sql } from 'drizzle-orm';
import { hitRateLimit } from '../auth/account-rate-limit';
import type { AppContext } from '../context';
import type { DbOrTx } from '../db/client';
import { displayName } from '../db/fragments';
import { AppError } from '../lib/errors';
import { isUuid } from '../lib/ids';
import { isTradeGone } from '../lib/pg-errors';
import { enqueueMail } from '../mail/outbox';
import { visitApplyMail, visitConfirmationMail, visitThanksMail } from '../mail/visit-mails';
import { nearestFreeSeats } from './groups/seat-offers';
import { guestToken, invitationIcsPath } from './guests';
import { listUnsubscribeHeaders } from './notifications';
import { queueWebhookEvent } from './webhooks/events';

/**
 * Visitors who register themselves (issue 30): the public page /groupes/{slug}/visiter, without an
 * account. A visitor is a row of `guests` (domain/guests.ts) with `source = 'self'`: the same
 * pipeline, reminder the day before (`remind-guests`), check-in and 12-month purge
 * (`purge-guests`, counted from the person's last visit: every row of their email moves with it).
 *
 * Merging by email: the same email at the same meeting is the same row (the unique index
 * guests_once_per_meeting, an upsert settles two at once); at other meetings, rows of one email
 * are one person (their visits counted, their retention carried together, their unsubscribe
 * shared). The two-visit rule: a third meeting of this group asks them to apply.
 *
 * Bad input: a honeypot field (`site`) a person never sees; a limit per address (VISIT_RATE_LIMIT
 * per 10 minutes) and per meeting (VISIT_MEETING_RATE_LIMIT per hour), counted in the database
 * so every instance shares them (rate_limit_counters); the guests' field rules (shared/visits.ts).
 */

type Ctx = Pick<AppContext, 'db' | 'mailContext' | 'links' | 'mailer' | 'env'>;

export const VISIT_INVITE_PURPOSE = 'visit-invite';
export const VISIT_UNSUBSCRIBE_PURPOSE = 'visit-unsubscribe';
const SWEEP_BATCH = 200;
const ADDRESS_WINDOW_SECONDS = 600;
const MEETING_WINDOW_SECONDS = 3600;

const toDate = (value: Date | string) => (value instanceof Date ? value : new Date(value));
const siteUrl = (ctx: Pick<AppContext, 'mailContext'>, path: string) =>
  new URL(path, ctx.mailContext.siteUrl).toString();

export const visitPath = (slug: string) => `/groupes/${encodeURIComponent(slug)}/visiter`;
export const applyPath = (slug: string) => `/groupes/${encodeURIComponent(slug)}#candidature`;

/** A member's signed invite (the QR code they show): `?invite=<token>`. */
export const visitInviteToken = (ctx: Pick<AppContext, 'links'>, userId: string) =>
  ctx.links.sign(VISIT_INVITE_PURPOSE, { u: userId });

export const visitUnsubscribeToken = (ctx: Pick<AppContext, 'links'>, guestId: string) =>
  ctx.links.sign(VISIT_UNSUBSCRIBE_PURPOSE, { g: guestId });

interface GroupRow extends Record<string, unknown> {
  id: string;
  name: string;
  slug: string;
  city: string;
  department_code: string;
  region: string;
}

async function groupBySlug(db: DbOrTx, slug: string): Promise<GroupRow> {
  const { rows } = await db.execute<GroupRow>(sql`
    select id, name, slug, city, department_code, region from groups where slug = ${slug}`);
  const row = rows[0];
  if (!row) throw new AppError('GROUP_NOT_FOUND');
  return row;
}

interface MeetingRow extends Record<string, unknown> {
  id: string;
  starts_at: Date | string;
  ends_at: Date | string;
  place: string;
  status: string;
  visio_url: string | null;
}

const meetingSelect = sql`
  select m.id, m.starts_at, m.ends_at, m.place, m.status, coalesce(m.visio_url, g.visio_url) as visio_url
    from meetings m join groups g on g.id = m.group_id`;

/** The group's next meeting not over yet (today's until it ends: a visitor registers at the door). */
async function nextMeeting(db: DbOrTx, groupId: string, now: Date): Promise<MeetingRow | null> {
  const { rows } = await db.execute<MeetingRow>(sql`${meetingSelect}
     where m.group_id = ${groupId} and m.status = 'scheduled' and m.ends_at > ${now.toISOString()}::timestamptz
     order by m.starts_at limit 1`);
  return rows[0] ?? null;
}

const toMeeting = (row: MeetingRow): VisitMeeting => ({
  id: row.id,
  startsAt: toIsoDateTime(toDate(row.starts_at)),
  endsAt: toIsoDateTime(toDate(row.ends_at)),
  place: row.place,
  visioUrl: row.visio_url,
});

/** The member `?invite=` names (a signed token, or their id), or null: an unknown one credits no one. */
async function inviterOf(
  ctx: Pick<AppContext, 'db' | 'links'>,
  invite: string | undefined,
): Promise<{ id: string; name: string } | null> {
  if (!invite) return null;
  const signed = ctx.links.verify<{ u?: unknown }>(VISIT_INVITE_PURPOSE, invite);
  const userId = signed && typeof signed.u === 'string' ? signed.u : invite;
  if (userId.length > 100) return null;
  const { rows } = await ctx.db.execute<{ id: string; name: string }>(sql`
    select u.id, ${displayName()} as name
      from "user" u left join profiles p on p.user_id = u.id
     where u.id = ${userId}`);
  return rows[0] ?? null;
}

/** GET /api/groups/:slug/visit: the group, its next meeting, the inviting member's name. */
export async function visitPage(
  ctx: Pick<AppContext, 'db' | 'links' | 'mailContext'>,
  slug: string,
  invite?: string,
  now = new Date(),
): Promise<VisitPage> {
  const group = await groupBySlug(ctx.db, slug);
  const meeting = await nextMeeting(ctx.db, group.id, now);
  const inviter = await inviterOf(ctx, invite);
  const url = siteUrl(
    ctx,
    `${visitPath(group.slug)}${inviter && invite ? `?invite=${encodeURIComponent(invite)}` : ''}`,
  );
  // The same QR code as the meeting's check-in (domain/attendance.ts): an SVG drawn by the server.
  const { default: QRCode } = await import('qrcode');
  const qrSvg = await QRCode.toString(url, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
  return {
    group: { name: group.name, slug: group.slug, city: group.city },
    meeting: meeting ? toMeeting(meeting) : null,
    inviterName: inviter?.name ?? null,
    url,
    qrSvg,
  };
}

async function limit(ctx: Ctx, key: string, max: number, windowSeconds: number, message: string) {
  const retryAfter = await hitRateLimit(ctx.db, key, max, windowSeconds);
  if (retryAfter > 0) throw new AppError('RATE_LIMITED', message);
}

/**
 * POST /api/groups/:slug/visits: registers the visitor (consent required: the schema refuses
 * without it, the table's NOT NULL consent_at backs it) for the group's next meeting, or the one
 * given if it is the group's and not over. One row per email and meeting (an upsert: the second
 * registration updates the first, its confirmation mail is not sent again).
 */
export async function registerVisit(
  ctx: Ctx,
  slug: string,
  form: VisitForm,
  options: { ip: string; invite?: string },
  now = new Date(),
): Promise<VisitResult> {
  // A robot filled the field no person sees: nothing is stored, nothing is said about why.
  if (form[VISIT_HONEYPOT_FIELD]) throw new AppError('VISIT_REFUSED');
  if (!form.consent) throw new AppError('VISIT_REFUSED', visitMessages.consentRequired);
  const group = await groupBySlug(ctx.db, slug);
  await limit(
    ctx,
    `visit-ip:${options.ip}`,
    ctx.env.VISIT_RATE_LIMIT,
    ADDRESS_WINDOW_SECONDS,
    visitMessages.tooManyForAddress,
  );
  let meeting: MeetingRow | null;
  if (form.meetingId) {
    if (!isUuid(form.meetingId)) throw new AppError('MEETING_NOT_FOUND');
    const { rows } = await ctx.db.execute<MeetingRow>(sql`${meetingSelect}
       where m.id = ${form.meetingId} and m.group_id = ${group.id}`);
    meeting = rows[0] ?? null;
    if (!meeting) throw new AppError('MEETING_NOT_FOUND');
    if (meeting.status !== 'scheduled' || toDate(meeting.ends_at).getTime() <= now.getTime())
      throw new AppError('MEETING_NOT_OPEN');
  } else {
    meeting = await nextMeeting(ctx.db, group.id, now);
    if (!meeting) throw new AppError('MEETING_NOT_FOUND');
  }
  const open = meeting;
  await limit(
    ctx,
    `visit-meeting:${open.id}`,
    ctx.env.VISIT_MEETING_RATE_LIMIT,
    MEETING_WINDOW_SECONDS,
    visitMessages.tooManyForMeeting,
  );
  const inviter = await inviterOf(ctx, options.invite);
  const tradeId = form.tradeId as string;

  const result = await ctx.db
    .transaction(async (tx) => {
      const { rows: tradeRows } = await tx.execute<{ label: string; held: boolean }>(sql`
        select t.label,
               exists (select 1 from group_members gm
                        where gm.group_id = ${group.id} and gm.trade_id = t.id and gm.status = 'active') as held
          from trades t where t.id = ${tradeId}`);
      const trade = tradeRows[0];
      if (!trade) throw new AppError('TRADE_NOT_FOUND');
      const startsAt = toDate(open.starts_at).toISOString();
      const { rows } = await tx.execute<{ id: string; inserted: boolean; invited_by: string | null }>(sql`
        insert into guests
          (meeting_id, group_id, invited_by, name, email, phone, trade_id, company, consent_at, status,
           confirmed_at, source, last_meeting_at)
        values (${open.id}, ${group.id}, ${inviter?.id ?? null}, ${form.name}, ${form.email}, ${form.phone},
                ${tradeId}, ${form.company}, clock_timestamp(), 'registered', clock_timestamp(), 'self',
                ${startsAt}::timestamptz)
        on conflict (meeting_id, lower(email)) where purged_at is null do update set
          name = excluded.name,
          phone = coalesce(excluded.phone, guests.phone),
          trade_id = excluded.trade_id,
          company = coalesce(excluded.company, guests.company),
          invited_by = coalesce(guests.invited_by, excluded.invited_by),
          consent_at = excluded.consent_at,
          status = case when guests.status = 'invited' then 'registered' else guests.status end,
          confirmed_at = coalesce(guests.confirmed_at, excluded.confirmed_at),
          updated_at = clock_timestamp()
        returning id, (xmax = 0) as inserted, invited_by`);
      const row = rows[0] as { id: string; inserted: boolean; invited_by: string | null };
      // The visitor is not a member: the admins' webhooks hear that someone registered, never who.
      if (row.inserted) {
        await queueWebhookEvent(tx, {
          type: 'visitor.registered',
          key: row.id,
          data: { visitorId: row.id, meetingId: open.id, groupId: group.id, tradeId, invitedBy: row.invited_by },
        });
      }
      // One person: every row of the email keeps their data until 12 months after this visit.
      await tx.execute(sql`
        update guests set last_meeting_at = greatest(last_meeting_at, ${startsAt}::timestamptz)
         where lower(email) = ${form.email} and purged_at is null`);
      const { rows: counted } = await tx.execute<{ visits: number | string; inviter_name: string | null }>(sql`
        select (select count(distinct meeting_id) from guests
                 where group_id = ${group.id} and lower(email) = ${form.email} and purged_at is null) as visits,
               (select ${displayName()} from "user" u left join profiles p on p.user_id = u.id
                 where u.id = ${row.invited_by}) as inviter_name`);
      const visits = Number(counted[0]?.visits ?? 1);
      const nearestGroups = trade.held
        ? await nearestFreeSeats(tx, {
            groupId: group.id,
            tradeId,
            departmentCode: group.department_code,
            region: group.region,
          })
        : [];
      const icsUrl = invitationIcsPath(guestToken(ctx, row.id));
      const seatNotice = trade.held
        ? `${visitMessages.seatHeld(trade.label)} ${nearestGroups.length ? `${visitMessages.seatElsewhere} ${nearestGroups.map((g) => g.name).join(', ')}.` : visitMessages.seatNowhere}`
        : visitMessages.seatFree(trade.label);
      if (row.inserted) {
        await enqueueMail(
          tx,
          visitConfirmationMail(ctx.mailContext, {
            to: form.email,
            name: form.name,
            groupName: group.name,
            startsAt: toDate(open.starts_at),
            place: open.place,
            visioUrl: open.visio_url,
            icsUrl: siteUrl(ctx, icsUrl),
            pageUrl: siteUrl(ctx, visitPath(group.slug)),
            seatNotice,
          }),
        );
      }
      return {
        group: { name: group.name, slug: group.slug },
        meeting: toMeeting(open),
        icsUrl,
        alreadyRegistered: !row.inserted,
        seat: { tradeLabel: trade.label, free: !trade.held, nearestGroups },
        visits,
        apply: visits > VISITS_BEFORE_APPLYING,
        applyUrl: applyPath(group.slug),
        inviterName: counted[0]?.inviter_name ?? null,
      } satisfies VisitResult;
    })
    .catch((error) => {
      throw isTradeGone(error) ? new AppError('TRADE_NOT_FOUND') : error;
    });
  ctx.mailer.wake();
  return result;
}

/**
 * POST /api/visits/unsubscribe?jeton=…: the follow-up mails stop for this person (every row of
 * their email). Twice, or after the purge, changes nothing and is not an error.
 */
export async function unsubscribeVisitor(ctx: Pick<AppContext, 'db' | 'links'>, token: string): Promise<void> {
  const data = ctx.links.verify<{ g?: unknown }>(VISIT_UNSUBSCRIBE_PURPOSE, token);
  if (!data || typeof data.g !== 'string' || !isUuid(data.g)) throw new AppError('UNSUBSCRIBE_INVALID');
  await ctx.db.execute(sql`
    update guests set unsubscribed_at = coalesce(unsubscribed_at, clock_timestamp()), updated_at = clock_timestamp()
     where purged_at is null
       and lower(email) = (select lower(email) from guests where id = ${data.g} and purged_at is null)`);
}

// ---------------------------------------------------------------------------
// The leaders' `Visiteurs` tab
// ---------------------------------------------------------------------------

/**
 * GET /api/groups/:groupId/visitors: the group's visitors by meeting (the last 20 meetings that
 * had any), and per member the conversion rate: the people (distinct emails) they invited to this
 * group's meetings who became members, over the people they invited.
 */
export async function groupVisitors(db: DbOrTx, groupId: string): Promise<GroupVisitors> {
  const { rows } = await db.execute<{
    meeting_id: string;
    starts_at: Date | string;
    id: string;
    name: string | null;
    company: string | null;
    trade_label: string | null;
    inviter_name: string | null;
    source: string;
    status: string;
  }>(sql`
    with shown as (
      select m.id, m.starts_at from meetings m
       where m.group_id = ${groupId} and exists (select 1 from guests gu where gu.meeting_id = m.id)
       order by m.starts_at desc limit 20
    )
    select s.id as meeting_id, s.starts_at, gu.id, gu.name, gu.company, t.label as trade_label, gu.source, gu.status,
           case when gu.invited_by is null then null else ${displayName('iu', 'ip')} end as inviter_name
      from shown s
      join guests gu on gu.meeting_id = s.id
      left join trades t on t.id = gu.trade_id
      left join "user" iu on iu.id = gu.invited_by
      left join profiles ip on ip.user_id = gu.invited_by
     order by s.starts_at desc, gu.created_at, gu.id`);
  const meetings: GroupVisitors['meetings'] = [];
  for (const r of rows) {
    let last = meetings.at(-1);
    if (!last || last.id !== r.meeting_id) {
      last = { id: r.meeting_id, startsAt: toIsoDateTime(toDate(r.starts_at)), visitors: [] };
      meetings.push(last);
    }
    last.visitors.push({
      id: r.id,
      name: r.name,
      company: r.company,
      tradeLabel: r.trade_label,
      inviterName: r.inviter_name,
      selfRegistered: r.source === 'self',
      status: r.status,
    });
  }
  // A person is their email; a purged row (no email left) is one person of its own.
  const { rows: members } = await db.execute<{
    user_id: string;
    name: string;
    invited: number | string;
    became: number | string;
  }>(sql`
    select gu.invited_by as user_id, ${displayName('iu', 'ip')} as name,
           count(distinct coalesce(lower(gu.email), gu.id::text)) as invited,
           count(distinct coalesce(lower(gu.email), gu.id::text)) filter (where gu.status = 'member') as became
      from guests gu
      join "user" iu on iu.id = gu.invited_by
      left join profiles ip on ip.user_id = gu.invited_by
     where gu.group_id = ${groupId}
     group by gu.invited_by, iu.name, ip.full_name
     order by name`);
  const { rows: setting } = await db.execute<{ visitor_follow_up: boolean }>(sql`
    select visitor_follow_up from groups where id = ${groupId}`);
  return {
    followUp: setting[0]?.visitor_follow_up ?? true,
    meetings,
    members: members.map((m) => {
      const invited = Number(m.invited);
      const becameMembers = Number(m.became);
      return {
        userId: m.user_id,
        name: m.name,
        invited,
        becameMembers,
        rate: invited ? becameMembers / invited : null,
      };
    }),
  };
}

/** PUT /api/groups/:groupId/visitor-follow-up (the group's leaders): the two follow-up mails on or off. */
export async function setVisitorFollowUp(db: DbOrTx, groupId: string, enabled: boolean) {
  const { rows } = await db.execute<{ enabled: boolean }>(sql`
    update groups set visitor_follow_up = ${enabled}, updated_at = clock_timestamp()
     where id = ${groupId} returning visitor_follow_up as enabled`);
  if (!rows[0]) throw new AppError('GROUP_NOT_FOUND');
  return { enabled: rows[0].enabled };
}

// ---------------------------------------------------------------------------
// The follow-up job (docs/decisions/0007-scheduled-jobs.md)
// ---------------------------------------------------------------------------

interface FollowUpRow extends Record<string, unknown> {
  id: string;
  name: string;
  email: string;
  group_name: string;
  group_slug: string;
  members: number | string;
  recommendations: number | string;
  business_cents: number | string;
}

/** The group's figures over 12 months, for `gu`'s group `g`. */
const figures = (at: ReturnType<typeof sql>) => sql`
  g.active_members as members,
  (select count(*) from recommendations r
    where r.giver_group_id = g.id and r.created_at > ${at} - interval '12 months') as recommendations,
  (select coalesce(sum(r.amount_cents), 0) from recommendations r
    where r.giver_group_id = g.id and r.business_status = 'confirmed'
      and r.created_at > ${at} - interval '12 months') as business_cents`;

/**
 * `follow-up-visitors`, for the groups whose setting is on (groups.visitor_follow_up): a visitor
 * who came (checked in, or marked `Venu`/`Relancé`) gets `Merci de votre visite` with the group's
 * figures from the day after the meeting (Paris dates), then, from a week after the meeting and
 * unless they applied, became a member or said no, the invitation to apply. Each once
 * (`thanked_at`, `apply_invited_at` set by the statement that claims the rows, FOR UPDATE SKIP
 * LOCKED: two instances send each mail once), never more than these two per person and group
 * (another row of their email with the mail sent counts), none after the unsubscribe. Visits
 * older than 30 days are left alone (a job that did not run for a month does not wake them up).
 */
export async function followUpVisitors(
  ctx: Pick<AppContext, 'db' | 'mailContext' | 'links' | 'mailer'>,
  now = new Date(),
) {
  const at = sql`${now.toISOString()}::timestamptz`;
  const today = sql`(${at} at time zone ${EVENT_TIME_ZONE})::date`;
  const meetingDay = sql`(m.starts_at at time zone ${EVENT_TIME_ZONE})::date`;
  const came = sql`(gu.checked_in_at is not null or gu.status in ('came', 'followed_up'))`;
  const noUnsubscribe = sql`not exists (select 1 from guests o where lower(o.email) = lower(gu.email)
                                          and o.unsubscribed_at is not null and o.purged_at is null)`;
  const step = async (kind: 'thanks' | 'apply') => {
    const column = kind === 'thanks' ? sql.raw('thanked_at') : sql.raw('apply_invited_at');
    const due =
      kind === 'thanks'
        ? sql`gu.thanked_at is null and ${today} >= ${meetingDay} + 1`
        : sql`gu.thanked_at is not null and gu.apply_invited_at is null and ${today} >= ${meetingDay} + 7
              and gu.status not in ('applicant', 'member', 'not_interested')`;
    return ctx.db.transaction(async (tx) => {
      const { rows } = await tx.execute<FollowUpRow>(sql`
        with due as (
          select gu.id from guests gu
            join meetings m on m.id = gu.meeting_id
            join groups g on g.id = gu.group_id
           where g.visitor_follow_up and gu.purged_at is null and gu.unsubscribed_at is null and ${came}
             and m.status = 'scheduled' and m.ends_at <= ${at} and m.starts_at > ${at} - interval '30 days'
             and ${due} and ${noUnsubscribe}
             and not exists (select 1 from guests o where o.group_id = gu.group_id and o.id <> gu.id
                              and lower(o.email) = lower(gu.email) and o.${column} is not null)
           order by m.starts_at
           limit ${SWEEP_BATCH}
             for update of gu skip locked
        ), marked as (
          update guests gu set ${column} = ${at} from due where gu.id = due.id
          returning gu.id, gu.name, gu.email, gu.group_id
        )
        select mk.id, mk.name, mk.email, g.name as group_name, g.slug as group_slug, ${figures(at)}
          from marked mk join groups g on g.id = mk.group_id`);
      if (rows.length > 0) {
        await enqueueMail(
          tx,
          rows.map((r) => {
            const token = visitUnsubscribeToken(ctx, r.id);
            const data = {
              to: r.email,
              name: r.name,
              groupName: r.group_name,
              members: Number(r.members),
              recommendations: Number(r.recommendations),
              businessEuros: Math.round(Number(r.business_cents) / 100),
              applyUrl: siteUrl(ctx, applyPath(r.group_slug)),
              unsubscribeUrl: siteUrl(ctx, `/visite/desabonnement?jeton=${encodeURIComponent(token)}`),
            };
            const mail =
              kind === 'thanks' ? visitThanksMail(ctx.mailContext, data) : visitApplyMail(ctx.mailContext, data);
            const oneClick = siteUrl(ctx, `/api/visits/unsubscribe?jeton=${encodeURIComponent(token)}`);
            return { ...mail, headers: { ...mail.headers, ...listUnsubscribeHeaders(oneClick) } };
          }),
        );
      }
      return rows.length;
    });
  };
  const handled = (await step('thanks')) + (await step('apply'));
  if (handled > 0) ctx.mailer.wake();
  return handled;
}
