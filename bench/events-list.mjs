// Latency and throughput of the event list (GET /api/events) on a seeded database: 2,000 events and
// 50,000 registrations, anonymous and as a signed-in subscriber, with autocannon, on embedded
// PGlite and, when BENCH_DATABASE_URL (or TEST_DATABASE_URL) is set, on PostgreSQL (a database of
// its own, created then dropped). Usage: npm run bench:events [-- --duration 10 --connections 10]
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { buildApp } from '../apps/server/src/app.ts';
import { migrateDatabase, openPglite, openPostgres } from '../apps/server/src/db/client.ts';
import { loadEnv } from '../apps/server/src/env.ts';

const args = process.argv.slice(2);
const arg = (name, fallback) => (args.includes(name) ? Number(args[args.indexOf(name) + 1]) : fallback);
const DURATION = arg('--duration', 10);
const CONNECTIONS = arg('--connections', 10);
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
  const email = `abonne.${Date.now()}@exemple.fr`;
  const res = await fetch(`${baseUrl}/api/auth/sign-up/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: baseUrl },
    body: JSON.stringify({ name: 'Abonné Bench', email, password: 'Motdepasse1' }),
  });
  if (!res.ok) throw new Error(`sign-up failed: ${res.status} ${await res.text()}`);
  const userId = (await res.json()).user.id;
  const cookie = res.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .join('; ');
  await db.execute(sql`
    insert into subscriptions (user_id, provider, plan_id, status, current_period_end, provider_updated_at)
    values (${userId}, 'demo', 'monthly', 'active', now() + interval '30 days', now())`);
  await db.execute(sql`
    insert into event_registrations (event_id, user_id)
    select id, ${userId} from events where date >= current_date order by date, time limit 40`);
  return cookie;
}

async function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

async function run(url, headers) {
  const result = await autocannon({ url, connections: CONNECTIONS, duration: DURATION, headers });
  if (result.non2xx > 0 || result.errors > 0) {
    throw new Error(`${result.non2xx} non-2xx answers and ${result.errors} errors for ${url}`);
  }
  return {
    p50: result.latency.p50,
    p99: result.latency.p99,
    rps: Math.round(result.requests.average),
    requests: result.requests.total,
  };
}

async function bench(kind) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'synergie-bench-'));
  let database;
  let dropDatabase = async () => {};
  if (kind === 'postgres') {
    const name = `synergie_bench_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: postgresUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const dbUrl = new URL(postgresUrl);
    dbUrl.pathname = `/${name}`;
    database = await openPostgres(dbUrl.toString(), 10);
    dropDatabase = async () => {
      const cleanup = new pg.Client({ connectionString: postgresUrl });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    };
  } else {
    database = await openPglite({ dataDir: path.join(dataDir, 'db') });
  }
  let app;
  try {
    await migrateDatabase(database);
    const seeded = await seed(database.db);
    const port = await freePort();
    const env = loadEnv({
      NODE_ENV: 'production',
      LOG_LEVEL: 'silent',
      DATA_DIR: dataDir,
      SITE_URL: `http://127.0.0.1:${port}`,
      AUTH_RATE_LIMIT: 'false',
      SMTP_URL: '',
      DATABASE_URL: '',
    });
    app = await buildApp({ env, database, authSecret: randomBytes(32).toString('hex'), logger: false });
    const address = await app.listen({ port, host: '127.0.0.1' });
    const cookie = await subscriberCookie(address, database.db);
    const url = `${address}/api/events`;
    // Warm-up: plans cached, JIT warm.
    await autocannon({ url, connections: 2, duration: 2 });
    const anonymous = await run(url, {});
    const subscriber = await run(url, { cookie });
    // Let the last answers finish before the database goes.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    return { kind, seeded, anonymous, subscriber };
  } finally {
    await app?.close();
    await database.close();
    await dropDatabase();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

const loadBefore = os.loadavg()[0];
const kinds = ['pglite', ...(postgresUrl ? ['postgres'] : [])];
const rows = [];
for (const kind of kinds) {
  const r = await bench(kind);
  console.log(
    `${kind}: ${r.seeded.events} events, ${r.seeded.registrations} registrations, ${DURATION} s x ${CONNECTIONS} connections`,
  );
  for (const who of ['anonymous', 'subscriber']) {
    const m = r[who];
    rows.push({
      database: kind,
      viewer: who,
      'p50 (ms)': m.p50,
      'p99 (ms)': m.p99,
      'req/s': m.rps,
      requests: m.requests,
    });
  }
}
console.log(
  `\nGET /api/events (first page of 50 upcoming events), Node ${process.version}, ${os.cpus().length} CPU (${os.cpus()[0]?.model ?? 'unknown'})`,
);
console.table(rows);
// Other work on the machine slows every figure: the load average tells how quiet it was.
console.log(`Load average (1 min): ${loadBefore.toFixed(2)} before, ${os.loadavg()[0].toFixed(2)} after`);
