// Fault drills; each prints what happened and exits 1 when the expected behaviour is not seen.
// Results: docs/reliability.md. Usage: npm run bench:faults -- <drill> [options]
//   postgres-restart [--duration 30 --clients 20 --restart-at 8 --down 0]
//       One server on a PostgreSQL database of its own, signed-in clients reading and writing; the
//       PostgreSQL server is restarted mid-run (pg_ctlcluster). Expected: failures are 503 (never
//       500) while it is away, then every request succeeds again without restarting the app.
//       `--down N`: stopped for N seconds instead of a plain restart. PostgreSQL is started again at
//       the end whatever happens (also on Ctrl-C).
//   upload-kill [--rounds 5]
//       The server is SIGKILLed in the middle of a large streamed upload, then several times while
//       avatar uploads are in flight; after each restart: no profile pointing at a missing file, no
//       temporary file left under DATA_DIR/uploads; unreferenced images are removed at a later start.
//   smtp-down, stripe-replay, two-instances
//       Run the tests that drill these (apps/server/test/mail-outbox.test.ts, billing.test.ts,
//       two-instances.redis.test.ts, the latter with TEST_DATABASE_URL and TEST_REDIS_URL).
import { execFileSync, spawnSync } from 'node:child_process';
import { randomBytes, randomInt } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { sql } from 'drizzle-orm';
import { adminUrl, CookieJar, createDatabase, freePort, option, root, sleep, startServer } from './lib/harness.mjs';

const drill = process.argv[2];
const PASSWORD = 'Motdepasse1';

function cluster() {
  const versions = fs.readdirSync('/etc/postgresql');
  return { version: versions[0], name: 'main' };
}
function pgReady() {
  const url = new URL(adminUrl);
  return spawnSync('pg_isready', ['-q', '-h', url.hostname, '-p', url.port || '5432']).status === 0;
}
function pgctl(action) {
  const { version, name } = cluster();
  execFileSync('pg_ctlcluster', ['--skip-systemctl-redirect', version, name, action], { stdio: 'inherit' });
}

async function signUp(base, ip = '10.0.0.1') {
  const jar = new CookieJar();
  const email = `faute.${randomBytes(4).toString('hex')}@exemple.fr`;
  const res = await fetch(`${base}/api/auth/sign-up/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base, 'x-forwarded-for': ip },
    body: JSON.stringify({ name: 'Membre Exercice', email, password: PASSWORD }),
  });
  if (!res.ok) throw new Error(`sign-up failed: ${res.status} ${await res.text()}`);
  // A sign-up signs nobody in (issue 33): the member signs in with the password.
  const signedIn = await fetch(`${base}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base, 'x-forwarded-for': ip },
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  if (!signedIn.ok) throw new Error(`sign-in failed: ${signedIn.status} ${await signedIn.text()}`);
  jar.store(signedIn);
  return { jar, email, userId: (await signedIn.json()).user.id };
}

