import {
  conversionPercent,
  type GroupHealth,
  HEALTH_KEPT_MINUTES,
  HEALTH_WEEKS,
  type HealthFigures,
  type HealthMedian,
  type HealthTotals,
  type HealthWeek,
  type NetworkHealth,
  parisToday,
  SCORE_BANDS,
  TRADE_FAMILIES,
} from '@synergie/shared';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { keptFor } from '../lib/kept-for';
import { attendedStatus } from './attended';
import { lastParisWeeks } from './member-return';

/**
 * The group's health (issue 29), every figure as `groupHealthDefinitions` says
 * (packages/shared/src/group-health-constants.ts), over HEALTH_WEEKS Paris weeks.
 *
 * One engine for the leaders' overview and the admins' network view: `loadHealth` reads every
 * group's figures week by week in a constant number of queries (8, whatever the number of groups),
 * each grouped in the database by (group, week) so no member row leaves it; `figuresOf` adds up
 * any set of groups (one group, the compared ones, a region, the network: pooled sums), and
 * `medianOf` takes the national median of each group's figure. Weeks are cut by the server into
 * instants (Europe/Paris, DST included: PGlite has no time zone data) and handed to the queries as
 * an array, so every filter is a range on an indexed instant.
 */

type Num = number | string;

type GroupRow = {
  id: string;
  name: string;
  city: string;
  region: string;
};

/** Per group, per week (1-based index `n`): the sums the figures divide. */
interface WeekSums {
  meetingsHeld: number;
  meetingsCancelled: number;
  expected: number;
  attended: number;
  members: number;
  recommendations: number;
  oneToOnes: number;
  visitors: number;
  visitorsCame: number;
  visitorsBecameMembers: number;
  joined: number;
  left: number;
}

interface GroupSums {
  weeks: WeekSums[];
  won: number;
  lost: number;
  noFollowUp: number;
  families: Map<string, number>;
  /** score -> members */
  scores: Map<number, number>;
}

export interface HealthData {
  weeks: { week: string; start: Date; end: Date }[];
  groups: GroupRow[];
  sums: Map<string, GroupSums>;
}

const emptyWeek = (): WeekSums => ({
  meetingsHeld: 0,
  meetingsCancelled: 0,
  expected: 0,
  attended: 0,
  members: 0,
  recommendations: 0,
  oneToOnes: 0,
  visitors: 0,
  visitorsCame: 0,
  visitorsBecameMembers: 0,
  joined: 0,
  left: 0,
});

/** A guest who came: checked in at the door, or moved past `registered` after the meeting. */
const GUEST_CAME = sql.raw(`g.checked_in_at is not null or g.status in ('came', 'followed_up', 'applicant', 'member')`);

