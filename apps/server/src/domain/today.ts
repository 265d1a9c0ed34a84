import {
  bestScoreAction,
  CHECKIN_OPENS_MINUTES_BEFORE,
  liveWindowOpen,
  OPEN_RECOMMENDATION_STATUSES,
  type RecommendationStatus,
  type ScoreColour,
  type ScoreLine,
  STALE_RECOMMENDATION_DAYS,
  TODAY_FREE_SEATS_SHOWN,
  TODAY_LIST_LIMIT,
  TODAY_UNREAD_SHOWN,
  type Today,
  toIsoDateTime,
} from '@synergie/shared';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { displayName } from '../db/fragments';
import { executePrepared } from '../db/prepared';
import { parisNow } from './events/clock';
import { listWaitlistEntries, seatFreeSql } from './groups/seat-offers';
import { getMyReturn } from './member-return';
import { subscribedSql } from './subscribed';

type Instant = Date | string;

interface MeRow extends Record<string, unknown> {
  name: string;
  email_verified: boolean;
  subscribed: boolean;
  trade_picked: boolean;
  photo_and_company: boolean;
  guest_invited: boolean;
  applied_group_name: string | null;
  applied_group_slug: string | null;
  free_seats: { name: string; slug: string; city: string }[] | string | null;
  group_name: string | null;
  group_slug: string | null;
  score: number | null;
  colour: ScoreColour | null;
  breakdown: ScoreLine[] | null;
  computed_on: string | null;
  unread: number | string;
  meeting_id: string | null;
  starts_at: Instant | null;
  ends_at: Instant | null;
  place: string | null;
  presenter_id: string | null;
  presenter_name: string | null;
  my_attendance: NonNullable<Today['nextMeeting']>['myAttendance'];
  group_id: string | null;
  leads: boolean;
  live_started: boolean;
  live_ended: boolean;
  visio_url: string | null;
}

const openStatuses = sql.raw(`(${OPEN_RECOMMENDATION_STATUSES.map((s) => `'${s}'`).join(', ')})`);

/**
 * GET /api/me/today: `Aujourd'hui` (issue 28) in nine queries whatever the member's data: the
 * member with their group, score, next meeting, unread count and the facts of their first steps
 * (issue 31: the open application, the groups where their trade's seat is free); the business to confirm; the
 * recommendations not moved for STALE_RECOMMENDATION_DAYS; the waiting lists; today's events;
 * the latest unread notifications; `Mon retour sur cotisation`'s three (issue 29). The lists show TODAY_LIST_LIMIT items and count them all.
 * Each is a named prepared statement on PostgreSQL (parsed and planned once a connection, not at
 * every request: decision 0021, national scale); the indexes they read are migration 0020's.
 */
