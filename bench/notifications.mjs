// Latency of the notification centre on a seeded database (network-core §8): 500,000
// notifications over 5,000 members (100 each, a third unread, over the last 200 days), plus the
// measured member's own 2,000. Measures, signed in, GET /api/me/notifications (the first page, and
// a deep keyset page 1,000 rows down), the unread filter, and GET /api/me/notifications/unread-count
// (the bell's poll); counts the SQL statements of one request and prints the plans (EXPLAIN) of the
// list and count queries, which must use notifications_user_idx and notifications_unread_idx.
// On embedded PGlite and, when BENCH_DATABASE_URL (or TEST_DATABASE_URL) is set, on PostgreSQL (a
// database of its own, created then dropped).
// Usage: npm run bench:notifications [-- --duration 10 --connections 10 --only pglite|postgres]
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
const MEMBERS = 5_000;
const PER_MEMBER = 100;
const OWN = 2_000;
const DEEP = 1_000;
const postgresUrl = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL;
const kinds = ['recommendation_received', 'recommendation_updated', 'business_to_confirm', 'testimonial'];
const kindList = `array[${kinds.map((k) => `'${k}'`).join(', ')}]`;

/** Bulk inserts in SQL: 5,000 members and their 500,000 notifications. */
async function seed(db) {
  const started = Date.now();
  await db.execute(sql`
    insert into "user" (id, name, email, email_verified)
    select 'bench-' || g, 'Membre ' || g, 'bench' || g || '@exemple.fr', true
      from generate_series(1, ${MEMBERS}) g`);
  await db.execute(sql`
    insert into notifications (user_id, kind, title, body, link, email, emailed_at, read_at, created_at)
    select 'bench-' || (1 + n % ${MEMBERS}),
           (${sql.raw(kindList)})[1 + n % ${kinds.length}],
           'Claire Martin vous recommande un contact (' || n || ')',
           case when n % 2 = 0 then 'Un client cherche un plombier pour une rénovation de salle de bains.' end,
           '/recommandations/' || n, 'immediate', now(),
           case when n % 3 <> 0 then now() end,
           now() - (n::float / ${MEMBERS * PER_MEMBER}) * interval '200 days'
      from generate_series(1, ${MEMBERS * PER_MEMBER}) n`);
  await db.execute(sql`vacuum analyze`);
  await db.execute(sql`checkpoint`).catch(() => {});
  const [{ total }] = (await db.execute(sql`select count(*)::int as total from notifications`)).rows;
  return { total, seconds: ((Date.now() - started) / 1000).toFixed(1) };
}

/** The measured member's own notifications, and the cursor of the row DEEP rows down. */
async function ownNotifications(db, userId) {
  await db.execute(sql`
    insert into notifications (user_id, kind, title, link, email, emailed_at, read_at, created_at)
    select ${userId}, (${sql.raw(kindList)})[1 + n % ${kinds.length}], 'Notification ' || n,
           '/recommandations/' || n, 'immediate', now(), case when n % 3 <> 0 then now() end,
           now() - n * interval '1 hour'
      from generate_series(1, ${OWN}) n`);
  await db.execute(sql`analyze notifications`);
  const [row] = (
    await db.execute(sql`
      select (extract(epoch from created_at) * 1000000)::bigint::text as micros, id::text as id
        from notifications where user_id = ${userId}
       order by created_at desc, id desc offset ${DEEP - 1} limit 1`)
  ).rows;
  return Buffer.from(`${row.micros}|${row.id}`).toString('base64url');
}

/** The plans of the list (deep page) and count queries, as the routes send them. */
async function plans(db, userId, cursor) {
  const [micros, id] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  const explain = async (query) =>
    (await db.execute(sql`explain ${query}`)).rows.map((r) => Object.values(r)[0]).join('\n      ');
  return {
    list: await explain(sql`
      select id, kind, title, body, link, read_at, created_at from notifications
       where user_id = ${userId}
         and (created_at, id) < (timestamptz 'epoch' + ${micros}::bigint * interval '1 microsecond', ${id}::uuid)
       order by created_at desc, id desc limit 21`),
    count: await explain(sql`select count(*)::int from notifications where user_id = ${userId} and read_at is null`),
  };
}

/** The SQL statements the database driver receives while one request of `url` is answered. */
async function bench(kind) {
  const seedAndTell = async (db) => {
    const seeded = await seed(db);
    console.log(`${kind}: ${seeded.total} notifications over ${MEMBERS} members, seeded in ${seeded.seconds} s`);
    return seeded;
  };
  return withBenchApp(kind, { prefix: 'bench_notifs', postgresUrl, seed: seedAndTell }, async ({ address, db }) => {
    const { userId, cookie } = await signUpSubscriber(address, db);
    const cursor = await ownNotifications(db, userId);
    const headers = { cookie };
    const scenarios = [
      ['première page', '/api/me/notifications'],
      [`page profonde (${DEEP} lignes plus bas)`, `/api/me/notifications?before=${encodeURIComponent(cursor)}`],
      ['non lues', '/api/me/notifications?unread=true'],
      ['nombre de non lues', '/api/me/notifications/unread-count'],
    ];
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
        path: pathAndQuery.replace(/before=[^&]+/, 'before=…'),
        queries,
        ...(await measureUrl(url, { connections: CONNECTIONS, duration: DURATION, headers, timeout: 60 })),
      });
    }
    return { results, plans: await plans(db, userId, cursor) };
  });
}

const loadBefore = os.loadavg()[0];
const only = option('--only', undefined);
const databases = ['pglite', ...(postgresUrl ? ['postgres'] : [])].filter((kind) => !only || kind === only);
const rows = [];
for (const kind of databases) {
  const r = await bench(kind);
  console.log(`${kind}: measured, ${DURATION} s x ${CONNECTIONS} connections per request`);
  console.log(`${kind} plans:\n  list (deep page):\n      ${r.plans.list}\n  unread count:\n      ${r.plans.count}`);
  for (const m of r.results) {
    rows.push({
      database: kind,
      request: `GET ${m.path}`,
      'SQL queries': m.queries,
      'p50 (ms)': m.p50,
      'p99 (ms)': m.p99,
      'req/s': m.rps,
      requests: m.requests,
      errors: m.errors,
    });
  }
}
console.log(`\nNotification centre (signed in), ${machine()}, ${new Date().toISOString().slice(0, 10)}`);
console.table(rows);
console.log(`Load average (1 min): ${loadBefore.toFixed(2)} before, ${os.loadavg()[0].toFixed(2)} after`);
