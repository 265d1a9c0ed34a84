// Start time and memory of the server as production runs it (`npm run serve`: plain Node on the
// build, apps/server/dist/server.js), and of the sources run through tsx (`--variants tsx`: how
// `npm run serve` ran before the build, and how `npm run dev` runs). For each run and variant, on
// embedded PGlite, NODE_ENV=production, the web build served:
//   fresh     a new data folder (a copy of the build's migrated template, or, without one, PGlite's
//             initdb and every migration): milliseconds from spawning `node` to the first 200 of
//             GET /api/health, and the processor time (user + system, every thread) the server used
//             until then, the figure that a busy machine disturbs least; its RSS 1 s later; then
//             it is stopped;
//   existing  the same folder again, with 300 events written in it meanwhile: milliseconds and
//             processor time to the first 200, resident memory (RSS) 1 s after it, then autocannon on GET /api/events
//             (first page, 50 events) for --load seconds with --connections connections, and the
//             RSS and its peak (VmHWM) right after.
// Variants alternate run by run (A B A B ...) so that a machine getting busier weighs on both.
// Prints each run, then the median (min-max) of every figure per variant. Plain Node (no tsx):
// the only server import is PGlite, to write the events between the two starts.
// A variant may also be the path of another build's server.js (a copy of apps/server/dist kept from
// before a change, inside the repository so that its packages resolve), run with
// `--enable-source-maps` only, as `npm run serve` ran before issue 20: before and after a change,
// alternating.
// Usage: npm run bench:start [-- --runs 5 --load 10 --connections 10 --variants dist,tsx,dist-node-maps]
//        npm run bench:start -- --variants apps/server/dist-before/server.js,dist [--as-serve: the
//        other build with today's flags | --path-flags "--enable-source-maps ...": with these]
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import autocannon from 'autocannon';
import { freePort } from './lib/free-port.mjs';
import { buildServerIfStale, previousServerArgs, root, serverArgs, serverEnv } from './lib/server-command.mjs';

const args = process.argv.slice(2);
const arg = (name, fallback) => (args.includes(name) ? args[args.indexOf(name) + 1] : fallback);
const RUNS = Number(arg('--runs', '5'));
const LOAD_SECONDS = Number(arg('--load', '10'));
const CONNECTIONS = Number(arg('--connections', '10'));
const VARIANTS = arg('--variants', 'dist,tsx').split(',');

