// Latency of `Aujourd'hui` (issue 28: one request of a constant number of queries) on a seeded
// database: 2,000 members, 100,000 recommendations and 100,000 notifications among them, a group
// with its weekly meetings; the measured member, seated, has 300 recommendations received and not
// moved for weeks, 120 business declarations to confirm, 500 unread notifications, a score and
// today's events. Measures GET /api/me/today signed in, counts its SQL statements and checks the
// count is the same for a member with nothing. On embedded PGlite and, when BENCH_DATABASE_URL
// (or TEST_DATABASE_URL) is set, on PostgreSQL (a database of its own, created then dropped).
// Usage: npm run bench:today [-- --duration 10 --connections 10 --only pglite|postgres]
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
const MEMBERS = 2_000;
const RECOMMENDATIONS = 100_000;
const NOTIFICATIONS = 100_000;
const postgresUrl = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL;

async function seed(db) {
  const started = Date.now();
  await db.execute(sql`
    insert into "user" (id, name, email, email_verified)
    select 'bench-' || g, 'Membre ' || g, 'bench' || g || '@exemple.fr', true
      from generate_series(1, ${MEMBERS}) g`);
  await db.execute(sql`insert into profiles (user_id, full_name) select id, name from "user" where id like 'bench-%'`);
  await db.execute(sql`
    insert into recommendations (giver_id, receiver_id, kind, heat, status, status_changed_at, created_at)
    select 'bench-' || (1 + n % ${MEMBERS}), 'bench-' || (1 + (n * 7 + 1) % ${MEMBERS}), 'for_you', 3,
           (array['received', 'contacted', 'meeting', 'quote_sent', 'lost'])[1 + n % 5],
           now() - (n % 200) * interval '1 day', now() - (n % 200) * interval '1 day'
      from generate_series(1, ${RECOMMENDATIONS}) n
     where 1 + n % ${MEMBERS} <> 1 + (n * 7 + 1) % ${MEMBERS}`);
  await db.execute(sql`
    insert into notifications (user_id, kind, title, link, email, read_at, created_at)
    select 'bench-' || (1 + n % ${MEMBERS}), 'recommendation_received', 'Notification ' || n, '/recommandations',
           'never', case when n % 3 <> 0 then now() end, now() - (n % 300) * interval '1 hour'
      from generate_series(1, ${NOTIFICATIONS}) n`);
  await db.execute(sql`vacuum analyze`);
  return { seconds: ((Date.now() - started) / 1000).toFixed(1) };
}

/** The measured member's day: a seat, a meeting in 20 minutes, lists far longer than shown. */
async function busyDay(db, userId) {
  const [{ id: groupId }] = (
    await db.execute(sql`
      insert into groups (slug, name, city, department_code, region, description, meeting_place, meeting_rhythm, meeting_weekday, meeting_time)
      values ('bench-lyon', 'Synergie Pro Bench', 'Lyon', '69', 'Auvergne-Rhône-Alpes', 'Bench', '1 place Bellecour', 'weekly', 2, '07:00')
      returning id`)
  ).rows;
  const [{ id: tradeId }] = (await db.execute(sql`select id from trades order by slug limit 1`)).rows;
  await db.execute(
    sql`insert into group_members (group_id, user_id, trade_id) values (${groupId}, ${userId}, ${tradeId})`,
  );
  await db.execute(sql`
    insert into meetings (group_id, scheduled_on, starts_at, ends_at, place, presenter_id)
    select ${groupId}, (now() + w * interval '7 days' + interval '20 minutes')::date,
           now() + w * interval '7 days' + interval '20 minutes', now() + w * interval '7 days' + interval '110 minutes',
           '1 place Bellecour', 'bench-2'
      from generate_series(0, 11) w`);
  await db.execute(sql`
    insert into recommendations (giver_id, receiver_id, kind, heat, status, status_changed_at)
    select 'bench-' || (1 + n % ${MEMBERS}), ${userId}, 'for_you', 3, 'contacted', now() - interval '10 days'
      from generate_series(1, 300) n`);
  await db.execute(sql`
    insert into recommendations (giver_id, receiver_id, kind, heat, status, amount_cents, business_status, business_declared_at)
    select ${userId}, 'bench-' || (1 + n % ${MEMBERS}), 'for_you', 3, 'won', 100000 + n, 'declared', now() - n * interval '1 hour'
      from generate_series(1, 120) n`);
  await db.execute(sql`
    insert into notifications (user_id, kind, title, link, email, created_at)
    select ${userId}, 'recommendation_received', 'À lire ' || n, '/recommandations', 'never', now() - n * interval '1 minute'
      from generate_series(1, 500) n`);
  await db.execute(sql`analyze`);
}

async function bench(kind) {
  const seedAndTell = async (db) => {
    const seeded = await seed(db);
    console.log(
      `${kind}: ${MEMBERS} members, ${RECOMMENDATIONS} recommendations, ${NOTIFICATIONS} notifications, seeded in ${seeded.seconds} s`,
    );
    return seeded;
  };
  return withBenchApp(kind, { prefix: 'bench_today', postgresUrl, seed: seedAndTell }, async ({ address, db }) => {
    const url = `${address}/api/me/today`;
    const idle = await signUpSubscriber(address, db);
    await warmUp(url, { cookie: idle.cookie });
    const idleQueries = await queriesPerRequest(db, url, { cookie: idle.cookie });
    const busy = await signUpSubscriber(address, db);
    await busyDay(db, busy.userId);
    const headers = { cookie: busy.cookie };
    const check = await fetch(url, { headers });
    const body = await check.json();
    if (!check.ok) throw new Error(`${url}: ${check.status} ${JSON.stringify(body)}`);
    if (
      body.staleRecommendationsCount !== 300 ||
      body.businessToConfirmCount !== 120 ||
      !body.nextMeeting?.checkinOpen
    ) {
      throw new Error(`unexpected answer: ${JSON.stringify(body).slice(0, 300)}`);
    }
    await warmUp(url, headers);
    const queries = await queriesPerRequest(db, url, headers);
    if (queries !== idleQueries)
      throw new Error(`${queries} queries for a busy member, ${idleQueries} for an idle one`);
    return {
      queries,
      ...(await measureUrl(url, { connections: CONNECTIONS, duration: DURATION, headers, timeout: 60 })),
    };
  });
}

const loadBefore = os.loadavg()[0];
const only = option('--only', undefined);
const databases = ['pglite', ...(postgresUrl ? ['postgres'] : [])].filter((kind) => !only || kind === only);
const rows = [];
for (const kind of databases) {
  const m = await bench(kind);
  rows.push({
    database: kind,
    request: 'GET /api/me/today',
    'SQL queries': m.queries,
    'p50 (ms)': m.p50,
    'p99 (ms)': m.p99,
    'req/s': m.rps,
    requests: m.requests,
    errors: m.errors,
  });
}
console.log(`\nAujourd’hui (signed in, busy member), ${machine()}, ${new Date().toISOString().slice(0, 10)}`);
console.table(rows);
console.log(`Load average (1 min): ${loadBefore.toFixed(2)} before, ${os.loadavg()[0].toFixed(2)} after`);
