import path from 'node:path';
import { defineConfig } from 'vitest/config';

const webAlias = { '~': path.resolve(import.meta.dirname, 'apps/web/app') };
const databaseSuite = ['apps/server/test/**/*.test.ts'];
// Tests that need a Redis server too (two app instances sharing limits): run when TEST_REDIS_URL is set.
const redisSuite = ['apps/server/test/**/*.redis.test.ts'];
// Files about what the server serves (served and prerendered pages, their forms and SEO, the
// OpenAPI document and its validators, the SSRF guard, headers, dates), whose SQL is only their
// fixtures: the engine changes nothing they test, so they run on PGlite only and CI stays under
// 30 minutes. Every file about tables, jobs and the domain runs on both engines.
const engineAgnosticSuite = [
  'apps/server/test/api-dates.test.ts',
  'apps/server/test/endpoints.test.ts',
  'apps/server/test/events-page.test.ts',
  'apps/server/test/group-seo.test.ts',
  'apps/server/test/installable-app.test.ts',
  'apps/server/test/kept-assets.test.ts',
  'apps/server/test/page-forms.test.ts',
  'apps/server/test/safe-fetch.test.ts',
  'apps/server/test/security.test.ts',
  'apps/server/test/served-pages.test.ts',
  'apps/server/test/site.test.ts',
];

// Files that need a module graph of their own: `vi.mock` replaces a module for the whole file,
// which a module cache shared with other files would keep or miss (billing mocks the commissions).
const isolatedSuite = ['apps/server/test/billing.test.ts'];

/**
 * The database suite on one engine. Its files share their workers' module cache (`isolate:
 * false`): importing the app (Fastify, Better Auth, Drizzle, PGlite's WebAssembly) took 3.4 s a
 * file, 45 % of the suite's worker time (210 s of 485 s on PGlite). Nothing in apps/server/src
 * keeps state in a module across apps (caches hang off the app or its database, `WeakMap`s keyed
 * by them), each file closes the apps and databases it opens (`createTestApp`'s `afterAll`), and
 * the files that need their own module graph run isolated, in a project of their own.
 */
function databaseProjects(kind: 'pglite' | 'postgres', exclude: string[]) {
  const common = {
    environment: 'node' as const,
    env: { TEST_DB: kind },
    globalSetup: ['apps/server/test/setup/global-db.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  };
  return [
    {
      test: {
        name: `db-${kind}`,
        include: databaseSuite,
        exclude: [...redisSuite, ...isolatedSuite, ...exclude],
        isolate: false,
        ...common,
      },
    },
    { test: { name: `db-${kind}-isolated`, include: isolatedSuite, ...common } },
  ];
}

/**
 * `npm test`: unit and component tests, then the database suite on embedded PGlite, and the
 * same database suite again on PostgreSQL when TEST_DATABASE_URL is set; the tests that also need
 * a Redis server (*.redis.test.ts) on each database when TEST_REDIS_URL is set.
 */
const redisProjects = process.env.TEST_REDIS_URL
  ? (['pglite', ...(process.env.TEST_DATABASE_URL ? ['postgres'] : [])] as const).map((kind) => ({
      test: {
        name: `redis-${kind}`,
        include: redisSuite,
        environment: 'node' as const,
        env: { TEST_DB: kind },
        globalSetup: ['apps/server/test/setup/global-db.ts'],
        testTimeout: 30_000,
        hookTimeout: 60_000,
      },
    }))
  : [];
export default defineConfig({
  test: {
    // PGlite takes 300-700 MB per instance and the machines have 2 cores.
    maxWorkers: 2,
    projects: [
      {
        test: {
          name: 'unit',
          include: ['packages/shared/**/*.test.ts', 'apps/server/src/**/*.test.ts', 'apps/web/scripts/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        resolve: { alias: webAlias },
        test: {
          name: 'web',
          include: ['apps/web/app/**/*.test.tsx', 'apps/web/app/**/*.test.ts'],
          environment: 'happy-dom',
          setupFiles: ['apps/web/test/setup.ts'],
        },
      },
      ...databaseProjects('pglite', []),
      ...(process.env.TEST_DATABASE_URL ? databaseProjects('postgres', engineAgnosticSuite) : []),
      ...redisProjects,
    ],
  },
});
