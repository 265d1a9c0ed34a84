import {
  type LikeGroupsScope,
  MISSING_TRADES_SHOWN,
  type MissingTrades,
  ONE_TO_ONE_SUGGESTIONS_SHOWN,
  type OneToOneSuggestions,
  PROXIMITY_ORDER,
  SUGGESTION_DAYS,
} from '@synergie/shared';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { displayName, memberTradeLabel } from '../db/fragments';
import { subscribedSql } from './subscribed';

/**
 * Suggestions that explain themselves (issue 29, docs/product/decisions.md "Issue 29 —
 * suggestions et chiffres publics"): counts over the network's recommendations, no learning,
 * every figure returned with the suggestion for its `Pourquoi ?`. Definitions:
 * packages/shared/src/suggestion-constants.ts (suggestionDefinitions).
 */

const sinceOf = (now: Date) => new Date(now.getTime() - SUGGESTION_DAYS * 86_400_000).toISOString();

interface CandidateRow extends Record<string, unknown> {
  my_trade: string | null;
  id: string | null;
  name: string | null;
  image: string | null;
  trade: string | null;
  city: string | null;
  group_name: string | null;
  tier: number | null;
  place: string | null;
  won: number | string | null;
  confirmed: number | string | null;
  confirmed_cents: number | string | null;
}

/**
 * GET /api/me/suggestions/one-to-ones: one query. The trades paired with mine are counted over
 * the recommendations won in the last SUGGESTION_DAYS whose one side (giver or receiver, by their
 * profile's trade today) is my trade and the other another trade; their subscribed members whom I
 * have no confirmed or pending one-to-one with are ranked nearest first (PROXIMITY_ORDER: my group,
 * my city, my département, my région, elsewhere), then by the pair's won count, confirmed amount
 * and name. Only subscribed members are proposed; the counts are the network's aggregates.
 */
export async function getOneToOneSuggestions(
  db: DbOrTx,
  memberId: string,
  now = new Date(),
): Promise<OneToOneSuggestions> {
  const since = sinceOf(now);
  const { rows } = await db.execute<CandidateRow>(sql`
    with me as (
      select p.trade_id, t.label as trade_label, gm.group_id, g.name as group_name, g.city as group_city,
             g.department_code, g.region,
             directory_fold(coalesce(nullif(btrim(p.city), ''), g.city, '')) as city_key
        from profiles p
        left join trades t on t.id = p.trade_id
        left join group_members gm on gm.user_id = p.user_id and gm.status = 'active'
        left join groups g on g.id = gm.group_id
       where p.user_id = ${memberId}
    ),
    pairs as (
      select case when gp.trade_id = me.trade_id then rp.trade_id else gp.trade_id end as other_trade,
             count(*)::int as won,
             (count(*) filter (where r.business_status = 'confirmed'))::int as confirmed,
             coalesce(sum(r.amount_cents) filter (where r.business_status = 'confirmed'), 0)::bigint as confirmed_cents
        from recommendations r
        join profiles gp on gp.user_id = r.giver_id
        join profiles rp on rp.user_id = r.receiver_id
        cross join me
       where r.status = 'won' and r.created_at >= ${since}::timestamptz
         and (gp.trade_id = me.trade_id) <> (rp.trade_id = me.trade_id)
       group by 1
    ),
    candidates as (
      select u.id, ${displayName('u', 'p')} as name, p.avatar_url as image, ${memberTradeLabel()} as trade,
             nullif(btrim(p.city), '') as city, og.name as group_name, p.name_key,
             pairs.won, pairs.confirmed, pairs.confirmed_cents,
             case
               when me.group_id is not null and ogm.group_id = me.group_id then 0
               when me.city_key <> '' and directory_fold(coalesce(nullif(btrim(p.city), ''), og.city, '')) = me.city_key then 1
               when me.department_code is not null and og.department_code = me.department_code then 2
               when me.region is not null and og.region = me.region then 3
               else 4
             end as tier,
             me.group_name as my_group_name, coalesce(nullif(btrim(p.city), ''), og.city) as their_city,
             me.department_code as my_department, me.region as my_region
        from pairs
        join profiles p on p.trade_id = pairs.other_trade
        join "user" u on u.id = p.user_id
        join trades t on t.id = p.trade_id
        cross join me
        left join group_members ogm on ogm.user_id = p.user_id and ogm.status = 'active'
        left join groups og on og.id = ogm.group_id
       where p.user_id <> ${memberId}
         and ${subscribedSql(sql`p.user_id`)}
         and not exists (
           select 1 from one_to_ones o
            where o.status in ('pending', 'confirmed')
              and ((o.requester_id = ${memberId} and o.partner_id = p.user_id)
                or (o.partner_id = ${memberId} and o.requester_id = p.user_id)))
    ),
    ranked as (
      select * from candidates
       order by tier, won desc, confirmed_cents desc, name_key, id
       limit ${ONE_TO_ONE_SUGGESTIONS_SHOWN}
    )
    select me.trade_label as my_trade, ranked.id, ranked.name, ranked.image, ranked.trade, ranked.city,
           ranked.group_name, ranked.tier, ranked.won, ranked.confirmed, ranked.confirmed_cents,
           case ranked.tier
             when 0 then ranked.my_group_name
             when 1 then ranked.their_city
             when 2 then ranked.my_department
             when 3 then ranked.my_region
           end as place
      from me
      left join ranked on true
     order by ranked.tier, ranked.won desc, ranked.confirmed_cents desc, ranked.name_key, ranked.id`);
  const myTrade = rows[0]?.my_trade ?? null;
  return {
    myTrade,
    items: rows
      .filter((r) => r.id !== null && r.tier !== null)
      .map((r) => ({
        member: {
          id: r.id as string,
          name: r.name ?? '',
          image: r.image,
          trade: r.trade ?? '',
          city: r.city,
          groupName: r.group_name,
        },
        proximity: PROXIMITY_ORDER[Number(r.tier)] ?? 'elsewhere',
        proximityPlace: Number(r.tier) < 4 ? r.place : null,
        why: {
          wonBetweenTrades: Number(r.won),
          confirmedBetweenTrades: Number(r.confirmed),
          confirmedAmountCents: Number(r.confirmed_cents),
        },
      })),
  };
}

