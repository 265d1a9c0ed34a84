import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll } from 'vitest';
import { type BuildAppOptions, buildApp } from '../../src/app';
import type { Database } from '../../src/db/client';
import { type Env, loadEnv } from '../../src/env';
import { createTestDatabase } from './db';

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  env: Env;
  wakes: number;
}

/**
 * A real app on a fresh database for this test file, closed after the file's tests.
 * `envOverrides` are settings as strings, as the environment would give them.
 */
export async function createTestApp(
  options: {
    env?: Record<string, string>;
    webDir?: string;
    database?: Database;
    onRoute?: BuildAppOptions['onRoute'];
  } = {},
): Promise<TestApp> {
  const database = options.database ?? (await createTestDatabase());
  // Uploads (the local storage driver) go to a folder of this test file's own, removed after it.
  const dataDir = options.env?.DATA_DIR ? undefined : fs.mkdtempSync(path.join(os.tmpdir(), 'synergie-data-'));
  const env = loadEnv({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    SITE_URL: 'http://localhost:3000',
    AUTH_RATE_LIMIT: 'false',
    // Tests write rows directly and read them back as visitors: the visitors' cache is tested on
    // its own (test/visitor-cache.test.ts).
    VISITOR_CACHE_MS: '0',
    ...(dataDir ? { DATA_DIR: dataDir } : {}),
    ...options.env,
  });
  const result: TestApp = { app: undefined as unknown as FastifyInstance, database, env, wakes: 0 };
  result.app = await buildApp({
    env,
    database,
    webDir: options.webDir,
    authSecret: 'test-secret-test-secret-test-secret-0123',
    logger: false,
    onRoute: options.onRoute,
    mailer: {
      wake() {
        result.wakes += 1;
      },
    },
  });
  await result.app.ready();
  afterAll(async () => {
    await result.app.close();
    if (!options.database) await database.close();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });
  return result;
}
