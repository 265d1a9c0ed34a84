// Issue 29, "Performance at national scale": the member's, the leader's and the admin's pages on the
// whole network. Seeds it (bench/lib/national-seed.mjs: at scale 1, 20,000 members in 500 groups,
// 1,000,000 recommendations, 5,000,000 notifications, 100,000 meetings and their attendance) by SQL
// after the app's migrations, starts the real app (withBenchApp), signs in 40 members spread over
// the network (and the presidents of 40 groups, and an admin), then for each endpoint sends GET
// requests from `--connections` clients (20) in a worker thread for `--duration` seconds, each
// client taking the next member, and prints the median, p95 and p99 of the answers' times.
// PostgreSQL at scale 1 (goal p95 ≤ 50 ms), PGlite at 0.1 (goal p95 ≤ 150 ms).
//
// Usage:
//   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench:national
//   npm run bench:national -- --only pglite
// Options:
//   --only pglite|postgres         one database (PostgreSQL needs BENCH_DATABASE_URL or TEST_DATABASE_URL)
//   --scale N                      multiply the counts (default 1 on PostgreSQL, 0.1 on PGlite; 0.02 to develop)
//   --endpoints LIST               comma-separated `actor:path`, actor member | leader | admin; `{slug}` and
//                                  `{groupId}` are the leader's group (default member:/api/me/today,member:/api/me/return;
//                                  the group overview and the national view of issue 29, once merged:
//                                  leader:/api/groups/{groupId}/health,admin:/api/admin/health)
//   --duration S --connections N   each endpoint's measurement (10 s, 20 clients)
//   --keep URL|DIR                 an existing PostgreSQL database (or a PGlite data folder) kept between runs:
//                                  seeded once (a table bench_national records the scale), migrated at each run
//   --explain FILE                 EXPLAIN (ANALYZE, BUFFERS) of every statement one request of each endpoint
//                                  sends, written to FILE (Markdown)
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { sql } from 'drizzle-orm';
import { machine, option, percentile, root, signUpSubscriber, withBenchApp } from './lib/harness.mjs';
import { nationalCounts, SEATS_PER_GROUP, seedNation } from './lib/national-seed.mjs';

const DURATION = option('--duration', 10);
const CONNECTIONS = option('--connections', 20);
const SIGNED_IN = 40;
const GOALS = { postgres: 50, pglite: 150 };
const ENDPOINTS = option('--endpoints', 'member:/api/me/today,member:/api/me/return')
  .split(',')
  .map((spec) => {
    const [actor, ...rest] = spec.trim().split(':');
    if (!['member', 'leader', 'admin'].includes(actor)) throw new Error(`--endpoints: unknown actor in ${spec}`);
    return { actor, path: rest.join(':') };
  });
const postgresUrl = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL;
const keep = option('--keep', undefined);
const explainFile = option('--explain', undefined);
const only = option('--only', undefined);

/** The driver's statements while `fn` runs: [{ text, values }]. */
async function captured(db, fn) {
  const driver = db.$client;
  const original = driver.query;
  const statements = [];
  driver.query = function (first, values, ...rest) {
    const text = typeof first === 'string' ? first : first.text;
    const params = typeof first === 'string' ? values : (first.values ?? values);
    statements.push({ text, values: params ?? [] });
    return original.call(this, first, values, ...rest);
  };
  try {
    await fn();
  } finally {
    driver.query = original;
  }
  return statements;
}

async function explain(db, statements) {
  const out = [];
  for (const { text, values } of statements) {
    if (!/^\s*(select|with)\b/i.test(text)) continue;
    const result = await db.$client.query(`explain (analyze, buffers) ${text}`, values);
    const plan = result.rows.map((r) => r['QUERY PLAN']).join('\n');
    out.push({ text: text.replace(/\s+/g, ' ').trim(), plan });
  }
  return out;
}