/** How each variant starts the server (argv after `node`). */
const COMMANDS = {
  dist: serverArgs,
  tsx: ['--import', 'tsx', 'apps/server/src/server.ts'],
  // The build with Node's own source maps, read at start: what the server's own, read at the first
  // stack trace (apps/server/src/lib/stack-traces.ts), saves.
  'dist-node-maps': ['--enable-source-maps', ...serverArgs],
  // The build with V8's default young generation: what --max-semi-space-size=4 saves and costs.
  'dist-default-heap': serverArgs.filter((arg) => !arg.startsWith('--max-semi-space-size')),
  // The build with V8's own growth of the old generation (environment below).
  'dist-default-growth': serverArgs,
  // This build run as `npm run serve` ran until 2026-11-29: Node's source maps, the growth of a
  // quarter as a flag from the first instruction on, and the scheduled jobs from the instant the
  // server listens (JOBS_START_DELAY_MS=0 below: the first job then, the others 200 ms apart).
  'dist-until-11-29': [
    '--enable-source-maps',
    ...serverArgs.slice(0, -1),
    '--heap-growing-percent=25',
    serverArgs.at(-1),
  ],
};
/** What a variant changes in the server's environment. */
const VARIANT_ENV = {
  // V8's own growth of the old generation: what V8_HEAP_GROWING_PERCENT=25 saves and costs.
  'dist-default-growth': { V8_HEAP_GROWING_PERCENT: '0' },
  'dist-until-11-29': { V8_HEAP_GROWING_PERCENT: '0', JOBS_START_DELAY_MS: '0' },
};
// `--as-serve`: a build given as a path runs with today's flags (to compare two builds only);
// `--path-flags "FLAGS"`: with these (how `npm run serve` ran that build, to compare two states).
const AS_SERVE = args.includes('--as-serve');
const PATH_FLAGS = arg('--path-flags', undefined)?.split(' ').filter(Boolean);
for (const variant of VARIANTS) {
  if (variant.endsWith('.js'))
    COMMANDS[variant] = PATH_FLAGS
      ? [...PATH_FLAGS, variant]
      : AS_SERVE
        ? [...serverArgs.slice(0, -1), variant]
        : previousServerArgs(variant);
  if (!COMMANDS[variant])
    throw new Error(`unknown variant ${variant} (${Object.keys(COMMANDS).join(', ')}, or a server.js)`);
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

if (!fs.existsSync(path.join(root, 'apps/web/build/client/index.html'))) {
  throw new Error('The web app is not built: run `npm run build` first.');
}
// The build of the current sources (a no-op when apps/server/dist is up to date).
if (VARIANTS.some((variant) => variant.startsWith('dist'))) buildServerIfStale();

/**
 * Processor time (user + system) a process has used so far, in ms (Linux /proc; NaN elsewhere).
 * Unlike the wall time, it hardly depends on what else the machine runs meanwhile.
 */
function cpuMs(pid) {
  const stat = `/proc/${pid}/stat`;
  if (!fs.existsSync(stat)) return Number.NaN;
  // Fields after the command name (which may hold spaces, in parentheses): utime and stime are 14 and 15.
  const text = fs.readFileSync(stat, 'utf8');
  const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS;
}
const CLOCK_TICKS = Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout.trim()) || 100;

/** Resident memory of a process in MB, and its peak so far (Linux /proc; `ps` elsewhere, no peak). */
function memory(pid) {
  const status = `/proc/${pid}/status`;
  if (fs.existsSync(status)) {
    const text = fs.readFileSync(status, 'utf8');
    const kb = (field) => Number(text.match(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm'))?.[1]);
    return { rss: kb('VmRSS') / 1024, peak: kb('VmHWM') / 1024 };
  }
  const out = spawnSync('ps', ['-o', 'rss=', '-p', String(pid)], { encoding: 'utf8' }).stdout;
  return { rss: Number(out.trim()) / 1024, peak: Number.NaN };
}

/** Starts the server on `dataDir`; resolves once /api/health answers 200, with the time it took. */
async function start(variant, dataDir) {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const log = path.join(dataDir, `server-${path.basename(path.dirname(variant))}-${path.basename(variant)}.log`);
  const out = fs.openSync(log, 'a');
  const started = performance.now();
  const child = spawn(process.execPath, COMMANDS[variant], {
    cwd: root,
    env: {
      ...process.env,
      ...serverEnv,
      NODE_OPTIONS: '',
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      SMTP_URL: '',
      REDIS_URL: '',
      S3_BUCKET: '',
      SITE_URL: url,
      BETTER_AUTH_SECRET: randomBytes(32).toString('base64'),
      LOG_LEVEL: 'warn',
      ...VARIANT_ENV[variant],
    },
    stdio: ['ignore', out, out],
  });
  fs.closeSync(out);
  const exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`the server (${variant}) exited before answering:\n${fs.readFileSync(log, 'utf8').slice(-2000)}`);
    }
    try {
      if ((await fetch(`${url}/api/health`)).ok) break;
    } catch {
      // not listening yet
    }
    if (performance.now() - started > 300_000) {
      child.kill('SIGKILL');
      throw new Error(`the server (${variant}) did not answer within 300 s`);
    }
    await sleep(10);
  }
  const ms = performance.now() - started;
  const cpu = cpuMs(child.pid);
  // The load average when this start ended: what else the machine was running.
  const load = os.loadavg()[0];
  return {
    url,
    ms,
    cpu,
    load,
    pid: child.pid,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
      await exited;
      clearTimeout(timer);
    },
  };
}

