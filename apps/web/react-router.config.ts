import type { Config } from '@react-router/dev/config';
import { NOT_FOUND_PAGE_PATH, publicPages } from '@synergie/shared';

export default {
  appDirectory: 'app',
  // Member and admin pages run in the browser; public pages are prerendered to real HTML so
  // crawlers and link previews read their title, description and content.
  ssr: false,
  prerender: [...publicPages.map((p) => p.path), NOT_FOUND_PAGE_PATH],
} satisfies Config;
