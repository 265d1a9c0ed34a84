import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { OAuth2Server } from 'oauth2-mock-server';
import type { TestProject } from 'vitest/node';
import { serverArgs } from '../../bench/lib/server-command.mjs';

declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string;
    /** The local OpenID Connect provider (oidc.e2e.ts); empty with E2E_BASE_URL. */
    oidcIssuer: string;
    /** POST a JSON object here: the claims of whoever the provider signs in next. */
    oidcIdentityURL: string;
  }
}

/** The name of the local provider on the /auth button: `Se connecter avec Annuaire e2e`. */
export const E2E_OIDC_NAME = 'Annuaire e2e';

/**
 * A local OpenID Connect provider (oauth2-mock-server) for oidc.e2e.ts: it signs in at once
 * whoever was last POSTed to the identity server next to it (tests run in other processes).
 */
async function startOidcProvider(): Promise<{ issuer: string; identityURL: string; stop: () => Promise<void> }> {
  const provider = new OAuth2Server();
  await provider.issuer.keys.generate('RS256');
  await provider.start(await freePort(), '127.0.0.1');
  let identity: Record<string, unknown> = {};
  provider.service.on('beforeTokenSigning', (token) => {
    Object.assign(token.payload, identity);
  });
  const control = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => {
      body += chunk;
    });
    req.on('end', () => {
      try {
        identity = JSON.parse(body) as Record<string, unknown>;
        res.statusCode = 204;
      } catch {
        res.statusCode = 400;
      }
      res.end();
    });
  });
  const controlPort = await freePort();
  await new Promise<void>((resolve) => control.listen(controlPort, '127.0.0.1', resolve));
  return {
    issuer: provider.issuer.url as string,
    identityURL: `http://127.0.0.1:${controlPort}/identity`,
    stop: async () => {
      await provider.stop();
      await new Promise((resolve) => control.close(resolve));
    },
  };
}

const root = path.resolve(import.meta.dirname, '../..');

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

/**
 * Starts the real server for the whole suite as production runs it (`npm run serve`): the build
 * (apps/server/dist/server.js) with plain Node, no tsx, serving the built web app, on a fresh
 * embedded database.
 */
export default async function setup(project: TestProject) {
  if (!fs.existsSync(path.join(root, 'apps/web/build/client/index.html'))) {
    throw new Error('The web app is not built: run `npm run build` before the end-to-end suite.');
  }
  const external = process.env.E2E_BASE_URL;
  if (external) {
    project.provide('baseURL', external);
    project.provide('oidcIssuer', '');
    project.provide('oidcIdentityURL', '');
    return;
  }
  // `npm run build` built it; this rebuilds it only when a server or shared source changed since,
  // so that the suite never runs an older server than the sources.
  const build = spawnSync(process.execPath, ['apps/server/build.mjs', '--if-stale'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) throw new Error(`The server build failed (exit ${build.status})`);
  const oidc = await startOidcProvider();
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'synergie-e2e-'));
  const baseURL = `http://127.0.0.1:${port}`;
  const child: ChildProcess = spawn(process.execPath, serverArgs, {
    cwd: root,
    env: {
      ...process.env,
      // Nothing preloaded (no tsx loader): the server runs on the built JavaScript alone.
      NODE_OPTIONS: '',
      NODE_ENV: 'test',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      SMTP_URL: '',
      SITE_URL: baseURL,
      LOG_LEVEL: 'warn',
      MAIL_POLL_MS: '200',
      CONTACT_RATE_LIMIT: '1000',
      // Every browser here shares 127.0.0.1, and Better Auth's per-IP counter grows while requests
      // come less than a window apart: the auth suite would meet 429s. The API tests cover the limits.
      AUTH_RATE_LIMIT: 'false',
      // The scheduled jobs every 2 s (the default minute is long for a test waiting for the
      // meetings of a group it just created, meetings.e2e.ts). They only act on due rows.
      JOBS_INTERVAL_MS: '2000',
      // groups.e2e.ts has its own admin: the files run in parallel and delete their admin afterwards;
      // renewal.e2e.ts's admin brings a demo renewal forward.
      ADMIN_EMAILS:
        'admin.e2e@synergie-pro.test,admin.groups.e2e@synergie-pro.test,admin.renewal.e2e@synergie-pro.test,admin.invoices.e2e@synergie-pro.test',
      // Invoices deposited on the local plateforme agréée, its steps quick (invoices.e2e.ts).
      EINVOICING_PLATFORM: 'simulator',
      EINVOICING_POLL_MS: '300',
      // Each deposited invoice's status read again at the poll's pace (the simulator's default,
      // said here: an hour, the default against a real platform, would stop the steps).
      EINVOICING_STATUS_POLL_MS: '300',
      EINVOICING_SIMULATOR_STEP_MS: '500',
      // Sign-in through the local OpenID Connect provider (oidc.e2e.ts); /auth shows its button.
      OIDC_DISCOVERY_URL: `${oidc.issuer}/.well-known/openid-configuration`,
      OIDC_CLIENT_ID: 'synergie-e2e',
      OIDC_CLIENT_SECRET: 'secret-e2e',
      OIDC_NAME: E2E_OIDC_NAME,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  // A fresh embedded database takes its longest start (PGlite's initdb, then the migrations): a
  // minute and more on a busy 2-core machine.
  const deadline = Date.now() + 180_000;
  for (;;) {
    if (child.exitCode !== null) {
      await oidc.stop();
      throw new Error(`The server exited with code ${child.exitCode}`);
    }
    try {
      const res = await fetch(`${baseURL}/api/health`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      // No teardown runs after a failed setup: stop the server here rather than leave it running.
      child.kill('SIGKILL');
      fs.rmSync(dataDir, { recursive: true, force: true });
      await oidc.stop();
      throw new Error('The server did not start within 180 s');
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  project.provide('baseURL', baseURL);
  project.provide('oidcIssuer', oidc.issuer);
  project.provide('oidcIdentityURL', oidc.identityURL);
  return async () => {
    child.kill('SIGTERM');
    await new Promise((resolve) => {
      if (child.exitCode !== null) return resolve(null);
      child.once('exit', resolve);
      setTimeout(resolve, 10_000);
    });
    fs.rmSync(dataDir, { recursive: true, force: true });
    await oidc.stop();
  };
}
