// Shared by the benches. bench/load.mjs and bench/faults.mjs: a PostgreSQL database of their own
// (created, migrated, dropped) and the real server, built (apps/server/dist/server.js, see
// ./server-command.mjs), started as child processes. bench/directory.mjs and bench/events-list.mjs: the real app built in this process on
// PGlite or on a PostgreSQL database of their own (withBenchApp), a signed-up subscriber, autocannon.
// freePort lives in ./free-port.mjs so that bench/lighthouse.mjs (plain node, no tsx) shares it too.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { migrateDatabase, openPglite, openPostgres } from '../../apps/server/src/db/client.ts';
import { freePort } from './free-port.mjs';
import { buildServerIfStale, previousServerArgs, serverArgs, serverEnv } from './server-command.mjs';

export { freePort };

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const adminUrl =
  process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';

export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

export function option(name, fallback) {
  const args = process.argv.slice(2);
  const index = args.indexOf(name);
  if (index < 0) return fallback;
  const value = args[index + 1];
  return typeof fallback === 'number' ? Number(value) : value;
}

/**
 * A fresh, migrated PostgreSQL database on `serverUrl` (default `adminUrl`), opened with a pool of
 * `poolMax` connections; `drop()` closes it and removes it (also done if the migration fails).
 */
export async function createDatabase(prefix, { serverUrl = adminUrl, poolMax = 2 } = {}) {
  const name = `${prefix}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  let database;
  async function drop() {
    await database?.close().catch(() => {});
    const cleanup = new pg.Client({ connectionString: serverUrl });
    await cleanup.connect();
    try {
      await cleanup.query(`drop database if exists ${name} with (force)`);
    } finally {
      await cleanup.end();
    }
  }
  try {
    database = await openPostgres(url.toString(), poolMax);
    await migrateDatabase(database);
  } catch (error) {
    await drop().catch(() => {});
    throw error;
  }
  return { name, url: url.toString(), database, db: database.db, drop };
}

/**
 * The real app (`buildApp`, production settings) in this process, listening on a free port, on a
 * fresh embedded PGlite (`kind` 'pglite') or on a PostgreSQL database of its own created on
 * `postgresUrl` (`kind` 'postgres', named `<prefix>_<random>`, 10 pooled connections). The
 * database is migrated, then `seed(db)` fills it and `measure({ address, db })` runs the
 * measurements. Resolves to `{ seeded, ...measured }`; the app, the database (dropped on
 * PostgreSQL) and the data folder are always cleaned up, error or not.
 * `keep` (bench/national-scale.mjs, whose seed takes minutes): on PostgreSQL the URL of an existing
 * database, migrated and used as it is, never dropped; on PGlite a data folder kept between runs.
 * `seed` then receives the database whatever it holds and decides whether to fill it.
 */
export async function withBenchApp(kind, { prefix, postgresUrl, seed, keep, env: extraEnv = {} }, measure) {
  // Imported here rather than at the top: load.mjs and faults.mjs run the server as child
  // processes and need not load the app.
  const { buildApp } = await import('../../apps/server/src/app.ts');
  const { loadEnv } = await import('../../apps/server/src/env.ts');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'synergie-bench-'));
  let closeDatabase = async () => {};
  let app;
  try {
    let database;
    if (keep && kind === 'postgres') {
      database = await openPostgres(keep, 10);
      closeDatabase = () => database.close();
      await migrateDatabase(database);
    } else if (keep) {
      database = await openPglite({ dataDir: keep });
      closeDatabase = () => database.close();
      await migrateDatabase(database);
    } else if (kind === 'postgres') {
      const created = await createDatabase(prefix, { serverUrl: postgresUrl, poolMax: 10 });
      database = created.database;
      closeDatabase = created.drop;
    } else {
      database = await openPglite({ dataDir: path.join(dataDir, 'db') });
      closeDatabase = () => database.close();
      await migrateDatabase(database);
    }
    // A kept database holds the signing keys of an earlier run, encrypted with that run's secret.
    if (keep) await database.db.execute(sql`delete from jwks`);
    const seeded = await seed(database.db);
    const port = await freePort();
    const env = loadEnv({
      NODE_ENV: 'production',
      LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'silent',
      DATA_DIR: dataDir,
      SITE_URL: `http://127.0.0.1:${port}`,
      AUTH_RATE_LIMIT: 'false',
      SMTP_URL: '',
      DATABASE_URL: '',
      ...extraEnv,
    });
    app = await buildApp({
      env,
      database,
      authSecret: randomBytes(32).toString('hex'),
      logger: Boolean(process.env.BENCH_LOG_LEVEL),
    });
    const address = await app.listen({ port, host: '127.0.0.1' });
    const measured = await measure({ address, db: database.db, app });
    // Let the last answers finish before the database goes.
    await sleep(1000);
    return { seeded, ...measured };
  } finally {
    // Each step on its own: a failing one neither skips the others nor hides the bench's error.
    await app?.close().catch((error) => console.error('closing the app failed:', error));
    await closeDatabase().catch((error) => console.error('closing or dropping the database failed:', error));
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/**
 * A member signed up through the API (`baseUrl`, the app's own origin, sent as Origin), with an
 * active demo subscription (row written directly). Returns the user's id and the session cookie.
 */
export async function signUpSubscriber(baseUrl, db) {
  // Random too: two sign-ups in the same millisecond (a bench's loop) must not share an address.
  const email = `abonne.${Date.now()}.${randomBytes(4).toString('hex')}@exemple.fr`;
  const res = await fetch(`${baseUrl}/api/auth/sign-up/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: baseUrl },
    body: JSON.stringify({ name: 'Abonné Bench', email, password: 'Motdepasse1' }),
  });
  if (!res.ok) throw new Error(`sign-up failed: ${res.status} ${await res.text()}`);
  // A sign-up signs nobody in (issue 33): the subscriber signs in with the password.
  const signedIn = await fetch(`${baseUrl}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: baseUrl },
    body: JSON.stringify({ email, password: 'Motdepasse1' }),
  });
  if (!signedIn.ok) throw new Error(`sign-in failed: ${signedIn.status} ${await signedIn.text()}`);
  const userId = (await signedIn.json()).user.id;
  const cookie = signedIn.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .join('; ');
  await db.execute(sql`
    insert into subscriptions (user_id, provider, plan_id, status, current_period_end, provider_updated_at)
    values (${userId}, 'demo', 'monthly', 'active', now() + interval '30 days', now())`);
  return { userId, cookie };
}

