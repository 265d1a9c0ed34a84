// Starts the built server (`npm run serve`) in production mode on a fresh embedded database, for
// the benches that load pages in a browser (lighthouse.mjs, bundle-size.mjs). Plain JavaScript:
// those scripts run without tsx.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from './free-port.mjs';
import { buildServerIfStale, root, serverArgs, serverEnv } from './server-command.mjs';

/** @returns {Promise<{ baseURL: string, stop: () => Promise<void> }>} */
export async function startBuiltServer({ name = 'bench' } = {}) {
  if (!fs.existsSync(path.join(root, 'apps/web/build/client/index.html'))) {
    throw new Error('The web app is not built: run `npm run build` first.');
  }
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `synergie-${name}-`));
  const baseURL = `http://127.0.0.1:${port}`;
  buildServerIfStale();
  const child = spawn(process.execPath, serverArgs, {
    cwd: root,
    env: {
      ...process.env,
      ...serverEnv,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      SMTP_URL: '',
      REDIS_URL: '',
      SITE_URL: baseURL,
      // A throwaway secret for this throwaway database.
      BETTER_AUTH_SECRET: randomBytes(32).toString('base64'),
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const stop = async () => {
    if (child.exitCode === null) {
      child.kill('SIGTERM');
      await new Promise((resolve) => {
        child.once('exit', resolve);
        setTimeout(resolve, 10_000);
      });
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`The server exited with code ${child.exitCode}`);
    try {
      if ((await fetch(`${baseURL}/api/health`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error('The server did not start within 90 s');
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  return { baseURL, stop };
}
