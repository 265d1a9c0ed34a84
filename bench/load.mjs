// Mixed load against PostgreSQL, then invariants. A database of its own (created, seeded, dropped),
// the real server started as child processes (two instances sharing one Redis by default),
// N concurrent clients, each a signed-in subscriber with its own address (X-Forwarded-For, the
// server trusts the proxy), cycling through a weighted mix of operations for D seconds; the
// requests alternate between the instances, as behind a load balancer. Then: registrations never
// above capacity, one rating per (rater, rated), one application per (job, applicant), at most one
// pending contact request per pair, and every accepted write (2xx) readable afterwards.
// Exits 1 if an invariant fails or any 5xx occurred.
//
// `--db pglite`: one instance on the embedded database in a data folder of its own (no PostgreSQL,
// no Redis). The server starts on the new folder (its RSS 1 s later is printed), a model member
// signs up and the server stops; the bench writes the same seed into the folder with PGlite, starts
// the server again on it and prints its resident memory (VmRSS, and its peak VmHWM, from
// /proc/PID/status) 1 s after that start and right after the load. The database invariants are
// read once the server has stopped. `--server FILE` runs another build of the server (a copy of
// apps/server/dist kept from before a change) to compare.
//
// Usage: npm run bench:load [-- --duration 60 --clients 200 --instances 2 --pool 10 --redis redis://127.0.0.1:6379]
//        npm run bench:load -- --db pglite [--duration 10 --clients 200 --server apps/server/dist-before/server.js]
// Database server: BENCH_DATABASE_URL or TEST_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres).
import { randomBytes, randomInt } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { openPglite } from '../apps/server/src/db/client.ts';
import {
  CookieJar,
  createDatabase,
  freePort,
  machine,
  option,
  percentile,
  root,
  sleep,
  startServer,
} from './lib/harness.mjs';
import { buildServerIfStale } from './lib/server-command.mjs';

const DURATION = option('--duration', 60);
const CLIENTS = option('--clients', 200);
const INSTANCES = option('--instances', 2);
const REDIS_URL = option('--redis', process.env.REDIS_URL || 'redis://127.0.0.1:6379');
const POOL = option('--pool', 10); // DATABASE_POOL_MAX of each instance
const DB = option('--db', 'postgres');
const SERVER_SCRIPT = option('--server', undefined);
const PGLITE = DB === 'pglite';
const MEMBERS = CLIENTS + 200; // the clients, plus members who post jobs and are rated
const HOT_EVENTS = 10; // upcoming, with small capacities: registrations compete for the last places
const OTHER_EVENTS = 300;
const JOBS = 40;
const PASSWORD = 'Motdepasse1';
const MESSAGE = 'Bonjour, votre offre correspond exactement à mon expérience, je serais ravi d’échanger.';

if (![1, 2].includes(INSTANCES)) throw new Error('--instances is 1 or 2');
if (!['postgres', 'pglite'].includes(DB)) throw new Error('--db is postgres or pglite');
if (PGLITE && process.argv.includes('--instances') && INSTANCES !== 1) {
  throw new Error('--db pglite runs one instance (one process owns an embedded data folder)');
}