/** Warm-up before a measurement: plans cached, JIT warm (2 connections for 2 s, answers not checked). */
export async function warmUp(url, headers = {}) {
  await autocannon({ url, connections: 2, duration: 2, headers });
}

/**
 * autocannon on `url`: latency p50 and p99 (ms), requests per second, requests, and errors
 * (autocannon 8 counts a timeout among its errors as well as in `timeouts`: counted once here). Throws on any non-2xx answer, and with `failOnErrors` on any error or timeout too.
 * `timeout`: autocannon's per-request timeout in seconds (its own default, 10, when not given).
 */
export async function measureUrl(url, { connections, duration, headers = {}, timeout, failOnErrors = false }) {
  const result = await autocannon({ url, connections, duration, headers, ...(timeout ? { timeout } : {}) });
  if (result.non2xx > 0 || (failOnErrors && result.errors > 0)) {
    throw new Error(`${result.non2xx} non-2xx answers and ${result.errors} errors for ${url}`);
  }
  return {
    p50: result.latency.p50,
    p99: result.latency.p99,
    rps: Math.round(result.requests.average),
    requests: result.requests.total,
    errors: result.errors,
  };
}

/**
 * The server as it runs in production (`npm run serve`: `node` with `serverArgs` and `serverEnv` of
 * server-command.mjs, on apps/server/dist/server.js built first when a source is newer), as a child process on its own
 * port; resolves once /api/health answers. Its log goes to `logFile`.
 */
