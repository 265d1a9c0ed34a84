// Shared by bench/load.mjs and bench/faults.mjs: a PostgreSQL database of their own (created,
// migrated, dropped) and the real server (apps/server/src/server.ts) started as child processes.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { migrateDatabase, openPostgres } from '../../apps/server/src/db/client.ts';

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

/** A fresh, migrated PostgreSQL database; `drop()` removes it. */
export async function createDatabase(prefix) {
  const name = `${prefix}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = await openPostgres(url.toString(), 2);
  await migrateDatabase(database);
  return {
    name,
    url: url.toString(),
    db: database.db,
    async drop() {
      await database.close().catch(() => {});
      const cleanup = new pg.Client({ connectionString: adminUrl });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}

export async function freePort() {
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

/**
 * The server as it runs in production (`node --import tsx apps/server/src/server.ts`), as a child
 * process on its own port; resolves once /api/health answers. Its log goes to `logFile`.
 */
export async function startServer({ port, env, logFile }) {
  const logPath = logFile ?? path.join(os.tmpdir(), `synergie-server-${port}.log`);
  const log = fs.openSync(logPath, 'a');
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/server.ts'], {
    cwd: root,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', ...env },
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
    if (i > 240) throw new Error(`the server on port ${port} did not answer within 60 s`);
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
