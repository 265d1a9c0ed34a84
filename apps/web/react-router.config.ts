import path from 'node:path';
import type { Config } from '@react-router/dev/config';
import { NOT_FOUND_PAGE_PATH, publicPages } from '@synergie/shared';
import { inlineStylesheets } from './scripts/inline-stylesheets';
import { precompress } from './scripts/precompress';
import { buildServiceWorker } from './scripts/service-worker';
import { startAfterPaint } from './scripts/start-after-paint';

export default {
  appDirectory: 'app',
  // Member and admin pages run in the browser; public pages are prerendered to real HTML so
  // crawlers and link previews read their title, description and content.
  ssr: false,
  prerender: [...publicPages.map((p) => p.path), NOT_FOUND_PAGE_PATH],
  // After prerendering: the pages carry their style sheet (scripts/inline-stylesheets.ts) and
  // start their scripts after their first paint (scripts/start-after-paint.ts); then every text
  // file of the build gets its Brotli and gzip copies (scripts/precompress.ts). The service worker
  // is built in between (scripts/service-worker.ts): its precache revisions are those of the
  // final pages, and sw.js is compressed like the rest (docs/decisions/0018).
  async buildEnd({ reactRouterConfig }) {
    const clientDir = path.join(reactRouterConfig.buildDirectory, 'client');
    inlineStylesheets(clientDir);
    startAfterPaint(clientDir);
    await buildServiceWorker(clientDir);
    precompress(clientDir);
  },
} satisfies Config;