/** Every group's health sums over the last HEALTH_WEEKS Paris weeks, in 8 queries. */
export async function loadHealth(db: DbOrTx, now = new Date()): Promise<HealthData> {
  const weeks = lastParisWeeks(now, HEALTH_WEEKS);
  const since = (weeks[0] as (typeof weeks)[number]).start.toISOString();
  const until = now.toISOString();
  const starts = weeks.map((w) => w.start.toISOString()).join(',');
  const ends = weeks.map((w) => w.end.toISOString()).join(',');
  const startDays = weeks.map((w) => w.week).join(',');
  const endDays = weeks
    .map((w) => new Date(Date.parse(`${w.week}T00:00:00Z`) + 7 * 86_400_000).toISOString().slice(0, 10))
    .join(',');
  const lastDay = parisToday(now);
  // The weeks as rows: (s, e) the instants they start and end, (sd, ed) their Monday and the
  // next one as Paris days, n their 1-based index.
  const w = sql`unnest(string_to_array(${starts}, ',')::timestamptz[], string_to_array(${ends}, ',')::timestamptz[], string_to_array(${startDays}, ',')::date[], string_to_array(${endDays}, ',')::date[]) with ordinality as w(s, e, sd, ed, n)`;

  const [groups, attendance, recommendations, members, oneToOnes, visitors, families, scores] = await Promise.all([
    db.execute<GroupRow>(sql`select id, name, city, region from groups order by name, id`),
    // Meetings of the period (started before now) with, for a held one, the members in the group
    // at its start and their attendance: meetings_starts_idx, group_members_group_idx,
    // meeting_attendance's primary key.
    db.execute<{ group_id: string; n: Num; held: Num; cancelled: Num; expected: Num; attended: Num }>(sql`
      select m.group_id, w.n,
             count(distinct m.id) filter (where m.status = 'scheduled') as held,
             count(distinct m.id) filter (where m.status = 'cancelled') as cancelled,
             count(gm.id) as expected,
             count(a.user_id) filter (where ${attendedStatus('a', 'mg')}) as attended
        from meetings m
        join groups mg on mg.id = m.group_id
        join ${w} on m.starts_at >= w.s and m.starts_at < w.e
        left join group_members gm
          on m.status = 'scheduled' and gm.group_id = m.group_id
         and gm.joined_at <= m.starts_at and (gm.ended_at is null or gm.ended_at > m.starts_at)
        left join meeting_attendance a on a.meeting_id = m.id and a.user_id = gm.user_id
       where m.starts_at >= ${since}::timestamptz and m.starts_at < ${until}::timestamptz
       group by 1, 2`),
    // Recommendations given in the period by the group's members, by week, and the closed ones
    // among them: recommendations_created_idx (recommendations_giver_group_idx for one group).
    db.execute<{ group_id: string; n: Num; given: Num; won: Num; lost: Num; no_follow_up: Num }>(sql`
      select r.giver_group_id as group_id, w.n, count(*) as given,
             count(*) filter (where r.status = 'won') as won,
             count(*) filter (where r.status = 'lost') as lost,
             count(*) filter (where r.status = 'no_follow_up') as no_follow_up
        from recommendations r
        join ${w} on r.created_at >= w.s and r.created_at < w.e
       where r.giver_group_id is not null
         and r.created_at >= ${since}::timestamptz and r.created_at < ${until}::timestamptz
       group by 1, 2`),
    // Members at each week's end, arrivals and departures in it: the memberships still running at
    // the period's start (group_members_group_idx).
    db.execute<{ group_id: string; n: Num; members: Num; joined: Num; left: Num }>(sql`
      select gm.group_id, w.n,
             count(*) filter (where gm.joined_at < least(w.e, ${until}::timestamptz)
                                and (gm.ended_at is null or gm.ended_at >= least(w.e, ${until}::timestamptz))) as members,
             count(*) filter (where gm.joined_at >= w.s and gm.joined_at < w.e) as joined,
             count(*) filter (where gm.ended_at >= w.s and gm.ended_at < w.e) as left
        from group_members gm
        cross join ${w}
       where gm.ended_at is null or gm.ended_at >= ${since}::timestamptz
       group by 1, 2`),
    // Confirmed one-to-ones by the day they met, once per group whose member took part that week:
    // one_to_ones_requester_idx and one_to_ones_partner_idx (met_on), group_members_one_home_group.
    db.execute<{ group_id: string; n: Num; one_to_ones: Num }>(sql`
      with sides as (
        select o.id, o.met_on, o.requester_id as user_id from one_to_ones o
         where o.status = 'confirmed' and o.met_on >= ${(weeks[0] as (typeof weeks)[number]).week}::date and o.met_on <= ${lastDay}::date
        union all
        select o.id, o.met_on, o.partner_id from one_to_ones o
         where o.status = 'confirmed' and o.met_on >= ${(weeks[0] as (typeof weeks)[number]).week}::date and o.met_on <= ${lastDay}::date
      )
      select gm.group_id, w.n, count(distinct sides.id) as one_to_ones
        from sides
        join ${w} on sides.met_on >= w.sd and sides.met_on < w.ed
        join group_members gm on gm.user_id = sides.user_id
       where gm.joined_at < w.e and (gm.ended_at is null or gm.ended_at >= w.s)
       group by 1, 2`),
    // The guests of the period's meetings (held or not, past or to come this week).
    db.execute<{ group_id: string; n: Num; visitors: Num; came: Num; members: Num }>(sql`
      select m.group_id, w.n, count(*) as visitors,
             count(*) filter (where ${GUEST_CAME}) as came,
             count(*) filter (where g.status = 'member') as members
        from meetings m
        join ${w} on m.starts_at >= w.s and m.starts_at < w.e
        join guests g on g.meeting_id = m.id
       where m.starts_at >= ${since}::timestamptz and m.starts_at < ${(weeks.at(-1) as (typeof weeks)[number]).end.toISOString()}::timestamptz
       group by 1, 2`),
    // Seats filled today, by family (group_members_group_idx).
    db.execute<{ group_id: string; family: string; filled: Num }>(sql`
      select gm.group_id, t.family, count(*) as filled
        from group_members gm join trades t on t.id = gm.trade_id
       where gm.status = 'active'
       group by 1, 2`),
    // Today's scores of the active members, counted by score (0 to 100).
    db.execute<{ group_id: string; score: Num; members: Num }>(sql`
      select gm.group_id, s.score, count(*) as members
        from group_members gm join member_scores s on s.user_id = gm.user_id
       where gm.status = 'active'
       group by 1, 2`),
  ]);

  const sums = new Map<string, GroupSums>();
  const of = (groupId: string) => {
    let entry = sums.get(groupId);
    if (!entry) {
      entry = {
        weeks: weeks.map(emptyWeek),
        won: 0,
        lost: 0,
        noFollowUp: 0,
        families: new Map(),
        scores: new Map(),
      };
      sums.set(groupId, entry);
    }
    return entry;
  };
  const week = (groupId: string, n: Num) => of(groupId).weeks[Number(n) - 1] as WeekSums;
  for (const g of groups.rows) of(g.id);
  for (const r of attendance.rows) {
    const s = week(r.group_id, r.n);
    s.meetingsHeld += Number(r.held);
    s.meetingsCancelled += Number(r.cancelled);
    s.expected += Number(r.expected);
    s.attended += Number(r.attended);
  }
  for (const r of recommendations.rows) {
    week(r.group_id, r.n).recommendations += Number(r.given);
    const g = of(r.group_id);
    g.won += Number(r.won);
    g.lost += Number(r.lost);
    g.noFollowUp += Number(r.no_follow_up);
  }
  for (const r of members.rows) {
    const s = week(r.group_id, r.n);
    s.members += Number(r.members);
    s.joined += Number(r.joined);
    s.left += Number(r.left);
  }
  for (const r of oneToOnes.rows) week(r.group_id, r.n).oneToOnes += Number(r.one_to_ones);
  for (const r of visitors.rows) {
    const s = week(r.group_id, r.n);
    s.visitors += Number(r.visitors);
    s.visitorsCame += Number(r.came);
    s.visitorsBecameMembers += Number(r.members);
  }
  for (const r of families.rows) of(r.group_id).families.set(r.family, Number(r.filled));
  for (const r of scores.rows) {
    const g = of(r.group_id);
    g.scores.set(Number(r.score), (g.scores.get(Number(r.score)) ?? 0) + Number(r.members));
  }
  return { weeks, groups: groups.rows, sums };
}