/**
 * GET /api/me/suggestions/missing-trades: two queries. The viewer's home group and how many other
 * groups share its région; "groups like this one" are those (scope 'region'), or every other group
 * when the région has none ('network'). Then the trades with no active member in my group, ranked
 * by the recommendations their members received over SUGGESTION_DAYS while in one of those groups
 * (the receiver's group when it was given, the receiver's profile trade), with how many of those
 * groups seat the trade today. Aggregates only: no other group's member is named.
 */
export async function getMissingTrades(db: DbOrTx, memberId: string, now = new Date()): Promise<MissingTrades> {
  const { rows: mine } = await db.execute<{
    group_id: string;
    name: string;
    region: string;
    same_region: number | string;
    others: number | string;
  }>(sql`
    select g.id as group_id, g.name, g.region,
           (select count(*) from groups o where o.region = g.region and o.id <> g.id) as same_region,
           (select count(*) from groups o where o.id <> g.id) as others
      from group_members gm
      join groups g on g.id = gm.group_id
     where gm.user_id = ${memberId} and gm.status = 'active'`);
  const group = mine[0];
  if (!group) return { group: null, likeGroups: { scope: 'region', count: 0 }, items: [] };
  const scope: LikeGroupsScope = Number(group.same_region) > 0 ? 'region' : 'network';
  const count = Number(scope === 'region' ? group.same_region : group.others);
  const likeGroup = (alias: string) =>
    scope === 'region'
      ? sql`${sql.raw(alias)} in (select id from groups where region = ${group.region} and id <> ${group.group_id})`
      : sql`${sql.raw(alias)} in (select id from groups where id <> ${group.group_id})`;
  const { rows } = await db.execute<{
    id: string;
    label: string;
    family: string;
    received: number | string;
    seated: number | string;
  }>(sql`
    with received as (
      select rp.trade_id, count(*) as received
        from recommendations r
        join profiles rp on rp.user_id = r.receiver_id
       where ${likeGroup('r.receiver_group_id')} and r.created_at >= ${sinceOf(now)}::timestamptz
         and rp.trade_id is not null
       group by rp.trade_id
    ),
    seated as (
      select trade_id, count(distinct group_id) as seated
        from group_members
       where status = 'active' and ${likeGroup('group_id')}
       group by trade_id
    )
    select t.id, t.label, t.family, received.received, coalesce(seated.seated, 0) as seated
      from received
      join trades t on t.id = received.trade_id
      left join seated on seated.trade_id = received.trade_id
     where not exists (
       select 1 from group_members gm
        where gm.group_id = ${group.group_id} and gm.status = 'active' and gm.trade_id = received.trade_id)
     order by received.received desc, directory_fold(t.label), t.id
     limit ${MISSING_TRADES_SHOWN}`);
  return {
    group: { id: group.group_id, name: group.name, region: group.region },
    likeGroups: { scope, count },
    items: rows.map((r) => ({
      trade: { id: r.id, label: r.label, family: r.family },
      why: { recommendationsReceived: Number(r.received), groupsWithTrade: Number(r.seated) },
    })),
  };
}
