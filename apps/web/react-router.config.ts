import path from 'node:path';
import type { Config } from '@react-router/dev/config';
import { NOT_FOUND_PAGE_PATH, publicPages } from '@synergie/shared';
import { inlineStylesheets } from './scripts/inline-stylesheets';

export default {
  appDirectory: 'app',
  // Member and admin pages run in the browser; public pages are prerendered to real HTML so
  // crawlers and link previews read their title, description and content.
  ssr: false,
  prerender: [...publicPages.map((p) => p.path), NOT_FOUND_PAGE_PATH],
  // After prerendering: the pages carry their style sheet (scripts/inline-stylesheets.ts).
  buildEnd({ reactRouterConfig }) {
    inlineStylesheets(path.join(reactRouterConfig.buildDirectory, 'client'));
  },
} satisfies Config;