async function seedOrReuse(db, kind, scale) {
  await db.execute(
    sql`create table if not exists bench_national (scale numeric not null, seeded_at timestamptz not null default now())`,
  );
  const { rows } = await db.execute(sql`select scale::float8 as scale from bench_national`);
  if (rows.length > 0) {
    if (Number(rows[0].scale) !== scale)
      throw new Error(`--keep: this database holds scale ${rows[0].scale}, not ${scale}`);
    console.log(`${kind}: reusing the network seeded at scale ${scale}`);
    await db.execute(sql`analyze`);
    return { reused: true, ...nationalCounts(scale) };
  }
  const c = nationalCounts(scale);
  console.log(
    `${kind}: seeding ${c.members} members in ${c.groups} groups, ${c.recommendations} recommendations, ` +
      `${c.notifications} notifications, ${c.meetings} meetings (scale ${scale})`,
  );
  const seeded = await seedNation(db, scale, (step, s) => console.log(`  ${step.padEnd(16)} ${s.toFixed(1)} s`));
  await db.execute(sql`insert into bench_national (scale) values (${scale})`);
  const { rows: sizes } = await db.execute(sql`
    select (select count(*) from meeting_attendance)::int as attendance,
           (select count(*) from recommendations)::int as recommendations,
           pg_size_pretty(pg_database_size(current_database())) as size`);
  console.log(
    `${kind}: seeded in ${seeded.seconds.toFixed(0)} s: ${sizes[0].recommendations} recommendations, ` +
      `${sizes[0].attendance} attendance rows, database ${sizes[0].size}`,
  );
  return seeded;
}

