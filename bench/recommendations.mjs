// Latency and throughput of the recommendations' endpoints (network-core §3) on a seeded
// database: 2,000 members in 50 groups and 50,000 recommendations over the last 14 months (every
// status, declared, confirmed and disputed business, a history row each), of which the measured
// member received 2,000 and gave 2,000. With autocannon, signed in as that member (also an admin,
// who leads every group): my received recommendations (first page, then filtered by status and
// month), one recommendation with its history, a group's totals and the national totals. Also
// counts the SQL statements one request of each sends to the database (the session's lookup
// included), and prints the plans of the list and totals queries (indexes used).
// On embedded PGlite and, when BENCH_DATABASE_URL (or TEST_DATABASE_URL) is set, on PostgreSQL (a
// database of its own, created then dropped).
// Usage: npm run bench:recommendations [-- --duration 10 --connections 10 --only pglite|postgres]
import os from 'node:os';
import { sql } from 'drizzle-orm';
import {
  machine,
  measureUrl,
  option,
  queriesPerRequest,
  signUpSubscriber,
  warmUp,
  withBenchApp,
} from './lib/harness.mjs';

const DURATION = option('--duration', 10);
const CONNECTIONS = option('--connections', 10);
const MEMBERS = 2000;
const GROUPS = 50;
const RECOMMENDATIONS = 50_000;
const MINE = 2000;
const postgresUrl = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL;

/** Bulk inserts in SQL: members with profiles, groups and seats, recommendations and their history. */
async function seed(db) {
  const started = Date.now();
  await db.execute(sql`
    insert into "user" (id, name, email, email_verified)
    select 'bench-' || g, 'Membre ' || g, 'bench' || g || '@exemple.fr', true
      from generate_series(1, ${MEMBERS}) g`);
  await db.execute(sql`
    insert into groups (slug, name, city, department_code, region, meeting_place, meeting_rhythm,
                        meeting_weekday, meeting_time)
    select 'groupe-' || g, 'Synergie Pro Groupe ' || g, 'Lyon', '69', 'Auvergne-Rhône-Alpes',
           g || ' avenue de la République', 'weekly', 1 + g % 5, time '07:00'
      from generate_series(1, ${GROUPS}) g`);
  // Member m sits in group 1 + m % 50 on trade number m / 50 (distinct within a group).
  await db.execute(sql`
    insert into profiles (user_id, full_name, company_name, trade_id)
    select 'bench-' || m, 'Membre ' || m, 'Entreprise ' || m, t.id
      from generate_series(1, ${MEMBERS}) m
      join (select id, row_number() over (order by slug) - 1 as n from trades) t on t.n = (m / ${GROUPS}) % 200`);
  await db.execute(sql`
    insert into group_members (group_id, user_id, trade_id)
    select gr.id, p.user_id, p.trade_id
      from profiles p join groups gr on gr.slug = 'groupe-' || (1 + substring(p.user_id from 7)::int % ${GROUPS})
     where p.user_id like 'bench-%'`);
  // Statuses: 40% received, 10% each of contacted, meeting, quote_sent; 15% won; 10% lost; 5% none.
  await db.execute(sql`
    insert into recommendations (giver_id, receiver_id, giver_group_id, receiver_group_id, kind, contact_name,
                                 contact_phone, contact_company, need, consent_at, heat, status, status_changed_at,
                                 amount_cents, business_status, business_declared_at, created_at)
    select giver, receiver,
           (select id from groups where slug = 'groupe-' || (1 + giver_n % ${GROUPS})),
           (select id from groups where slug = 'groupe-' || (1 + receiver_n % ${GROUPS})),
           case when i % 2 = 0 then 'external' else 'for_you' end,
           case when i % 2 = 0 then 'Contact ' || i end, case when i % 2 = 0 then '+33612345678' end,
           case when i % 2 = 0 then 'Société ' || i end, 'Un besoin numéro ' || i,
           case when i % 2 = 0 then created end, 1 + i % 5, status, created + interval '3 days',
           case when status = 'won' then 10000 + (i % 500) * 1000 end,
           case when status = 'won' then (array['declared', 'confirmed', 'disputed'])[1 + i % 3] end,
           case when status = 'won' then created + interval '3 days' end,
           created
      from (
        select i, giver_n, 1 + (giver_n + 1 + i % (${MEMBERS} - 1)) % ${MEMBERS} as receiver_n,
               'bench-' || giver_n as giver,
               'bench-' || (1 + (giver_n + 1 + i % (${MEMBERS} - 1)) % ${MEMBERS}) as receiver,
               now() - ((i % 425) * interval '1 day') - (i % 24) * interval '1 hour' as created,
               (array['received', 'received', 'received', 'received', 'contacted', 'contacted', 'meeting', 'meeting',
                      'quote_sent', 'quote_sent', 'won', 'won', 'won', 'lost', 'lost', 'no_follow_up',
                      'received', 'won', 'lost', 'no_follow_up'])[1 + i % 20] as status
          from (select i, 1 + (i * 7919) % ${MEMBERS} as giver_n from generate_series(1, ${RECOMMENDATIONS}) i) s
      ) r
     where giver <> receiver`);
  await db.execute(sql`
    insert into recommendation_events (recommendation_id, kind, from_status, to_status, actor_id, created_at)
    select id, 'given', null, 'received', giver_id, created_at from recommendations`);
  await db.execute(sql`
    insert into recommendation_events (recommendation_id, kind, from_status, to_status, amount_cents, actor_id, created_at)
    select id, 'status', 'received', status, amount_cents, receiver_id, status_changed_at
      from recommendations where status <> 'received'`);
  await db.execute(sql`vacuum analyze`);
  await db.execute(sql`checkpoint`).catch(() => {});
  const [{ recommendations, events }] = (
    await db.execute(sql`
      select (select count(*)::int from recommendations) as recommendations,
             (select count(*)::int from recommendation_events) as events`)
  ).rows;
  return { recommendations, events, seconds: ((Date.now() - started) / 1000).toFixed(1) };
}