const round = (value: number, digits: number) => Math.round(value * 10 ** digits) / 10 ** digits;
const ratio = (num: number, den: number, digits: number, scale = 1) =>
  den === 0 ? null : round((num * scale) / den, digits);

/** The median of a list, null when empty (the mean of the two middle values for an even count). */
export function median(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[mid] as number)
    : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}

/** The figures of a set of groups (one group, a region, the network), pooled. */
export function figuresOf(data: HealthData, groupIds: readonly string[]): HealthFigures {
  const sets = groupIds.map((id) => data.sums.get(id)).filter((s): s is GroupSums => s !== undefined);
  const weeks: HealthWeek[] = data.weeks.map((w, i) => {
    const s = emptyWeek();
    for (const g of sets) {
      const gw = g.weeks[i] as WeekSums;
      for (const key of Object.keys(s) as (keyof WeekSums)[]) s[key] += gw[key];
    }
    return {
      week: w.week,
      ...s,
      attendancePercent: ratio(s.attended, s.expected, 1, 100),
      recommendationsPerMember: ratio(s.recommendations, s.members, 2),
    };
  });
  const total = (key: keyof WeekSums) => weeks.reduce((n, w) => n + w[key], 0);
  const won = sets.reduce((n, g) => n + g.won, 0);
  const lost = sets.reduce((n, g) => n + g.lost, 0);
  const noFollowUp = sets.reduce((n, g) => n + g.noFollowUp, 0);
  const totals: HealthTotals = {
    meetingsHeld: total('meetingsHeld'),
    meetingsCancelled: total('meetingsCancelled'),
    attendancePercent: ratio(total('attended'), total('expected'), 1, 100),
    members: (weeks.at(-1) as HealthWeek).members,
    recommendations: total('recommendations'),
    recommendationsPerMember: ratio(total('recommendations'), total('members'), 2),
    oneToOnes: total('oneToOnes'),
    visitors: total('visitors'),
    visitorsCame: total('visitorsCame'),
    visitorsBecameMembers: total('visitorsBecameMembers'),
    joined: total('joined'),
    left: total('left'),
    won,
    lost,
    noFollowUp,
    transformationPercent: conversionPercent(won, won + lost + noFollowUp),
  };
  const families = new Map<string, number>();
  const scores = new Map<number, number>();
  for (const g of sets) {
    for (const [family, n] of g.families) families.set(family, (families.get(family) ?? 0) + n);
    for (const [score, n] of g.scores) scores.set(score, (scores.get(score) ?? 0) + n);
  }
  const scoreList = [...scores].flatMap(([score, n]) => Array.from({ length: n }, () => score));
  return {
    weeks,
    totals,
    seatsByFamily: TRADE_FAMILIES.map((f) => ({ family: f.slug, label: f.label, filled: families.get(f.slug) ?? 0 })),
    scores: {
      bands: SCORE_BANDS.map((b) => ({
        from: b.from,
        to: b.to,
        count: scoreList.filter((s) => s >= b.from && s <= b.to).length,
      })),
      scored: scoreList.length,
      median: median(scoreList),
    },
  };
}

