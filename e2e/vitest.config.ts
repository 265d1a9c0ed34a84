import { defineConfig } from 'vitest/config';

/**
 * End-to-end suite: the built site served by the real server on a fresh embedded database,
 * driven in Debian's Chromium by playwright-core. Run with `npm run test:e2e` after `npm run build`.
 */
export default defineConfig({
  test: {
    name: 'e2e',
    root: import.meta.dirname,
    include: ['**/*.e2e.ts'],
    globalSetup: ['./helpers/global-setup.ts'],
    // One browser at a time on 2 cores, next to the server.
    maxWorkers: 1,
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
