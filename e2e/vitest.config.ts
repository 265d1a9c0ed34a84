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
    // Two files at a time, each with its own browser, against the one server: much of a file's
    // time is waiting (the mail outbox, the meeting generator, the network), so two overlap well
    // on 2 cores (CI: about 16 minutes one at a time).
    maxWorkers: 2,
    fileParallelism: true,
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