/** 300 events (a third past) by one organiser, written with PGlite while the server is stopped. */
async function writeEvents(dataDir) {
  const db = await PGlite.create({ dataDir: path.join(dataDir, 'db') });
  try {
    await db.exec(`
      insert into "user" (id, name, email, email_verified) values ('bench-organiser', 'Organisatrice Bench', 'organisatrice@exemple.fr', true);
      insert into profiles (user_id, full_name) values ('bench-organiser', 'Organisatrice Bench');
      insert into events (organizer_id, title, description, date, time, location, max_attendees, category, image_url)
      select 'bench-organiser', 'Événement ' || g, 'Description de l''événement ' || g, current_date + (g - 100),
             time '08:00' + (g % 24) * interval '30 minutes', 'Lieu ' || g, case when g % 3 = 0 then 100 end,
             'Atelier', '/images/event-categories/atelier.svg'
      from generate_series(1, 300) g;
      checkpoint;`);
  } finally {
    await db.close();
  }
}

async function measure(variant) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'synergie-start-'));
  try {
    const fresh = await start(variant, dataDir);
    await sleep(1000);
    fresh.rss = memory(fresh.pid).rss;
    await fresh.stop();
    await writeEvents(dataDir);
    const server = await start(variant, dataDir);
    try {
      await sleep(1000);
      const afterStart = memory(server.pid);
      const load = await autocannon({
        url: `${server.url}/api/events`,
        connections: CONNECTIONS,
        duration: LOAD_SECONDS,
      });
      if (load.non2xx > 0) throw new Error(`${load.non2xx} non-2xx answers`);
      const afterLoad = memory(server.pid);
      return {
        variant,
        'fresh start (ms)': Math.round(fresh.ms),
        'fresh start CPU (ms)': Math.round(fresh.cpu),
        'RSS 1 s after the fresh start (MB)': Math.round(fresh.rss),
        'start (ms)': Math.round(server.ms),
        'start CPU (ms)': Math.round(server.cpu),
        'load average': Number(server.load.toFixed(1)),
        'RSS after start (MB)': Math.round(afterStart.rss),
        'RSS after load (MB)': Math.round(afterLoad.rss),
        'peak RSS (MB)': Math.round(afterLoad.peak),
        'requests/s': Math.round(load.requests.average),
        // No answer within autocannon's 10 s: only when the machine is far busier than the server.
        timeouts: load.timeouts,
      };
    } finally {
      await server.stop();
    }
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : Math.round((sorted[mid - 1] + sorted[mid]) / 2);
};

const cpus = os.cpus();
console.log(
  `${cpus.length} vCPU ${cpus[0]?.model?.trim() ?? 'unknown'}, ${Math.round(os.totalmem() / 2 ** 30)} GB RAM, Node ${process.version}; ` +
    `${RUNS} runs of ${VARIANTS.join(', ')}; load ${LOAD_SECONDS} s x ${CONNECTIONS} connections; load average ${os.loadavg()[0].toFixed(1)}`,
);
const results = [];
for (let run = 1; run <= RUNS; run++) {
  for (const variant of VARIANTS) {
    const result = await measure(variant);
    results.push(result);
    console.log(`run ${run}`, JSON.stringify(result));
  }
}
const summary = {};
for (const variant of VARIANTS) {
  const rows = results.filter((r) => r.variant === variant);
  summary[variant] = {};
  for (const key of Object.keys(rows[0]).filter((k) => k !== 'variant')) {
    const values = rows.map((r) => r[key]);
    summary[variant][key] = `${median(values)} (${Math.min(...values)}-${Math.max(...values)})`;
  }
}
console.log(`Median (min-max) of ${RUNS} runs; load average now ${os.loadavg()[0].toFixed(1)}`);
console.table(summary);
