// The national network of bench/national-scale.mjs, written by the database itself (generate_series,
// INSERT ... SELECT) on a migrated schema, every row within the schema's constraints. At scale 1:
// 20,000 members in 500 groups of 40 seats (one per trade, three leaders), 1,000 former members who
// left a seat, a subscription and 12 monthly invoices each, 100,000 weekly meetings (200 a group,
// 10 of them ahead, 2 % cancelled) with every seated member's attendance at the past ones (about
// 3.8 million rows), 1,000,000 recommendations (70 % inside the giver's group; every status, the won
// ones with an amount declared, confirmed or disputed), 5,000,000 notifications (15 % unread) and a
// score per member. `scale` multiplies every count (0.1 for PGlite, 0.02 to develop). Deterministic:
// the pseudo-random choices are hashes of the row number, not random().
import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';

export const SEATS_PER_GROUP = 40;

export function nationalCounts(scale) {
  const groups = Math.max(2, Math.round(500 * scale));
  return {
    groups,
    members: groups * SEATS_PER_GROUP,
    formerMembers: Math.round(groups * 2),
    recommendations: Math.round(1_000_000 * scale),
    notifications: Math.round(5_000_000 * scale),
    meetingsPerGroup: 200,
    meetings: groups * 200,
  };
}

const REGIONS = [
  ['Auvergne-Rhône-Alpes', '69', 'Lyon'],
  ['Île-de-France', '75', 'Paris'],
  ['Occitanie', '31', 'Toulouse'],
  ['Nouvelle-Aquitaine', '33', 'Bordeaux'],
  ["Provence-Alpes-Côte d'Azur", '13', 'Marseille'],
  ['Hauts-de-France', '59', 'Lille'],
  ['Grand Est', '67', 'Strasbourg'],
  ['Bretagne', '35', 'Rennes'],
  ['Pays de la Loire', '44', 'Nantes'],
  ['Normandie', '76', 'Rouen'],
  ['Bourgogne-Franche-Comté', '21', 'Dijon'],
  ['Centre-Val de Loire', '45', 'Orléans'],
  ['Corse', '2A', 'Ajaccio'],
];

/** A pseudo-random integer in [0, m) from the row number `n` and a salt (a hash, deterministic). */
const pick = (n, salt, m) => sql.raw(`((hashint8((${n})::bigint * 7919 + ${salt})::bigint + 2147483648) % ${m})`);
/** A number written into the statement (not a parameter: no type to infer). */
const N = (x) => sql.raw(String(Number(x)));

/**
 * Seeds the network; `log(step, seconds)` reports each step. Returns the counts and the seconds.
 * Members are `nat-<i>` (i from 1), member i sits in group 1 + (i - 1) / 40 at seat (i - 1) % 40
 * (seat 0 presides, 1 is vice-president, 2 secretary-treasurer).
 */