async function signIn(address, email, password) {
  const res = await fetch(`${address}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: address },
    body: JSON.stringify({ email, password }),
  });
  if (!res.ok) throw new Error(`sign-in of ${email} failed: ${res.status} ${await res.text()}`);
  return res.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .join('; ');
}

/** Cookies of SIGNED_IN members spread over the network, of as many groups' presidents, and of an admin. */
async function actors(address, db, counts) {
  const admin = await signUpSubscriber(address, db);
  await db.execute(
    sql`insert into user_roles (user_id, role) values (${admin.userId}, 'admin') on conflict do nothing`,
  );
  const { rows } = await db.execute(sql`select password from account where user_id = ${admin.userId}`);
  const hash = rows[0].password;
  const step = Math.floor(counts.members / SIGNED_IN);
  const members = Array.from({ length: SIGNED_IN }, (_, k) => 1 + k * step + (k % (SEATS_PER_GROUP - 3)) + 3);
  const groupStep = Math.max(1, Math.floor(counts.groups / SIGNED_IN));
  const presidents = Array.from(
    { length: Math.min(SIGNED_IN, counts.groups) },
    (_, k) => 1 + k * groupStep * SEATS_PER_GROUP,
  );
  const ids = [...new Set([...members, ...presidents])].map((i) => `nat-${i}`);
  for (const id of ids) {
    await db.execute(sql`
      insert into account (id, account_id, provider_id, user_id, password)
      values (${`bench-${id}`}, ${id}, 'credential', ${id}, ${hash}) on conflict (id) do nothing`);
  }
  const cookieOf = async (i) => signIn(address, `nat${i}@exemple.fr`, 'Motdepasse1');
  const memberCookies = [];
  for (const i of members) memberCookies.push({ cookie: await cookieOf(i) });
  const leaderCookies = [];
  for (const i of presidents) {
    const slug = `nat-${1 + (i - 1) / SEATS_PER_GROUP}`;
    const { rows: found } = await db.execute(sql`select id from groups where slug = ${slug}`);
    leaderCookies.push({ cookie: await cookieOf(i), slug, groupId: found[0].id });
  }
  return { member: memberCookies, leader: leaderCookies, admin: [{ cookie: admin.cookie }] };
}

function measure(targets, seconds) {
  return new Promise((resolve, reject) => {
    const worker = new Worker(path.join(root, 'bench/lib/closed-loop-worker.mjs'));
    worker.once('message', (answer) => {
      worker.terminate();
      resolve(answer);
    });
    worker.once('error', reject);
    worker.postMessage({ targets, connections: CONNECTIONS, seconds });
  });
}

async function bench(kind) {
  const scale = option('--scale', kind === 'postgres' ? 1 : 0.1);
  let counts;
  const seed = async (db) => {
    counts = await seedOrReuse(db, kind, scale);
    return counts;
  };
  return withBenchApp(kind, { prefix: 'bench_national', postgresUrl, seed, keep }, async ({ address, db }) => {
    const who = await actors(address, db, counts);
    const rows = [];
    const explained = [];
    for (const endpoint of ENDPOINTS) {
      const targets = who[endpoint.actor].map((a) => ({
        url: `${address}${endpoint.path.replace('{slug}', a.slug ?? '').replace('{groupId}', a.groupId ?? '')}`,
        cookie: a.cookie,
      }));
      for (const target of targets.slice(0, 3)) {
        const res = await fetch(target.url, { headers: { cookie: target.cookie } });
        const body = await res.text();
        if (!res.ok) throw new Error(`${target.url}: ${res.status} ${body.slice(0, 300)}`);
      }
      const statements = await captured(db, async () => {
        const res = await fetch(targets[0].url, { headers: { cookie: targets[0].cookie } });
        await res.arrayBuffer();
      });
      if (explainFile) explained.push({ endpoint, plans: await explain(db, statements) });
      await measure(targets, 2); // warm-up: plans, caches, JIT
      const { ms, statuses, errors } = await measure(targets, DURATION);
      const sorted = Float64Array.from(ms).sort();
      const ok = statuses[200] ?? 0;
      if (ok !== sorted.length || errors > 0)
        throw new Error(`${endpoint.path}: answers ${JSON.stringify(statuses)}, ${errors} errors`);
      rows.push({
        database: kind,
        scale,
        request: `GET ${endpoint.path} (${endpoint.actor})`,
        'SQL statements': statements.length,
        'p50 (ms)': Number(percentile(sorted, 50).toFixed(1)),
        'p95 (ms)': Number(percentile(sorted, 95).toFixed(1)),
        'p99 (ms)': Number(percentile(sorted, 99).toFixed(1)),
        'req/s': Math.round(sorted.length / DURATION),
        goal: `p95 ≤ ${GOALS[kind]} ms: ${percentile(sorted, 95) <= GOALS[kind] ? 'met' : 'NOT met'}`,
      });
    }
    return { rows, explained };
  });
}

const loadBefore = os.loadavg()[0];
const databases = ['pglite', ...(postgresUrl ? ['postgres'] : [])].filter((kind) => !only || kind === only);
if (keep && databases.length > 1) throw new Error('--keep names one database: give --only too');
const rows = [];
const explained = [];
for (const kind of databases) {
  const result = await bench(kind);
  rows.push(...result.rows);
  explained.push(...result.explained.map((e) => ({ kind, ...e })));
}
console.log(
  `\nNational scale, ${CONNECTIONS} concurrent clients, ${DURATION} s an endpoint, ${machine()}, ${new Date().toISOString().slice(0, 16)} UTC`,
);
console.table(rows);
console.log(`Load average (1 min): ${loadBefore.toFixed(2)} before, ${os.loadavg()[0].toFixed(2)} after`);
if (explainFile) {
  const text = explained
    .map(
      ({ kind, endpoint, plans }) =>
        `## ${kind}: GET ${endpoint.path} (${endpoint.actor})\n\n` +
        plans.map((p) => `\`\`\`sql\n${p.text}\n\`\`\`\n\n\`\`\`\n${p.plan}\n\`\`\`\n`).join('\n'),
    )
    .join('\n');
  fs.writeFileSync(explainFile, text);
  console.log(`EXPLAIN ANALYZE written to ${explainFile}`);
}