/** The national median of each group's figure, over the groups with at least one member now. */
export function medianOf(data: HealthData): HealthMedian {
  const per = data.groups
    .map((g) => figuresOf(data, [g.id]))
    .filter((f) => f.totals.members > 0 || f.weeks.some((w) => w.members > 0));
  const med = (pick: (f: HealthFigures) => number | null) => {
    const value = median(per.map(pick).filter((v): v is number => v !== null));
    return value === null ? null : round(value, 2);
  };
  return {
    groups: per.length,
    totals: {
      attendancePercent: med((f) => f.totals.attendancePercent),
      recommendationsPerMember: med((f) => f.totals.recommendationsPerMember),
      oneToOnes: med((f) => f.totals.oneToOnes),
      visitors: med((f) => f.totals.visitors),
      visitorsBecameMembers: med((f) => f.totals.visitorsBecameMembers),
      left: med((f) => f.totals.left),
      members: med((f) => f.totals.members),
      transformationPercent: med((f) => f.totals.transformationPercent),
    },
    weeks: data.weeks.map((w, i) => ({
      week: w.week,
      attendancePercent: med((f) => (f.weeks[i] as HealthWeek).attendancePercent),
      recommendationsPerMember: med((f) => (f.weeks[i] as HealthWeek).recommendationsPerMember),
    })),
  };
}

const publicGroup = (g: GroupRow) => ({ id: g.id, name: g.name, city: g.city, region: g.region });

/**
 * GET /api/groups/:groupId/health: the group's figures, the compared groups' (aggregates only:
 * the figures of a group carry no member) and the national median. The access hook let only the
 * group's leaders (and admins) in.
 */
export async function getGroupHealth(
  db: DbOrTx,
  groupId: string,
  compare: readonly string[],
  now = new Date(),
): Promise<GroupHealth | null> {
  return groupHealthOf(await loadHealth(db, now), groupId, compare);
}

// Out of one kept load, the national median and the network's view are the same for every
// request: computed once per load (every group's figures: about 1 s at 500 groups).
const medians = new WeakMap<HealthData, HealthMedian>();
const networks = new WeakMap<HealthData, NetworkHealth>();
function keptMedian(data: HealthData): HealthMedian {
  let median = medians.get(data);
  if (!median) {
    median = medianOf(data);
    medians.set(data, median);
  }
  return median;
}

/** The group's health out of every group's sums (loaded or kept: `healthCache`). */
export function groupHealthOf(data: HealthData, groupId: string, compare: readonly string[]): GroupHealth | null {
  const group = data.groups.find((g) => g.id === groupId);
  if (!group) return null;
  const compared = [...new Set(compare)]
    .filter((id) => id !== groupId)
    .map((id) => data.groups.find((g) => g.id === id))
    .filter((g): g is GroupRow => g !== undefined);
  return {
    group: publicGroup(group),
    figures: figuresOf(data, [group.id]),
    compared: compared.map((g) => ({ group: publicGroup(g), figures: figuresOf(data, [g.id]) })),
    national: keptMedian(data),
    choices: data.groups.filter((g) => g.id !== groupId).map(publicGroup),
  };
}

/** GET /api/admin/health: the network and each region, pooled, with the national median. */
export async function getNetworkHealth(db: DbOrTx, now = new Date()): Promise<NetworkHealth> {
  return networkHealthOf(await loadHealth(db, now));
}

/** The network's health out of every group's sums (loaded or kept: `healthCache`). */
export function networkHealthOf(data: HealthData): NetworkHealth {
  const kept = networks.get(data);
  if (kept) return kept;
  const regions = new Map<string, string[]>();
  for (const g of data.groups) regions.set(g.region, [...(regions.get(g.region) ?? []), g.id]);
  const health = {
    network: figuresOf(
      data,
      data.groups.map((g) => g.id),
    ),
    regions: [...regions]
      .sort(([a], [b]) => a.localeCompare(b, 'fr'))
      .map(([region, ids]) => ({ region, groups: ids.length, figures: figuresOf(data, ids) })),
    national: keptMedian(data),
  };
  networks.set(data, health);
  return health;
}

/**
 * Every group's sums kept for HEALTH_KEPT_MINUTES in this instance (decision 0021): the national
 * median needs the whole network's 12 weeks (3.4 s at 20,000 members), so it is read at most once
 * per period and instance, and every leader's overview is computed out of it.
 */
export function healthCache(db: DbOrTx, maxAgeMs = HEALTH_KEPT_MINUTES * 60_000, clock = () => Date.now()) {
  return keptFor(maxAgeMs, (now) => loadHealth(db, now), clock);
}