export async function getToday(db: DbOrTx, userId: string, now = new Date()): Promise<Today> {
  const at = sql`${now.toISOString()}::timestamptz`;
  const staleBefore = new Date(now.getTime() - STALE_RECOMMENDATION_DAYS * 86_400_000).toISOString();
  const paris = parisNow(now);

  const [meResult, businessResult, staleResult, waitlist, eventsResult, unreadResult, myReturn] = await Promise.all([
    executePrepared<MeRow>(
      db,
      'today-me-v3',
      sql`
      select ${displayName()} as name, u.email_verified,
             ${subscribedSql(sql`u.id`, at)} as subscribed,
             (p.trade_id is not null and not coalesce(p.must_pick_trade, false)) as trade_picked,
             (nullif(btrim(p.avatar_url), '') is not null and nullif(btrim(p.company_name), '') is not null)
               as photo_and_company,
             exists (select 1 from guests gu where gu.invited_by = u.id and gu.source = 'invited') as guest_invited,
             pa.group_name as applied_group_name, pa.group_slug as applied_group_slug,
             fs.free_seats,
             g.name as group_name, g.slug as group_slug,
             ms.score, ms.colour, ms.breakdown, ms.computed_on::text as computed_on,
             (select count(*) from notifications n where n.user_id = u.id and n.read_at is null) as unread,
             m.id as meeting_id, m.starts_at, m.ends_at, m.place, m.presenter_id,
             ${displayName('pu', 'pp')} as presenter_name,
             ma.status as my_attendance,
             g.id as group_id, gm.role is not null as leads,
             l.meeting_id is not null as live_started, l.ended_at is not null as live_ended,
             coalesce(m.visio_url, g.visio_url) as visio_url
        from "user" u
        left join profiles p on p.user_id = u.id
        left join group_members gm on gm.user_id = u.id and gm.status = 'active'
        left join groups g on g.id = gm.group_id
        left join member_scores ms on ms.user_id = u.id
        left join lateral (
          select mt.id, mt.starts_at, mt.ends_at, mt.place, mt.presenter_id, mt.visio_url
            from meetings mt
           where mt.group_id = gm.group_id and mt.status = 'scheduled' and mt.ends_at > ${at}
           order by mt.starts_at
           limit 1) m on true
        left join "user" pu on pu.id = m.presenter_id
        left join profiles pp on pp.user_id = m.presenter_id
        left join meeting_attendance ma on ma.meeting_id = m.id and ma.user_id = u.id
        left join meeting_live l on l.meeting_id = m.id
        -- The seat step (issue 31): the open application, else where the trade's seat is free.
        left join lateral (
          select ag.name as group_name, ag.slug as group_slug
            from group_applications ga
            join groups ag on ag.id = ga.group_id
           where ga.user_id = u.id and ga.status = 'pending' and gm.user_id is null
           order by ga.created_at desc
           limit 1) pa on true
        left join lateral (
          select json_agg(json_build_object('name', f.name, 'slug', f.slug, 'city', f.city) order by f.ord) as free_seats
            from (select fg.name, fg.slug, fg.city,
                         row_number() over (order by (lower(fg.city) = lower(coalesce(p.city, ''))) desc,
                                                     fg.city, fg.name) as ord
                    from groups fg
                   where gm.user_id is null and pa.group_slug is null
                     and p.trade_id is not null and not p.must_pick_trade
                     and ${seatFreeSql(sql`fg`, sql`p.trade_id`)}
                   order by ord
                   limit ${sql.raw(String(TODAY_FREE_SEATS_SHOWN))}) f) fs on true
       where u.id = ${userId}`,
    ),
    executePrepared<{
      id: string;
      receiver_name: string | null;
      amount_cents: number | string;
      business_declared_at: Instant;
      total: number | string;
    }>(
      db,
      'today-business-v1',
      sql`
      select r.id, ${displayName()} as receiver_name, r.amount_cents, r.business_declared_at,
             count(*) over () as total
        from recommendations r
        left join "user" u on u.id = r.receiver_id
        left join profiles p on p.user_id = r.receiver_id
       where r.giver_id = ${userId} and r.status = 'won' and r.business_status = 'declared'
       order by r.business_declared_at, r.id
       limit ${TODAY_LIST_LIMIT}`,
    ),
    executePrepared<{
      id: string;
      giver_name: string | null;
      status: RecommendationStatus;
      status_changed_at: Instant;
      need: string | null;
      total: number | string;
    }>(
      db,
      'today-stale-v1',
      sql`
      select r.id, ${displayName()} as giver_name, r.status, r.status_changed_at, r.need,
             count(*) over () as total
        from recommendations r
        left join "user" u on u.id = r.giver_id
        left join profiles p on p.user_id = r.giver_id
       where r.receiver_id = ${userId} and r.status in ${openStatuses}
         and r.status_changed_at <= ${staleBefore}::timestamptz
       order by r.status_changed_at, r.id
       limit ${TODAY_LIST_LIMIT}`,
    ),
    listWaitlistEntries(db, { userId }),
    executePrepared<{ id: string; title: string; date: string; time: string; location: string }>(
      db,
      'today-events-v1',
      sql`
      select e.id, e.title, e.date::text as date, to_char(e.time, 'HH24:MI') as time, e.location
        from event_registrations er
        join events e on e.id = er.event_id
       where er.user_id = ${userId} and e.date = ${paris.date}::date
       order by e.time, e.id`,
    ),
    executePrepared<{ id: string; title: string; link: string | null; created_at: Instant }>(
      db,
      'today-unread-v1',
      sql`
      select n.id, n.title, n.link, n.created_at
        from notifications n
       where n.user_id = ${userId} and n.read_at is null
       order by n.created_at desc, n.id desc
       limit ${TODAY_UNREAD_SHOWN}`,
    ),
    getMyReturn(db, userId, now),
  ]);

  const me = meResult[0];
  if (!me) throw new Error('today: the signed-in member has no account row');
  const name = me.name ?? '';
  const startsAt = me.starts_at ? new Date(me.starts_at) : null;
  const endsAt = me.ends_at ? new Date(me.ends_at) : null;
  const opensAt = startsAt ? new Date(startsAt.getTime() - CHECKIN_OPENS_MINUTES_BEFORE * 60_000) : null;

  return {
    firstName: name.trim().split(/\s+/)[0] ?? '',
    steps: {
      emailVerified: Boolean(me.email_verified),
      subscribed: Boolean(me.subscribed),
      tradePicked: Boolean(me.trade_picked),
      inGroup: me.group_slug !== null,
      photoAndCompany: Boolean(me.photo_and_company),
      guestInvited: Boolean(me.guest_invited),
    },
    seatSearch: {
      application:
        me.applied_group_name && me.applied_group_slug
          ? { groupName: me.applied_group_name, groupSlug: me.applied_group_slug }
          : null,
      freeSeats: (typeof me.free_seats === 'string' ? JSON.parse(me.free_seats) : me.free_seats) ?? [],
    },
    group: me.group_name && me.group_slug ? { name: me.group_name, slug: me.group_slug } : null,
    nextMeeting:
      me.meeting_id && startsAt && endsAt && opensAt && me.group_name && me.group_slug
        ? {
            id: me.meeting_id,
            groupName: me.group_name,
            groupSlug: me.group_slug,
            startsAt: toIsoDateTime(startsAt),
            endsAt: toIsoDateTime(endsAt),
            place: me.place ?? '',
            presenterName: me.presenter_id ? me.presenter_name : null,
            presenterIsMe: me.presenter_id === userId,
            checkinOpensAt: toIsoDateTime(opensAt),
            checkinOpen: now >= opensAt && now < endsAt,
            myAttendance: me.my_attendance ?? null,
            groupId: me.group_id ?? '',
            live: me.live_ended ? 'ended' : me.live_started ? 'live' : 'not_started',
            canLaunch: Boolean(me.leads) && !me.live_started && liveWindowOpen(startsAt, endsAt, now.getTime()),
            visioUrl: me.visio_url ?? null,
          }
        : null,
    businessToConfirm: businessResult.map((r) => ({
      recommendationId: r.id,
      receiverName: r.receiver_name ?? 'Ancien membre',
      amountCents: Number(r.amount_cents),
      declaredAt: toIsoDateTime(r.business_declared_at),
    })),
    businessToConfirmCount: Number(businessResult[0]?.total ?? 0),
    staleRecommendations: staleResult.map((r) => ({
      recommendationId: r.id,
      giverName: r.giver_name,
      status: r.status,
      statusChangedAt: toIsoDateTime(r.status_changed_at),
      need: r.need,
    })),
    staleRecommendationsCount: Number(staleResult[0]?.total ?? 0),
    waitlist,
    eventsToday: eventsResult,
    score:
      me.score !== null && me.colour && me.computed_on
        ? {
            score: me.score,
            colour: me.colour,
            computedOn: String(me.computed_on).slice(0, 10),
            nextAction: bestScoreAction(me.breakdown ?? []),
          }
        : null,
    returnOnFee: {
      receivedCents: myReturn.totals.receivedCents,
      paidExclVatCents: myReturn.totals.paidExclVatCents,
      breakEvenMonth: myReturn.breakEvenMonth,
    },
    unreadCount: Number(me.unread),
    latestUnread: unreadResult.map((n) => ({
      id: n.id,
      title: n.title,
      link: n.link,
      createdAt: toIsoDateTime(n.created_at),
    })),
  };
}