async function postgresRestart() {
  const DURATION = option('--duration', 30);
  const CLIENTS = option('--clients', 20);
  const RESTART_AT = option('--restart-at', 8);
  // 0: a plain restart (a few seconds); N: stopped for N seconds, then started.
  const DOWN = option('--down', 0);
  if (!pgReady()) throw new Error(`PostgreSQL does not answer at ${adminUrl}`);
  const database = await createDatabase('synergie_fault');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'synergie-fault-'));
  const restore = () => {
    if (!pgReady()) {
      console.log('Starting PostgreSQL again (trap)');
      try {
        pgctl('start');
      } catch (error) {
        console.error('could not start PostgreSQL:', error);
      }
    }
  };
  process.on('exit', restore);
  process.on('SIGINT', () => {
    restore();
    process.exit(130);
  });
  let server;
  let failed = false;
  try {
    const port = await freePort();
    server = await startServer({
      port,
      env: {
        NODE_ENV: 'development',
        DATABASE_URL: database.url,
        DATA_DIR: dataDir,
        SITE_URL: `http://127.0.0.1:${port}`,
        TRUST_PROXY: 'true',
        BETTER_AUTH_SECRET: randomBytes(32).toString('hex'),
        LOG_LEVEL: 'error',
        // Limits off: the drill is about the database, not about a client that repeats itself.
        CONTACT_RATE_LIMIT: '100000',
        AUTH_RATE_LIMIT: 'false',
      },
      logFile: path.join(dataDir, 'server.log'),
    });
    const base = server.url;
    const members = [];
    for (let i = 0; i < CLIENTS; i++) members.push(await signUp(base, `10.3.0.${i + 1}`));

    const timeline = new Map(); // second -> Map(status -> count)
    const started = performance.now();
    const until = started + DURATION * 1000;
    const byPath = new Map(); // `${method} ${url}` -> Map(status -> count)
    const note = (status, key) => {
      const path = byPath.get(key) ?? new Map();
      path.set(status, (path.get(status) ?? 0) + 1);
      byPath.set(key, path);
      const second = Math.floor((performance.now() - started) / 1000);
      const row = timeline.get(second) ?? new Map();
      row.set(status, (row.get(status) ?? 0) + 1);
      timeline.set(second, row);
    };
    // Public lists, the session (our routes and Better Auth's), a write, now and then a sign-in.
    const requests = [
      () => ['/api/events', 'GET'],
      () => ['/api/me', 'GET'],
      () => ['/api/jobs', 'GET'],
      () => ['/api/auth/get-session', 'GET'],
      (m) =>
        randomInt(0, 5) === 0
          ? ['/api/auth/sign-in/email', 'POST', { email: m.email, password: PASSWORD }]
          : ['/api/me', 'GET'],
      (m) => [
        '/api/contact',
        'POST',
        { name: 'Membre Exercice', email: m.email, message: 'Un message pendant le redémarrage.' },
      ],
    ];
    const client = async (m, i) => {
      while (performance.now() < until) {
        const [url, method, body] = requests[randomInt(0, requests.length)](m);
        let status = 'no answer';
        try {
          const res = await fetch(base + url, {
            method,
            headers: {
              origin: base,
              cookie: m.jar.header(),
              'x-forwarded-for': `10.3.0.${i + 1}`,
              ...(body ? { 'content-type': 'application/json' } : {}),
            },
            body: body ? JSON.stringify(body) : undefined,
            signal: AbortSignal.timeout(20_000),
          });
          status = res.status;
          await res.arrayBuffer();
        } catch {
          status = 'no answer';
        }
        note(status, `${method} ${url}`);
        await sleep(50);
      }
    };
    const restart = (async () => {
      await sleep(RESTART_AT * 1000);
      const at = ((performance.now() - started) / 1000).toFixed(1);
      if (DOWN > 0) {
        console.log(`t=${at}s: stopping PostgreSQL (pg_ctlcluster stop), starting it again ${DOWN} s later`);
        pgctl('stop');
        console.log(`t=${((performance.now() - started) / 1000).toFixed(1)}s: PostgreSQL is stopped`);
        await sleep(DOWN * 1000);
        pgctl('start');
      } else {
        console.log(`t=${at}s: restarting PostgreSQL (pg_ctlcluster restart)`);
        pgctl('restart');
      }
      console.log(`t=${((performance.now() - started) / 1000).toFixed(1)}s: PostgreSQL is back`);
    })();
    await Promise.all([...members.map(client), restart]);

    console.log('\nsecond: answers by status');
    const totals = new Map();
    for (const [second, row] of [...timeline].sort((a, b) => a[0] - b[0])) {
      console.log(`${String(second).padStart(3)}s: ${[...row].map(([k, v]) => `${k}×${v}`).join('  ')}`);
      for (const [k, v] of row) totals.set(k, (totals.get(k) ?? 0) + v);
    }
    console.log(`total: ${[...totals].map(([k, v]) => `${k}×${v}`).join('  ')}`);
    for (const [key, row] of byPath) console.log(`  ${key}: ${[...row].map(([k, v]) => `${k}×${v}`).join('  ')}`);
    const seconds = [...timeline.keys()].sort((a, b) => a - b);
    const lastFive = seconds.slice(-5).map((s) => timeline.get(s));
    const recovered = lastFive.every((row) => [...row.keys()].every((k) => typeof k === 'number' && k < 300));
    const fiveHundred = [...totals].filter(([k]) => typeof k === 'number' && k >= 500 && k !== 503);
    const outage = [...totals].filter(([k]) => k === 503 || k === 'no answer');
    const firstOk = seconds.find(
      (s) => s > RESTART_AT && [...timeline.get(s).keys()].every((k) => typeof k === 'number' && k < 300),
    );
    console.log(
      `\nfailures during the outage: ${outage.map(([k, v]) => `${k}×${v}`).join(', ') || 'none'}; ` +
        `other 5xx: ${fiveHundred.map(([k, v]) => `${k}×${v}`).join(', ') || 'none'}; ` +
        `first whole second with only 2xx after the restart: t=${firstOk ?? '-'}s; ` +
        `last 5 s all 2xx: ${recovered}`,
    );
    if (fiveHundred.length || !recovered || totals.has('no answer')) failed = true;
    const health = await fetch(`${base}/api/health`).then((r) => r.status);
    console.log(`GET /api/health after the run: ${health} (the same server process, not restarted)`);
    if (health !== 200) failed = true;
  } finally {
    await server?.stop();
    restore();
    await database.drop();
    if (failed) console.error(`Server log kept in ${dataDir}`);
    else fs.rmSync(dataDir, { recursive: true, force: true });
  }
  console.log(failed ? 'FAIL' : 'OK: 503 during the outage, never 500; recovered by itself');
  return failed ? 1 : 0;
}