export async function seedNation(db, scale, log = () => {}) {
  const c = nationalCounts(scale);
  const started = Date.now();
  let last = started;
  // PostgreSQL: one connection of the pool, without the app's statement timeout (a step takes
  // minutes at scale 1); PGlite has one connection and no timeout.
  const pool = db.$client;
  const client = typeof pool.totalCount === 'number' ? await pool.connect() : undefined;
  if (client) await client.query('set statement_timeout = 0');
  const dialect = new PgDialect();
  const run = async (query) => {
    if (!client) return db.execute(query);
    const { sql: text, params } = dialect.sqlToQuery(query);
    return client.query(text, params);
  };
  const step = async (name, query) => {
    await run(query);
    const now = Date.now();
    log(name, (now - last) / 1000);
    last = now;
  };
  const regions = sql.raw(
    `(values ${REGIONS.map(([r, d, city], i) => `(${i}, '${r.replace(/'/g, "''")}', '${d}', '${city}')`).join(', ')})`,
  );
  const seat = (i) => `((${i} - 1) % ${SEATS_PER_GROUP})`;
  const groupOf = (i) => `(1 + (${i} - 1) / ${SEATS_PER_GROUP})`;

  try {
    await step(
      'groups',
      sql`
    insert into groups (slug, name, city, department_code, region, description, meeting_place, meeting_rhythm,
                        meeting_weekday, meeting_time)
    select 'nat-' || g, 'Synergie Pro ' || r.city || ' ' || g, r.city, r.d, r.region, 'Groupe du banc national',
           g || ' rue de la République, ' || r.city, 'weekly', 1 + g % 5, '07:00'
      from generate_series(1, ${N(c.groups)}) g
      join ${regions} as r(i, region, d, city) on r.i = g % ${N(REGIONS.length)}`,
    );
    await step(
      'users',
      sql`
    insert into "user" (id, name, email, email_verified, created_at)
    select 'nat-' || i, 'Membre ' || i, 'nat' || i || '@exemple.fr', true, now() - interval '800 days'
      from generate_series(1, ${N(c.members + c.formerMembers)}) i`,
    );
    // Trades in a fixed order; seat s of group g holds trade (s + 7 g) mod #trades: 40 distinct a group.
    await step(
      'profiles',
      sql`
    with t as (select id, row_number() over (order by slug) - 1 as k, count(*) over () as n from trades)
    insert into profiles (user_id, full_name, company_name, city, trade_id)
    select 'nat-' || i, 'Membre ' || i, 'Entreprise ' || i, g.city, t.id
      from generate_series(1, ${N(c.members + c.formerMembers)}) i
      join groups g on g.slug = 'nat-' || ${sql.raw(groupOf(`least(i, ${c.members})`))}
      join t on t.k = (${sql.raw(seat('i'))} + 7 * ${sql.raw(groupOf(`least(i, ${c.members})`))}) % t.n`,
    );
    await step(
      'seats',
      sql`
    insert into group_members (group_id, user_id, trade_id, status, role, joined_at)
    select g.id, 'nat-' || i, p.trade_id, 'active',
           (array['president', 'vice_president', 'secretary_treasurer'])[${sql.raw(seat('i'))} + 1],
           now() - (${pick('i', 1, 700)} + 30) * interval '1 day'
      from generate_series(1, ${N(c.members)}) i
      join groups g on g.slug = 'nat-' || ${sql.raw(groupOf('i'))}
      join profiles p on p.user_id = 'nat-' || i`,
    );
    // Former members: member members + k left group 1 + k % groups on a seat now held by someone else.
    await step(
      'former seats',
      sql`
    insert into group_members (group_id, user_id, trade_id, status, joined_at, ended_at, end_reason)
    select g.id, 'nat-' || (${N(c.members)} + k), p.trade_id, 'left', now() - interval '500 days',
           now() - (${pick('k', 2, 300)} + 1) * interval '1 day', 'Départ volontaire'
      from generate_series(1, ${N(c.formerMembers)}) k
      join groups g on g.slug = 'nat-' || (1 + k % ${N(c.groups)})
      join group_members holder on holder.group_id = g.id and holder.status = 'active'
      join profiles p on p.user_id = holder.user_id
     where holder.user_id = 'nat-' || ((1 + k % ${N(c.groups)} - 1) * ${N(SEATS_PER_GROUP)} + 4 + k % 30)`,
    );
    await step(
      'subscriptions',
      sql`
    insert into subscriptions (user_id, provider, plan_id, status, current_period_end, provider_updated_at)
    select 'nat-' || i, 'demo', 'monthly', 'active', now() + (${pick('i', 3, 28)} + 1) * interval '1 day', now()
      from generate_series(1, ${N(c.members)}) i`,
    );
    // 99 € TTC a month (8,250 HT + 1,650 VAT), the last 12 months.
    await step(
      'invoices',
      sql`
    insert into invoices (provider, provider_invoice_id, user_id, plan_id, amount_cents, amount_excl_vat_cents,
                          vat_cents, kind, status, paid_at)
    select 'demo', 'nat-' || i || '-' || m, 'nat-' || i, 'monthly', 9900, 8250, 1650,
           case when m = 11 then 'first' else 'renewal' end, 'paid',
           now() - m * interval '1 month' - ${pick('i', 4, 20)} * interval '1 day'
      from generate_series(1, ${N(c.members)}) i, generate_series(0, 11) m`,
    );
    // 200 weekly meetings a group on its weekday: 190 past, 10 ahead; one in 50 cancelled.
    await step(
      'meetings',
      sql`
    with w as (select g.id, g.meeting_weekday, g.slug, substring(g.slug from 5)::int as gi,
                      (current_date - ((extract(isodow from current_date)::int - g.meeting_weekday + 7) % 7)) as this_week
                 from groups g where g.slug like 'nat-%')
    insert into meetings (group_id, scheduled_on, starts_at, ends_at, place, status, presenter_id, change_message)
    select w.id, w.this_week + k * 7, (w.this_week + k * 7)::timestamp + interval '6 hours',
           (w.this_week + k * 7)::timestamp + interval '7 hours 30 minutes', 'Salle du groupe',
           case when ${pick('w.gi * 1000 + k', 5, 50)} = 0 then 'cancelled' else 'scheduled' end,
           'nat-' || ((w.gi - 1) * ${N(SEATS_PER_GROUP)} + 1 + ${pick('w.gi * 1000 + k', 6, SEATS_PER_GROUP)}),
           case when ${pick('w.gi * 1000 + k', 5, 50)} = 0 then 'Réunion annulée' end
      from w, generate_series(-189, 10) k`,
    );
    // Every seated member at each past scheduled meeting of their group (joined before it).
    await step(
      'attendance',
      sql`
    insert into meeting_attendance (meeting_id, user_id, status, substitute_name, checked_in_at, source)
    select m.id, gm.user_id, a.status, case when a.status = 'substituted' then 'Suppléant' end,
           case when a.status in ('present', 'late') then m.starts_at + interval '5 minutes' end,
           case when a.status in ('present', 'late') then 'qr' else 'secretary' end
      from meetings m
      join group_members gm on gm.group_id = m.group_id and gm.status = 'active'
      cross join lateral (select case
               when h < 85 then 'present' when h < 90 then 'absent' when h < 94 then 'late'
               when h < 98 then 'excused' else 'substituted' end as status
             from (select (hashint8(hashtext(gm.user_id)::bigint * 31 + hashtext(m.id::text))::bigint + 2147483648) % 100 as h) x) a
     where m.status = 'scheduled' and m.ends_at < now()`,
    );
    // Recommendations over two years: givers and receivers among the seated members, 70 % inside
    // the giver's group. Status by a hash: 10 received, 10 contacted, 8 meeting, 7 quote_sent,
    // 30 won (70 % confirmed, 15 declared, 15 disputed), 20 lost, 15 no_follow_up.
    await step(
      'recommendations',
      sql`
    insert into recommendations (giver_id, receiver_id, giver_group_id, receiver_group_id, kind, need, heat, status,
                                 status_changed_at, lost_reason, amount_cents, business_status, business_declared_at,
                                 business_answered_at, dispute_reason, created_at)
    select 'nat-' || r.giver, 'nat-' || r.receiver, gg.group_id, rg.group_id, 'for_you', 'Besoin ' || r.n, 1 + r.h % 5, r.status,
           r.changed, case when r.status = 'lost' then (array['Prix', 'Délai', 'Déjà équipé', 'Injoignable'])[1 + r.h % 4] end,
           case when r.status = 'won' then 1000 + (r.h * 7717) % 5000000 end,
           case when r.status = 'won' then r.business end,
           case when r.status = 'won' then r.changed end,
           case when r.business in ('confirmed', 'disputed') and r.status = 'won' then least(now(), r.changed + (1 + r.h % 9) * interval '1 day') end,
           case when r.business = 'disputed' and r.status = 'won' then 'Montant contesté' end,
           r.created
      from (select n, giver, receiver, h, created,
                   least(now(), created + (h % 40) * interval '1 day') as changed,
                   case when s < 10 then 'received' when s < 20 then 'contacted' when s < 28 then 'meeting'
                        when s < 35 then 'quote_sent' when s < 65 then 'won' when s < 85 then 'lost'
                        else 'no_follow_up' end as status,
                   case when b < 70 then 'confirmed' when b < 85 then 'declared' else 'disputed' end as business
              from (select n, giver, h, s, b, created,
                           case when inside then (giver - 1) / ${N(SEATS_PER_GROUP)} * ${N(SEATS_PER_GROUP)} + 1
                                                 + ((giver - 1) % ${N(SEATS_PER_GROUP)} + 1 + h % ${N(SEATS_PER_GROUP - 1)}) % ${N(SEATS_PER_GROUP)}
                                else 1 + (giver + 1 + h % (${N(c.members)} - 1)) % ${N(c.members)} end as receiver
                      from (select n, 1 + ${pick('n', 7, c.members)} as giver, ${pick('n', 8, 1_000_000)} as h,
                                   ${pick('n', 9, 100)} as s, ${pick('n', 10, 100)} as b, ${pick('n', 11, 100)} < 70 as inside,
                                   now() - ${pick('n', 12, 730 * 24)} * interval '1 hour' as created
                              from generate_series(1, ${N(c.recommendations)}) n) x) y) r
      join group_members gg on gg.user_id = 'nat-' || r.giver and gg.status = 'active'
      join group_members rg on rg.user_id = 'nat-' || r.receiver and rg.status = 'active'
     where r.giver <> r.receiver`,
    );
    await step(
      'notifications',
      sql`
    insert into notifications (user_id, kind, title, link, email, read_at, created_at)
    select 'nat-' || (1 + ${pick('n', 13, c.members)}),
           (array['recommendation_received', 'recommendation_status', 'meeting_reminder', 'business_declared'])[1 + n % 4],
           'Notification ' || n, '/recommandations', 'never',
           case when ${pick('n', 14, 100)} >= 15 then least(now(), created + ${pick('n', 17, 72)} * interval '1 hour') end,
           created
      from (select n, now() - ${pick('n', 15, 24 * 365)} * interval '1 hour' as created
              from generate_series(1, ${N(c.notifications)}) n) x`,
    );
    await step(
      'scores',
      sql`
    insert into member_scores (user_id, score, colour, breakdown, period_start, period_end, computed_on)
    select 'nat-' || i, s, case when s >= 70 then 'green' when s >= 40 then 'orange' else 'red' end, '[]'::jsonb,
           current_date - 182, current_date, current_date
      from (select i, ${pick('i', 16, 101)} as s from generate_series(1, ${N(c.members)}) i) x`,
    );
    await step('vacuum analyze', sql`vacuum analyze`);
  } finally {
    client?.release();
  }
  return { ...c, seconds: (Date.now() - started) / 1000 };
}
