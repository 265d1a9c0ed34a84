// Latency and throughput of the event list (GET /api/events) on a seeded database: 2,000 events and
// 50,000 registrations, anonymous and as a signed-in subscriber, with autocannon, on embedded
// PGlite and, when BENCH_DATABASE_URL (or TEST_DATABASE_URL) is set, on PostgreSQL (a database of
// its own, created then dropped). Then, in the same run, a bare Fastify route answering the same
// JSON bytes (no database, no hooks): the ceiling the API is compared with (issue 20: anonymous at
// least 0.25 of it on PostgreSQL; signed in at least 0.8 of anonymous). Visitors are answered from
// the visitor cache (lib/visitor-cache.ts, 2 s); the anonymous list is also measured without it
// (every request reads the database), the figure the signed-in one is compared with too: a
// member's list is never cached, so the ratio tells what the session check costs.
// Usage: npm run bench:events [-- --duration 10 --connections 10 --only pglite|postgres
//        --cpu-prof-file events.cpuprofile (profile of the anonymous measurement, heaviest places printed)]
import os from 'node:os';
import { sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { VisitorCache } from '../apps/server/src/lib/visitor-cache.ts';
import { measureUrl, option, profiled, signUpSubscriber, warmUp, withBenchApp } from './lib/harness.mjs';

const DURATION = option('--duration', 10);
const CONNECTIONS = option('--connections', 10);
const EVENTS = 2_000;
const USERS = 100;
const REGISTRATIONS_PER_EVENT = 25; // 2,000 x 25 = 50,000
const postgresUrl = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL;

/** Bulk inserts in SQL: members, 2,000 events (a quarter past) and 50,000 registrations. */
async function seed(db) {
  await db.execute(sql`
    insert into "user" (id, name, email, email_verified)
    select 'bench-' || g, 'Membre ' || g, 'bench' || g || '@exemple.fr', true from generate_series(1, ${USERS}) g`);
  await db.execute(sql`
    insert into profiles (user_id, full_name) select id, name from "user" where id like 'bench-%'`);
  await db.execute(sql`
    insert into events (organizer_id, title, description, date, time, location, max_attendees, category, image_url)
    select 'bench-' || (1 + g % ${USERS}), 'Événement ' || g, 'Description de l''événement ' || g,
           current_date + (g - 500), time '08:00' + (g % 24) * interval '30 minutes', 'Lieu ' || g,
           case when g % 3 = 0 then 100 end, 'Atelier', '/images/event-categories/atelier.svg'
    from generate_series(1, ${EVENTS}) g`);
  await db.execute(sql`
    insert into event_registrations (event_id, user_id)
    select e.id, 'bench-' || (1 + (e.n + u) % ${USERS})
    from (select id, row_number() over (order by id) as n from events) e
    cross join generate_series(1, ${REGISTRATIONS_PER_EVENT}) u`);
  await db.execute(sql`vacuum analyze`);
  const [{ events, registrations }] = (
    await db.execute(
      sql`select (select count(*)::int from events) as events, (select count(*)::int from event_registrations) as registrations`,
    )
  ).rows;
  return { events, registrations };
}

/** A member signed up through the API, subscribed (row written directly), registered to 40 events. */
async function subscriberCookie(baseUrl, db) {
  const { userId, cookie } = await signUpSubscriber(baseUrl, db);
  await db.execute(sql`
    insert into event_registrations (event_id, user_id)
    select id, ${userId} from events where date >= current_date order by date, time limit 40`);
  return cookie;
}

async function run(url, headers) {
  return measureUrl(url, { connections: CONNECTIONS, duration: DURATION, headers, failOnErrors: true });
}

async function bench(kind) {
  return withBenchApp(kind, { prefix: 'synergie_bench', postgresUrl, seed }, async ({ address, db, app }) => {
    const cookie = await subscriberCookie(address, db);
    const url = `${address}/api/events`;
    await warmUp(url);
    const anonymous = await profiled(() => run(url, {}));
    const cache = app.ctx.visitorCache;
    app.ctx.visitorCache = new VisitorCache(0);
    const uncached = await run(url, {});
    app.ctx.visitorCache = cache;
    const subscriber = await run(url, { cookie });
    const body = await (await fetch(url)).text();
    return { anonymous, uncached, subscriber, bare: await bareFastify(body) };
  });
}

/** The same JSON bytes from a Fastify route with nothing else: no database, no hook, no session. */
async function bareFastify(body) {
  const bare = Fastify({ logger: false });
  bare.get('/api/events', (_request, reply) => reply.type('application/json; charset=utf-8').send(body));
  const address = await bare.listen({ port: 0, host: '127.0.0.1' });
  try {
    await warmUp(`${address}/api/events`);
    const result = await run(`${address}/api/events`, {});
    return { ...result, bytes: Buffer.byteLength(body) };
  } finally {
    await bare.close();
  }
}

const loadBefore = os.loadavg()[0];
const only = option('--only', undefined);
const kinds = ['pglite', ...(postgresUrl ? ['postgres'] : [])].filter((kind) => !only || kind === only);
const rows = [];
const ratios = [];
for (const kind of kinds) {
  const r = await bench(kind);
  console.log(
    `${kind}: ${r.seeded.events} events, ${r.seeded.registrations} registrations, ${DURATION} s x ${CONNECTIONS} connections`,
  );
  const viewers = {
    anonymous: 'anonymous (visitor cache)',
    uncached: 'anonymous, cache off',
    subscriber: 'signed in',
    bare: `bare Fastify, same ${r.bare.bytes} bytes`,
  };
  for (const who of ['anonymous', 'uncached', 'subscriber', 'bare']) {
    const m = r[who];
    rows.push({
      database: who === 'bare' ? '(none)' : kind,
      viewer: viewers[who],
      'p50 (ms)': m.p50,
      'p99 (ms)': m.p99,
      'req/s': m.rps,
      requests: m.requests,
    });
  }
  ratios.push({
    database: kind,
    'anonymous / bare Fastify': Math.round((r.anonymous.rps / r.bare.rps) * 100) / 100,
    'anonymous cache off / bare': Math.round((r.uncached.rps / r.bare.rps) * 100) / 100,
    'signed in / anonymous cache off': Math.round((r.subscriber.rps / r.uncached.rps) * 100) / 100,
    'signed in / anonymous': Math.round((r.subscriber.rps / r.anonymous.rps) * 100) / 100,
  });
}
console.log(
  `\nGET /api/events (first page of 50 upcoming events), Node ${process.version}, ${os.cpus().length} CPU (${os.cpus()[0]?.model ?? 'unknown'})`,
);
console.table(rows);
console.table(ratios);
// Other work on the machine slows every figure: the load average tells how quiet it was.
console.log(`Load average (1 min): ${loadBefore.toFixed(2)} before, ${os.loadavg()[0].toFixed(2)} after`);