export async function startServer({ port, env, logFile, script }) {
  // `script`: another build of the server (one kept from before a change), run as it was then.
  const args = script ? previousServerArgs(script) : serverArgs;
  if (!script) buildServerIfStale();
  const logPath = logFile ?? path.join(os.tmpdir(), `synergie-server-${port}.log`);
  const log = fs.openSync(logPath, 'a');
  const child = spawn(process.execPath, args, {
    cwd: root,
    env: {
      ...process.env,
      ...(script ? {} : serverEnv),
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', log, log],
  });
  const exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    const state = await Promise.race([exited, sleep(250).then(() => null)]);
    if (state) {
      const tail = fs.readFileSync(logPath, 'utf8').slice(-2000);
      throw new Error(`the server on port ${port} exited (${JSON.stringify(state)}) before answering:\n${tail}`);
    }
    try {
      const res = await fetch(`${url}/api/health`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (i > 720) throw new Error(`the server on port ${port} did not answer within 180 s`);
  }
  return {
    url,
    child,
    exited,
    /** SIGTERM (graceful) by default; resolves when the process is gone. */
    async stop(signal = 'SIGTERM') {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      return exited;
    },
  };
}

/** Cookies as a browser keeps them (name=value pairs from every Set-Cookie). */
export class CookieJar {
  cookies = new Map();
  store(response) {
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const index = pair.indexOf('=');
      if (index < 0) continue;
      const name = pair.slice(0, index).trim();
      const value = pair.slice(index + 1).trim();
      if (value === '' || /max-age=0/i.test(line)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }
  header() {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }
}

export function percentile(sorted, p) {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

export function machine() {
  const cpus = os.cpus();
  return `${cpus.length} vCPU ${cpus[0]?.model?.trim() ?? 'unknown'}, ${Math.round(os.totalmem() / 2 ** 30)} GB RAM, Node ${process.version}`;
}

/**
 * Runs `fn` under the V8 CPU profiler when `--cpu-prof-file FILE` is given (Chrome DevTools opens
 * the file), and prints the ten heaviest places by self time, grouped by package or source file.
 * Without the option, runs `fn` alone.
 */
export async function profiled(fn) {
  const file = option('--cpu-prof-file', undefined);
  if (!file) return fn();
  const { Session } = await import('node:inspector/promises');
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.start');
  try {
    return await fn();
  } finally {
    const { profile } = await session.post('Profiler.stop');
    session.disconnect();
    fs.writeFileSync(file, JSON.stringify(profile));
    const byId = new Map(profile.nodes.map((n) => [n.id, n]));
    const spent = new Map();
    let total = 0;
    profile.samples.forEach((id, i) => {
      const { url, functionName } = byId.get(id).callFrame;
      const place = url.includes('node_modules/')
        ? url.replace(/.*node_modules\/((@[^/]+\/)?[^/]+).*/, '$1')
        : url.replace(`file://${root}/`, '').replace(/^node:.*/, 'node (internal)') || functionName;
      spent.set(place, (spent.get(place) ?? 0) + profile.timeDeltas[i]);
      total += profile.timeDeltas[i];
    });
    console.log(`CPU profile written to ${file}; self time by place:`);
    for (const [place, us] of [...spent].sort((a, b) => b[1] - a[1]).slice(0, 10))
      console.log(
        `  ${(us / 1000).toFixed(0).padStart(6)} ms ${((100 * us) / total).toFixed(1).padStart(5)} %  ${place}`,
      );
  }
}

/**
 * The SQL statements the database driver receives while one request of `url` is answered (the
 * benches' "constant number of queries" figure).
 */
export async function queriesPerRequest(db, url, headers = {}) {
  const driver = db.$client;
  const original = driver.query;
  let count = 0;
  driver.query = function (...args) {
    count += 1;
    return original.apply(this, args);
  };
  try {
    const res = await fetch(url, { headers });
    await res.arrayBuffer();
  } finally {
    driver.query = original;
  }
  return count;
}