/** Resident memory of a process in MiB and its peak so far (/proc/PID/status: VmRSS, VmHWM). */
function residentMemory(pid) {
  const text = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const mib = (field) => Math.round(Number(text.match(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm'))?.[1]) / 1024);
  return { rss: mib('VmRSS'), peak: mib('VmHWM') };
}

/** Members (clients are bench-1..bench-CLIENTS, all subscribers), events, jobs. */
async function seed(db, passwordHash) {
  await db.execute(sql`
    insert into "user" (id, name, email, email_verified)
    select 'bench-' || g, 'Membre ' || g, 'bench' || g || '@exemple.fr', true from generate_series(1, ${MEMBERS}) g`);
  await db.execute(sql`
    insert into account (id, account_id, provider_id, user_id, password)
    select 'acc-' || id, id, 'credential', id, ${passwordHash} from "user" where id like 'bench-%'`);
  await db.execute(sql`
    insert into profiles (user_id, full_name, profession, city)
    select id, name, (array['Développeur', 'Graphiste', 'Comptable', 'Avocat'])[1 + length(id) % 4], 'Paris'
    from "user" where id like 'bench-%'`);
  await db.execute(sql`
    insert into subscriptions (user_id, provider, plan_id, status, current_period_end, provider_updated_at)
    select id, 'demo', 'monthly', 'active', now() + interval '30 days', now() from "user" where id like 'bench-%'`);
  // Hot events: capacities 3 to 12, organised by members who are not clients.
  await db.execute(sql`
    insert into events (organizer_id, title, description, date, time, location, max_attendees, category, image_url)
    select 'bench-' || (${CLIENTS} + g), 'Atelier complet ' || g, 'Places limitées', current_date + 7, time '18:00',
           'Paris', 2 + g, 'Atelier', '/images/event-categories/atelier.svg'
    from generate_series(1, ${HOT_EVENTS}) g`);
  await db.execute(sql`
    insert into events (organizer_id, title, description, date, time, location, max_attendees, category, image_url)
    select 'bench-' || (${CLIENTS} + 1 + g % 200), 'Événement ' || g, 'Description ' || g, current_date + (g - 100),
           time '08:00' + (g % 24) * interval '30 minutes', 'Lieu ' || g, case when g % 3 = 0 then 100 end,
           'Conférence', '/images/event-categories/atelier.svg'
    from generate_series(1, ${OTHER_EVENTS}) g`);
  await db.execute(sql`
    insert into job_positions (user_id, title, location, type, experience, description)
    select 'bench-' || (${CLIENTS} + g), 'Poste ' || g, 'Paris', 'CDI', 'Confirmé', 'Description du poste ' || g
    from generate_series(1, ${JOBS}) g`);
  await db.execute(sql`analyze`);
  const hot = (await db.execute(sql`select id::text, max_attendees from events where title like 'Atelier complet %'`))
    .rows;
  const jobs = (await db.execute(sql`select id::text from job_positions`)).rows.map((r) => r.id);
  return { hot: hot.map((r) => r.id), jobs };
}

/**
 * A password hash Better Auth accepts, made by the server itself: one sign-up through the API
 * (signUpModel), whose hash passwordHashOf reads.
 */
async function signUpModel(baseUrl) {
  const email = `modele.${Date.now()}@exemple.fr`;
  const res = await fetch(`${baseUrl}/api/auth/sign-up/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: baseUrl, 'x-forwarded-for': '10.0.0.1' },
    body: JSON.stringify({ name: 'Modèle', email, password: PASSWORD }),
  });
  if (!res.ok) throw new Error(`sign-up failed: ${res.status} ${await res.text()}`);
  return email;
}

async function passwordHashOf(db, email) {
  const [row] = (
    await db.execute(sql`select a.password from account a join "user" u on u.id = a.user_id where u.email = ${email}`)
  ).rows;
  return row.password;
}

const stats = new Map(); // operation -> { latencies: [], statuses: Map }
const statusTotals = new Map();
function record(op, status, ms) {
  let s = stats.get(op);
  if (!s) {
    s = { latencies: [], statuses: new Map() };
    stats.set(op, s);
  }
  s.latencies.push(ms);
  s.statuses.set(status, (s.statuses.get(status) ?? 0) + 1);
  statusTotals.set(status, (statusTotals.get(status) ?? 0) + 1);
}

/** What the clients were told was written (2xx), to be read back afterwards. */
const accepted = {
  registration: new Map(), // `${user}|${event}` -> true (registered) | false (cancelled) | null (unknown)
  rating: new Map(), // `${rater}|${rated}` -> value | null
  applications: [], // { id, user, job }
  contactRequests: [], // { id, from, to }
  contactMessages: [], // id
};

function makeClient(index, bases, siteUrl, targets, browsePages) {
  const user = `bench-${index}`;
  const email = `bench${index}@exemple.fr`;
  const ip = `10.${randomInt(0, 250)}.${Math.floor(index / 250)}.${1 + (index % 250)}`;
  const jar = new CookieJar();
  let turn = index;
  const registered = new Set();

  let signedIn = false;
  async function call(op, method, url, body) {
    const base = bases[turn++ % bases.length];
    const started = performance.now();
    let status = 'network';
    let json;
    try {
      const res = await fetch(base + url, {
        method,
        headers: {
          origin: siteUrl,
          cookie: jar.header(),
          'x-forwarded-for': ip,
          ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(30_000),
      });
      status = res.status;
      jar.store(res);
      const text = await res.text();
      if ((res.headers.get('content-type') ?? '').includes('json') && text) json = JSON.parse(text);
    } catch {
      status = 'network';
    }
    record(op, status, performance.now() - started);
    // The session was lost (e.g. a sign-in that failed under load): the member signs in again.
    if (status === 401) signedIn = false;
    return { status, json, ok: typeof status === 'number' && status >= 200 && status < 300 };
  }

  const pick = (list) => list[randomInt(0, list.length)];
  const other = () => `bench-${1 + ((index + randomInt(1, MEMBERS)) % MEMBERS)}`;

  const operations = [
    // [weight, name, fn]
    [
      browsePages ? 6 : 0,
      'browse page',
      () => call('browse page', 'GET', pick(['/', '/events', '/pricing', '/careers'])),
    ],
    [8, 'list events', () => call('list events', 'GET', `/api/events?page=${randomInt(1, 4)}`)],
    [6, 'list jobs', () => call('list jobs', 'GET', '/api/jobs')],
    [6, 'directory', () => call('directory', 'GET', `/api/members?page=${randomInt(1, 6)}`)],
    [4, 'me', () => call('me', 'GET', '/api/me')],
    [3, 'sign in', () => call('sign in', 'POST', '/api/auth/sign-in/email', { email, password: PASSWORD })],
    [
      14,
      'register',
      async () => {
        const event = pick(targets.hot);
        const key = `${user}|${event}`;
        // A POST without a body reaches the schema as null, which it refuses: an empty object, as the web app sends.
        const res = await call('register', 'POST', `/api/events/${event}/registration`, {});
        if (res.ok) {
          accepted.registration.set(key, true);
          registered.add(event);
        } else if (res.status === 'network' || res.status >= 500) accepted.registration.set(key, null);
        return res;
      },
    ],
    [
      7,
      'cancel',
      async () => {
        const event = registered.size ? pick([...registered]) : pick(targets.hot);
        const key = `${user}|${event}`;
        const res = await call('cancel', 'DELETE', `/api/events/${event}/registration`);
        if (res.ok) {
          accepted.registration.set(key, false);
          registered.delete(event);
        } else if (res.status === 'network' || res.status >= 500) accepted.registration.set(key, null);
        return res;
      },
    ],
    [
      10,
      'rate',
      async () => {
        const rated = `bench-${1 + randomInt(CLIENTS, MEMBERS)}`;
        const value = randomInt(1, 6);
        const res = await call('rate', 'PUT', `/api/members/${rated}/rating`, { rating: value });
        const key = `${user}|${rated}`;
        if (res.ok) accepted.rating.set(key, value);
        else if (res.status === 'network' || res.status >= 500) accepted.rating.set(key, null);
        return res;
      },
    ],
    [
      6,
      'apply',
      async () => {
        const job = pick(targets.jobs);
        const res = await call('apply', 'POST', `/api/jobs/${job}/applications`, { message: MESSAGE });
        if (res.ok) accepted.applications.push({ id: res.json.id, user, job });
        return res;
      },
    ],
    [
      3,
      'contact request',
      async () => {
        const to = other();
        const res = await call('contact request', 'POST', `/api/members/${to}/contact-requests`, {
          message: 'Échangeons sur un projet commun.',
        });
        if (res.ok) accepted.contactRequests.push({ id: res.json.id, from: user, to });
        return res;
      },
    ],
    [
      1,
      'contact form',
      async () => {
        const res = await call('contact form', 'POST', '/api/contact', {
          name: `Membre ${index}`,
          email,
          message: 'Bonjour, une question sur l’adhésion au réseau.',
        });
        if (res.ok) accepted.contactMessages.push(res.json.id);
        return res;
      },
    ],
  ];
  const totalWeight = operations.reduce((sum, [w]) => sum + w, 0);
  function next() {
    let r = randomInt(0, totalWeight);
    for (const [w, , fn] of operations) {
      if (r < w) return fn;
      r -= w;
    }
    return operations[0][2];
  }

  return {
    user,
    jar,
    call,
    async signIn(op = 'sign in') {
      const res = await call(op, 'POST', '/api/auth/sign-in/email', { email, password: PASSWORD });
      signedIn = res.ok;
      return res;
    },
    async run(until) {
      while (performance.now() < until) {
        if (!signedIn) await this.signIn();
        else await next()();
      }
    },
  };
}

/** Each accepted application, looked for through the API as its applicant (GET /api/me/applications). */
async function readBackApplications(clients) {
  const byUser = new Map();
  for (const a of accepted.applications) byUser.set(a.user, [...(byUser.get(a.user) ?? []), a.id]);
  const applicationMisses = [];
  for (const c of clients) {
    const expected = byUser.get(c.user) ?? [];
    if (expected.length === 0) continue;
    const res = await c.call('read back', 'GET', '/api/me/applications');
    const seen = new Set((res.json?.applications ?? []).map((a) => a.id));
    for (const id of expected) if (!seen.has(id)) applicationMisses.push(id);
  }
  return applicationMisses;
}

async function checkInvariants(db, applicationMisses) {
  const results = [];
  const check = (name, failures, detail = '') =>
    results.push({ invariant: name, ok: failures.length === 0, failures: failures.length, detail });

  const over = (
    await db.execute(sql`
      select e.id, e.max_attendees, count(r.user_id)::int as registered
      from events e join event_registrations r on r.event_id = e.id
      where e.max_attendees is not null group by e.id having count(r.user_id) > e.max_attendees`)
  ).rows;
  const full = (
    await db.execute(sql`
      select count(*)::int as n from events e
      where e.title like 'Atelier complet %'
        and (select count(*) from event_registrations r where r.event_id = e.id) = e.max_attendees`)
  ).rows[0].n;
  check('registrations never above capacity', over, `${full} of ${HOT_EVENTS} hot events full at the end`);

  const ratingPairs = (
    await db.execute(sql`select rater_id, rated_id from member_ratings group by 1, 2 having count(*) > 1`)
  ).rows;
  check('one rating per (rater, rated)', ratingPairs);
  const applicationPairs = (
    await db.execute(sql`select job_id, applicant_id from applications group by 1, 2 having count(*) > 1`)
  ).rows;
  check('one application per (job, applicant)', applicationPairs);
  const pendingPairs = (
    await db.execute(sql`
      select least(requester_id, contact_id), greatest(requester_id, contact_id) from member_contacts
      where status = 'pending' group by 1, 2 having count(*) > 1`)
  ).rows;
  check('one pending contact request per pair', pendingPairs);

  // Every accepted write is there (and every accepted cancellation took effect).
  const registrations = new Set(
    (await db.execute(sql`select user_id || '|' || event_id::text as k from event_registrations`)).rows.map((r) => r.k),
  );
  const registrationMisses = [];
  let checkedRegistrations = 0;
  for (const [key, state] of accepted.registration) {
    if (state === null) continue;
    checkedRegistrations++;
    if (registrations.has(key) !== state) registrationMisses.push(key);
  }
  check(
    'accepted registrations/cancellations readable',
    registrationMisses,
    `${checkedRegistrations} (member, event) final states`,
  );

  const ratings = new Map(
    (await db.execute(sql`select rater_id || '|' || rated_id as k, rating from member_ratings`)).rows.map((r) => [
      r.k,
      r.rating,
    ]),
  );
  const ratingMisses = [...accepted.rating].filter(([k, v]) => v !== null && ratings.get(k) !== v);
  check('accepted ratings readable (last value)', ratingMisses, `${accepted.rating.size} pairs`);

  // Applications: read back through the API beforehand (readBackApplications).
  check(
    'accepted applications readable (GET /api/me/applications)',
    applicationMisses,
    `${accepted.applications.length} applications`,
  );

  const contactIds = new Set((await db.execute(sql`select id::text from member_contacts`)).rows.map((r) => r.id));
  check(
    'accepted contact requests readable',
    accepted.contactRequests.filter((r) => !contactIds.has(r.id)),
    `${accepted.contactRequests.length} requests`,
  );
  const messageIds = new Set((await db.execute(sql`select id::text from contact_messages`)).rows.map((r) => r.id));
  check(
    'accepted contact messages readable',
    accepted.contactMessages.filter((id) => !messageIds.has(String(id))),
    `${accepted.contactMessages.length} messages`,
  );
  return results;
}

/** The embedded database of `dataDir`, opened by this process while no server runs. */
async function openFolder(dataDir) {
  const database = await openPglite({ dataDir: path.join(dataDir, 'db') });
  return { db: database.db, close: () => database.close() };
}

async function main() {
  const database = PGLITE ? null : await createDatabase('synergie_load');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'synergie-load-'));
  const servers = [];
  const memory = {};
  let exitCode = 0;
  try {
    const ports = await Promise.all(Array.from({ length: PGLITE ? 1 : INSTANCES }, () => freePort()));
    const siteUrl = `http://127.0.0.1:${ports[0]}`;
    // The public pages are served from a copy of the web build (a rebuild meanwhile changes nothing);
    // without a build, the API only (NODE_ENV=development) and no page browsing.
    const built = fs.existsSync(path.join(root, 'apps/web/build/client/index.html'));
    if (built) fs.cpSync(path.join(root, 'apps/web/build/client'), path.join(dataDir, 'web'), { recursive: true });
    else console.log('apps/web/build/client is missing (npm run build): pages are not browsed');
    const env = {
      NODE_ENV: built ? 'production' : 'development',
      WEB_BUILD_DIR: path.join(dataDir, 'web'),
      DATABASE_URL: PGLITE ? '' : database.url,
      DATA_DIR: dataDir,
      SITE_URL: siteUrl,
      TRUST_PROXY: 'true',
      DATABASE_POOL_MAX: String(POOL),
      BETTER_AUTH_SECRET: randomBytes(32).toString('hex'),
      SMTP_URL: '',
      ...(INSTANCES > 1 && !PGLITE ? { REDIS_URL } : { REDIS_URL: '' }),
    };
    const start = (port) =>
      startServer({ port, env, logFile: path.join(dataDir, `server-${port}.log`), script: SERVER_SCRIPT });
    let targets;
    // Built before the clock starts (startServer would build a stale server inside the timed start).
    if (!SERVER_SCRIPT) buildServerIfStale();
    if (PGLITE) {
      // A new data folder: the server creates its database, a model member signs up, the server stops.
      const started = performance.now();
      const first = await start(ports[0]);
      memory['fresh start (s)'] = ((performance.now() - started) / 1000).toFixed(1);
      await sleep(1000);
      memory['RSS 1 s after a fresh start (MiB)'] = residentMemory(first.child.pid).rss;
      const email = await signUpModel(first.url);
      await first.stop();
      const folder = await openFolder(dataDir);
      try {
        targets = await seed(folder.db, await passwordHashOf(folder.db, email));
      } finally {
        await folder.close();
      }
      const again = performance.now();
      servers.push(await start(ports[0]));
      memory['start on the seeded folder (s)'] = ((performance.now() - again) / 1000).toFixed(1);
      await sleep(1000);
      const afterStart = residentMemory(servers[0].child.pid);
      memory['RSS 1 s after that start (MiB)'] = afterStart.rss;
    } else {
      for (const port of ports) servers.push(await start(port));
      const email = await signUpModel(servers[0].url);
      targets = await seed(database.db, await passwordHashOf(database.db, email));
    }
    const bases = servers.map((s) => s.url);
    console.log(
      `Seeded ${MEMBERS} members (${CLIENTS} subscribers as clients), ${HOT_EVENTS} events with 3-12 places, ${OTHER_EVENTS} other events, ${JOBS} jobs`,
    );

    const clients = Array.from({ length: CLIENTS }, (_, i) => makeClient(i + 1, bases, siteUrl, targets, built));
    // Every client signs in before the clock starts, 4 at a time (password hashing is the costly
    // part); not counted in the figures. A client that loses its session signs in again in the run.
    const queue = [...clients];
    await Promise.all(
      Array.from({ length: 4 }, async () => {
        for (let c = queue.shift(); c; c = queue.shift()) await c.signIn('setup');
      }),
    );
    const setup = stats.get('setup');
    stats.delete('setup');
    for (const [status, n] of setup?.statuses ?? []) statusTotals.set(status, statusTotals.get(status) - n);
    console.log(
      `Signed in ${CLIENTS} clients in ${Math.round(setup?.latencies.reduce((a, b) => a + b, 0) / 4 / 1000)} s: ${[...(setup?.statuses ?? [])].map(([k, v]) => `${k}:${v}`).join(' ')}`,
    );

    console.log(
      `Running ${CLIENTS} clients for ${DURATION} s against ${servers.length} instance(s)${servers.length > 1 ? ` sharing ${REDIS_URL}` : ''}${PGLITE ? ' on the embedded database' : ''}...`,
    );
    const loadBefore = os.loadavg()[0];
    const started = performance.now();
    const until = started + DURATION * 1000;
    await Promise.all(clients.map((c) => c.run(until)));
    const elapsed = (performance.now() - started) / 1000;
    if (PGLITE) {
      const afterLoad = residentMemory(servers[0].child.pid);
      memory['RSS right after the load (MiB)'] = afterLoad.rss;
      memory['peak RSS, start to end of the load (VmHWM, MiB)'] = afterLoad.peak;
    }

    // Report
    const all = [];
    const rows = [];
    let total = 0;
    for (const [op, s] of [...stats].sort((a, b) => b[1].latencies.length - a[1].latencies.length)) {
      const sorted = [...s.latencies].sort((x, y) => x - y);
      all.push(...sorted);
      total += sorted.length;
      rows.push({
        operation: op,
        requests: sorted.length,
        'p50 (ms)': Math.round(percentile(sorted, 50)),
        'p99 (ms)': Math.round(percentile(sorted, 99)),
        statuses: [...s.statuses]
          .sort((a, b) => String(a[0]).localeCompare(String(b[0])))
          .map(([k, v]) => `${k}:${v}`)
          .join(' '),
      });
    }
    all.sort((x, y) => x - y);
    rows.push({
      operation: 'ALL',
      requests: total,
      'p50 (ms)': Math.round(percentile(all, 50)),
      'p99 (ms)': Math.round(percentile(all, 99)),
      statuses: [...statusTotals]
        .sort((a, b) => String(a[0]).localeCompare(String(b[0])))
        .map(([k, v]) => `${k}:${v}`)
        .join(' '),
    });
    console.log(
      `\n${total} requests in ${elapsed.toFixed(1)} s (${Math.round(total / elapsed)} req/s), ${CLIENTS} clients, ${servers.length} instance(s) on ${DB}${SERVER_SCRIPT ? ` (${SERVER_SCRIPT})` : ''}; ${machine()}; load average ${loadBefore.toFixed(2)} before, ${os.loadavg()[0].toFixed(2)} after`,
    );
    console.table(rows);
    if (PGLITE) {
      console.log('Server memory (one instance, embedded database):');
      console.table(memory);
    }

    const applicationMisses = await readBackApplications(clients);
    let invariants;
    if (PGLITE) {
      // One process owns the data folder: read it once the server has stopped.
      for (const s of servers.splice(0)) await s.stop();
      const folder = await openFolder(dataDir);
      try {
        invariants = await checkInvariants(folder.db, applicationMisses);
      } finally {
        await folder.close();
      }
    } else {
      invariants = await checkInvariants(database.db, applicationMisses);
    }
    console.table(invariants);
    const fiveHundreds = [...statusTotals].filter(([k]) => typeof k === 'number' && k >= 500);
    const network = statusTotals.get('network') ?? 0;
    if (invariants.some((r) => !r.ok)) {
      console.error('FAIL: an invariant does not hold');
      exitCode = 1;
    }
    if (fiveHundreds.length) {
      console.error(`FAIL: 5xx answers: ${fiveHundreds.map(([k, v]) => `${k}:${v}`).join(' ')}`);
      exitCode = 1;
    }
    if (network) {
      console.error(`FAIL: ${network} requests got no answer (connection error or 30 s timeout)`);
      exitCode = 1;
    }
    if (exitCode === 0) console.log('OK: every invariant holds, no 5xx');
  } finally {
    for (const s of servers) await s.stop();
    await database?.drop();
    if (exitCode) console.error(`Server logs kept in ${dataDir}`);
    else fs.rmSync(dataDir, { recursive: true, force: true });
  }
  process.exit(exitCode);
}

await main();