/** A valid PNG of w×h pixels (random colours), without an image library. */
function png(w, h) {
  const chunk = (type, data) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(zlib.crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(w, 0);
  header.writeUInt32BE(h, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // RGB
  const rows = [];
  for (let y = 0; y < h; y++) rows.push(Buffer.concat([Buffer.from([0]), randomBytes(w * 3)]));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', zlib.deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/**
 * POST a multipart upload of `body` to `url`, written in `chunk`-byte pieces `pauseMs` apart;
 * resolves with the status, or 'no answer' when the connection dies.
 */
function upload(url, cookie, body, { chunk = body.length, pauseMs = 0, onSent } = {}) {
  const boundary = `----exercice${randomBytes(6).toString('hex')}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="photo.png"\r\nContent-Type: image/png\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const payload = Buffer.concat([head, body, tail]);
  const target = new URL(url);
  return new Promise((resolve) => {
    const req = http.request(
      {
        method: 'POST',
        hostname: target.hostname,
        port: target.port,
        path: target.pathname,
        headers: {
          origin: target.origin,
          cookie,
          'content-type': `multipart/form-data; boundary=${boundary}`,
          'content-length': payload.length,
        },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode));
      },
    );
    req.on('error', () => resolve('no answer'));
    (async () => {
      let sent = 0;
      while (sent < payload.length) {
        const piece = payload.subarray(sent, sent + chunk);
        if (!req.write(piece)) await new Promise((r) => req.once('drain', r));
        sent += piece.length;
        onSent?.(sent);
        if (pauseMs && sent < payload.length) await sleep(pauseMs);
        if (req.destroyed) return;
      }
      req.end();
    })().catch(() => {});
  });
}

async function uploadKill() {
  const ROUNDS = option('--rounds', 5);
  const database = await createDatabase('synergie_fault');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'synergie-fault-'));
  const port = await freePort();
  const env = {
    NODE_ENV: 'development',
    DATABASE_URL: database.url,
    DATA_DIR: dataDir,
    SITE_URL: `http://127.0.0.1:${port}`,
    BETTER_AUTH_SECRET: randomBytes(32).toString('hex'),
    LOG_LEVEL: 'warn',
  };
  const logFile = path.join(dataDir, 'server.log');
  const uploads = path.join(dataDir, 'uploads');
  let server;
  let failed = false;

  async function check(label) {
    const profiles = (
      await database.db.execute(
        sql`select user_id, avatar_url, company_logo_url from profiles where avatar_url is not null or company_logo_url is not null`,
      )
    ).rows;
    const missing = [];
    const referenced = new Set();
    for (const p of profiles) {
      for (const url of [p.avatar_url, p.company_logo_url]) {
        if (!url) continue;
        const file = path.join(uploads, url.replace(/^\/storage\//, ''));
        referenced.add(file);
        if (!fs.existsSync(file)) missing.push(url);
      }
    }
    const files = fs.existsSync(uploads)
      ? fs
          .readdirSync(uploads, { recursive: true })
          .map((f) => path.join(uploads, f))
          .filter((f) => fs.statSync(f).isFile())
          // The sweeps' ownership markers (apps/server/src/domain/orphan-uploads.ts) are not uploads.
          .filter((f) => !f.includes(`${path.sep}_owner${path.sep}`))
      : [];
    const temporary = files.filter((f) => path.basename(f).endsWith('.tmp'));
    const unreferenced = files.filter((f) => !f.endsWith('.tmp') && !referenced.has(f));
    console.log(
      `${label}: ${profiles.length} profiles with an image, ${missing.length} pointing at a missing file, ` +
        `${files.length} files, ${temporary.length} temporary, ${unreferenced.length} not referenced by any profile`,
    );
    if (missing.length || temporary.length) failed = true;
    return { missing, temporary, unreferenced };
  }

  try {
    server = await startServer({ port, env, logFile });
    const members = [];
    for (let i = 0; i < 4; i++) members.push(await signUp(server.url));
    const avatarUrl = `${server.url}/api/me/avatar`;

    // 1. SIGKILL in the middle of a large upload streamed slowly (4.5 MB, 64 KB every 20 ms).
    const big = randomBytes(4.5 * 1024 * 1024);
    let killedAt = 0;
    const pending = upload(avatarUrl, members[0].jar.header(), big, {
      chunk: 64 * 1024,
      pauseMs: 20,
      onSent: (sent) => {
        if (!killedAt && sent > 2 * 1024 * 1024) {
          killedAt = sent;
          server.child.kill('SIGKILL');
        }
      },
    });
    await server.exited;
    console.log(
      `large upload: server SIGKILLed after ${(killedAt / 2 ** 20).toFixed(1)} MB of 4.5 MB; client saw: ${await pending}`,
    );
    server = await startServer({ port, env, logFile });
    await check('after restart');

    // 2. Kills at random moments while complete avatar uploads are in flight.
    const image = png(1200, 900);
    let ok = 0;
    for (let round = 1; round <= ROUNDS; round++) {
      const inFlight = members.map((m) => upload(avatarUrl, m.jar.header(), image));
      await sleep(randomInt(20, 400));
      server.child.kill('SIGKILL');
      await server.exited;
      const statuses = await Promise.all(inFlight);
      ok += statuses.filter((s) => s === 200).length;
      console.log(`round ${round}: SIGKILL with 4 uploads in flight; answers: ${statuses.join(', ')}`);
      server = await startServer({ port, env, logFile });
      await check(`round ${round}, after restart`);
    }
    // 3. Files left unreferenced by the kills are removed at a start at least an hour later (the
    // sweep leaves recent files alone: they may be an upload another instance is finishing).
    // The files are backdated by two hours to stand for that later start.
    const { unreferenced } = await check('before the later start');
    const twoHoursAgo = new Date(Date.now() - 2 * 3600 * 1000);
    for (const file of unreferenced) fs.utimesSync(file, twoHoursAgo, twoHoursAgo);
    await server.stop();
    server = await startServer({ port, env, logFile });
    const swept = await check(`a start later (${unreferenced.length} unreferenced files backdated by 2 h)`);
    if (swept.unreferenced.length) failed = true;
    // 4. And the uploads still work afterwards.
    const after = await upload(avatarUrl, members[0].jar.header(), image);
    console.log(`an upload after the drill: ${after}; uploads answered 200 during the drill: ${ok}`);
    if (after !== 200) failed = true;
    const final = await check('final');
    if (final.unreferenced.length) failed = true;
  } finally {
    await server?.stop();
    await database.drop();
    if (failed) console.error(`Data and server log kept in ${dataDir}`);
    else fs.rmSync(dataDir, { recursive: true, force: true });
  }
  console.log(failed ? 'FAIL' : 'OK: no profile points at a missing file, no temporary or orphan file left');
  return failed ? 1 : 0;
}

function vitest(project, file, name, env = {}) {
  const args = ['vitest', 'run', '--project', project, file, ...(name ? ['-t', name] : [])];
  console.log(`npx ${args.join(' ')}`);
  return spawnSync('npx', args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } }).status ?? 1;
}

const drills = {
  'postgres-restart': postgresRestart,
  'upload-kill': uploadKill,
  'smtp-down': async () =>
    vitest('db-pglite', 'apps/server/test/mail-outbox.test.ts', 'SMTP server is down|exactly once|lease'),
  'stripe-replay': async () =>
    vitest('db-pglite', 'apps/server/test/billing.test.ts', 'the same event three times gives one state'),
  'two-instances': async () => {
    if (!process.env.TEST_REDIS_URL || !process.env.TEST_DATABASE_URL) {
      console.error('Set TEST_DATABASE_URL and TEST_REDIS_URL (e.g. redis://127.0.0.1:6379)');
      return 1;
    }
    return vitest('redis-postgres', 'apps/server/test/two-instances.redis.test.ts');
  },
};

const run = drills[drill];
if (!run) {
  console.error(`Usage: npm run bench:faults -- <${Object.keys(drills).join('|')}> [options]`);
  process.exit(2);
}
process.exit(await run());
