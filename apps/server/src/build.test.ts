import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * The production build (apps/server/build.mjs, run by `npm run build`): the server and its two
 * command-line tools bundled to JavaScript that plain Node runs, with no TypeScript loader. Built
 * into a folder of its own next to apps/server/dist (the packages are found in node_modules from
 * there, as from dist), so that a server running from apps/server/dist is left alone. The
 * end-to-end suite runs apps/server/dist/server.js itself (e2e/helpers/global-setup.ts).
 */
const serverDir = path.resolve(import.meta.dirname, '..');
let outdir: string;
let dataDir: string;

async function freePort(): Promise<number> {
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

/** Plain Node on a built file: no --import, and NODE_OPTIONS emptied so nothing is preloaded. */
function nodeEnv(extra: Record<string, string>) {
  return { ...process.env, NODE_OPTIONS: '', DATABASE_URL: '', SMTP_URL: '', REDIS_URL: '', S3_BUCKET: '', ...extra };
}

beforeAll(() => {
  outdir = fs.mkdtempSync(path.join(serverDir, 'dist-test-'));
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'synergie-build-data-'));
  const build = spawnSync(process.execPath, ['build.mjs', '--outdir', outdir], { cwd: serverDir, encoding: 'utf8' });
  expect(build.stderr).toBe('');
  expect(build.status).toBe(0);
}, 180_000);

afterAll(() => {
  fs.rmSync(outdir, { recursive: true, force: true });
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('server build', () => {
  it('writes the three entry points with source maps, and the migrations next to them', () => {
    for (const file of ['server.js', 'admin.js', 'seed-demo.js']) {
      expect(fs.existsSync(path.join(outdir, file)), file).toBe(true);
      expect(fs.existsSync(path.join(outdir, `${file}.map`)), `${file}.map`).toBe(true);
    }
    const sourceMigrations = fs.readdirSync(path.join(serverDir, 'src/db/migrations')).sort();
    expect(fs.readdirSync(path.join(outdir, 'migrations')).sort()).toEqual(sourceMigrations);
    expect(fs.existsSync(path.join(outdir, 'migrations/meta/_journal.json'))).toBe(true);
  });

  it('writes a migrated embedded database as the template of new data folders, stamped with the PGlite version', () => {
    expect(fs.existsSync(path.join(outdir, 'db-template/PG_VERSION'))).toBe(true);
    expect(fs.existsSync(path.join(outdir, 'db-template.partial'))).toBe(false);
    const stamp = JSON.parse(fs.readFileSync(path.join(outdir, 'db-template/synergie-template.json'), 'utf8'));
    expect(stamp.pglite).toMatch(/^\d+\.\d+\.\d+/);
  });

  it('imports only Node built-ins and installed packages: no TypeScript file, no tsx, the shared package bundled', () => {
    const code = fs.readFileSync(path.join(outdir, 'server.js'), 'utf8');
    const specifiers = [
      ...code.matchAll(/^\s*(?:import|export)\s[^;]*?\sfrom\s*"([^"]+)"/gm),
      ...code.matchAll(/^\s*import\s*"([^"]+)"/gm),
      ...code.matchAll(/\bimport\(\s*"([^"]+)"\s*\)/g),
    ].map((match) => match[1] as string);
    expect(specifiers).toContain('fastify');
    for (const specifier of specifiers) {
      expect(specifier, specifier).toMatch(/^(node:|@?[a-z0-9])/);
      expect(specifier, specifier).not.toMatch(/^(tsx|@synergie\/)|\.tsx?$/);
    }
  });

  describe('the built server under plain Node', () => {
    let child: ChildProcess;
    let baseUrl: string;
    let exited: Promise<number | null>;

    beforeAll(async () => {
      const port = await freePort();
      baseUrl = `http://127.0.0.1:${port}`;
      child = spawn(process.execPath, [path.join(outdir, 'server.js')], {
        cwd: serverDir,
        env: nodeEnv({
          NODE_ENV: 'test',
          PORT: String(port),
          HOST: '127.0.0.1',
          DATA_DIR: dataDir,
          SITE_URL: baseUrl,
          LOG_LEVEL: 'warn',
        }),
        stdio: ['ignore', 'ignore', 'pipe'],
      });
      let stderr = '';
      child.stderr?.on('data', (chunk) => {
        stderr += chunk;
      });
      exited = new Promise((resolve) => child.once('exit', (code) => resolve(code)));
      const deadline = Date.now() + 150_000;
      for (;;) {
        if (child.exitCode !== null) throw new Error(`the built server exited (${child.exitCode}):\n${stderr}`);
        try {
          if ((await fetch(`${baseUrl}/api/health`)).ok) break;
        } catch {
          // not listening yet
        }
        if (Date.now() > deadline) throw new Error(`the built server did not answer within 150 s:\n${stderr}`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    }, 180_000);

    afterAll(async () => {
      if (child?.exitCode === null) child.kill('SIGKILL');
    });

    it('answers /api/health on a fresh data folder, started from the template (the migrations ran)', async () => {
      expect(fs.existsSync(path.join(dataDir, 'db/synergie-template.json'))).toBe(true);
      const res = await fetch(`${baseUrl}/api/health`);
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ status: 'ok', database: 'ok' });
      const events = await fetch(`${baseUrl}/api/events`);
      expect(events.status).toBe(200);
      expect(await events.json()).toEqual({ events: [], nextOffset: null });
    });

    it('stops cleanly on SIGTERM', async () => {
      child.kill('SIGTERM');
      expect(await exited).toBe(0);
    }, 30_000);
  });

  it('builds admin.js: plain Node prints its usage', () => {
    const run = spawnSync(process.execPath, [path.join(outdir, 'admin.js')], {
      env: nodeEnv({ DATA_DIR: dataDir }),
      encoding: 'utf8',
    });
    expect(run.stderr).toBe('Usage : npm run admin -- promote EMAIL\n');
    expect(run.status).toBe(2);
  }, 60_000);

  it('builds seed-demo.js: plain Node runs its main, which refuses production', () => {
    const run = spawnSync(process.execPath, [path.join(outdir, 'seed-demo.js')], {
      env: nodeEnv({ NODE_ENV: 'production', DATA_DIR: dataDir }),
      encoding: 'utf8',
    });
    expect(run.stderr).toMatch(/^Refusé : NODE_ENV=production\./);
    expect(run.status).toBe(1);
  }, 60_000);
});

describe('npm run serve', () => {
  it('starts Node with the flags and environment the benches and the end-to-end server use', async () => {
    const root = path.resolve(serverDir, '../..');
    const { serverArgs, serverEnv } = await import(path.join(root, 'bench/lib/server-command.mjs'));
    const pkg = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8'));
    const env = Object.entries(serverEnv as Record<string, string>).map(([k, v]) => `${k}=${v}`);
    expect(pkg.scripts.serve).toBe([...env, 'node', ...(serverArgs as string[])].join(' '));
  });
});