/** The measured member: a subscriber and an admin, receiver of MINE recommendations and giver of MINE. */
async function measuredMember(baseUrl, db) {
  const { userId, cookie } = await signUpSubscriber(baseUrl, db);
  await db.execute(sql`insert into user_roles (user_id, role) values (${userId}, 'admin')`);
  await db.execute(sql`
    update recommendations set receiver_id = ${userId}
     where id in (select id from recommendations where giver_id <> 'bench-1' order by id limit ${MINE})`);
  await db.execute(sql`
    update recommendations set giver_id = ${userId}
     where id in (select id from recommendations where receiver_id <> ${userId} order by id desc limit ${MINE})`);
  await db.execute(sql`analyze recommendations`);
  const [{ id }] = (
    await db.execute(sql`
      select id from recommendations where receiver_id = ${userId} and status = 'won' order by created_at desc limit 1`)
  ).rows;
  const [{ groupId }] = (await db.execute(sql`select id as "groupId" from groups where slug = 'groupe-1'`)).rows;
  return { userId, cookie, recommendationId: id, groupId };
}

/** The SQL statements the database driver receives while one request of `url` is answered. */
/** The plan's lines naming an index or a sequential scan, to check the indexes are used. */
async function planOf(db, query) {
  const { rows } = await db.execute(sql.raw(`explain ${query}`));
  return rows
    .map((r) => r['QUERY PLAN'])
    .filter((line) => /Index|Seq Scan|Bitmap/.test(line))
    .map((line) => line.trim().replace(/\s+\(cost=.*$/, ''));
}

async function bench(kind) {
  const seedAndTell = async (db) => {
    const seeded = await seed(db);
    console.log(
      `${kind}: ${seeded.recommendations} recommendations, ${seeded.events} history rows, seeded in ${seeded.seconds} s`,
    );
    return seeded;
  };
  return withBenchApp(kind, { prefix: 'bench_reco', postgresUrl, seed: seedAndTell }, async ({ address, db }) => {
    const me = await measuredMember(address, db);
    const month = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Paris', year: 'numeric', month: '2-digit' })
      .format(new Date(Date.now() - 60 * 86_400_000))
      .slice(0, 7);
    const scenarios = [
      ['mes recommandations reçues, 1re page', '/api/me/recommendations?side=received'],
      ['reçues, gagnées, d’un mois', `/api/me/recommendations?side=received&status=won&month=${month}`],
      ['données, 1re page', '/api/me/recommendations?side=given'],
      ['une recommandation et son historique', `/api/recommendations/${me.recommendationId}`],
      ['totaux d’un groupe (12 mois)', `/api/groups/${me.groupId}/recommendations/totals`],
      ['totaux nationaux (12 mois)', '/api/admin/recommendations/totals'],
    ];
    const plans = {
      list: await planOf(
        db,
        `select r.id from recommendations r where r.receiver_id = '${me.userId}' order by r.created_at desc, r.id desc limit 20`,
      ),
      group: await planOf(
        db,
        `select count(*) from recommendations r where r.giver_group_id = '${me.groupId}' and r.created_at >= now() - interval '12 months'`,
      ),
    };
    const headers = { cookie: me.cookie };
    const results = [];
    for (const [label, pathAndQuery] of scenarios) {
      const url = `${address}${pathAndQuery}`;
      const check = await fetch(url, { headers });
      const body = await check.text();
      if (!check.ok) throw new Error(`${url}: ${check.status} ${body}`);
      await warmUp(url, headers);
      const queries = await queriesPerRequest(db, url, headers);
      results.push({
        label,
        path: pathAndQuery.replace(me.recommendationId, ':id').replace(me.groupId, ':groupId'),
        kb: (Buffer.byteLength(body) / 1024).toFixed(1),
        queries,
        ...(await measureUrl(url, { connections: CONNECTIONS, duration: DURATION, headers, timeout: 60 })),
      });
    }
    return { results, plans };
  });
}

const loadBefore = os.loadavg()[0];
const only = option('--only', undefined);
const kinds = ['pglite', ...(postgresUrl ? ['postgres'] : [])].filter((kind) => !only || kind === only);
const rows = [];
for (const kind of kinds) {
  const r = await bench(kind);
  console.log(`${kind}: measured, ${DURATION} s x ${CONNECTIONS} connections per request`);
  console.log(`${kind}: plan of my list: ${r.plans.list.join(' / ')}`);
  console.log(`${kind}: plan of a group's totals: ${r.plans.group.join(' / ')}`);
  for (const m of r.results) {
    rows.push({
      database: kind,
      request: `GET ${m.path}`,
      KB: m.kb,
      'SQL queries': m.queries,
      'p50 (ms)': m.p50,
      'p99 (ms)': m.p99,
      'req/s': m.rps,
      requests: m.requests,
      errors: m.errors,
    });
  }
}
console.log(`\nRecommendations (signed in), ${machine()}, ${new Date().toISOString().slice(0, 10)}`);
console.table(rows);
console.log(`Load average (1 min): ${loadBefore.toFixed(2)} before, ${os.loadavg()[0].toFixed(2)} after`);
