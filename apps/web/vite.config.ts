import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { reactRouter } from '@react-router/dev/vite';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'vite';
// Relative on purpose: Vite bundles relative imports of its config, not workspace packages.
import { BUILD_SITE_URL, contactDefaults, DEFAULT_SITE_NAME } from '../../packages/shared/src/site';
import { endpointsForTheBrowser } from './vite-endpoints';

const port = process.env.PORT ?? '3000';
// Absolute addresses are written on a stand-in origin that the server replaces with its SITE_URL
// when it serves the page (packages/shared/src/site.ts BUILD_SITE_URL): one build serves
// anywhere. The site name and contact details are still the build's settings.
const siteUrl = BUILD_SITE_URL;
const siteName = process.env.SITE_NAME || DEFAULT_SITE_NAME;
const contact = {
  email: process.env.CONTACT_EMAIL || contactDefaults.email,
  phone: process.env.CONTACT_PHONE || contactDefaults.phone,
  address: process.env.CONTACT_ADDRESS || contactDefaults.address,
};

/**
 * The build's version: the offline cache of a member (features/offline) is dropped when it
 * changes. BUILD_VERSION when set, else the commit, else 'dev'.
 */
function buildVersion(): string {
  if (process.env.BUILD_VERSION) return process.env.BUILD_VERSION;
  try {
    return execFileSync('git', ['rev-parse', '--short=12', 'HEAD'], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    }).trim();
  } catch {
    return 'dev';
  }
}

export default defineConfig({
  plugins: [endpointsForTheBrowser(), tailwindcss(), reactRouter()],
  resolve: { alias: { '~': path.resolve(import.meta.dirname, 'app') } },
  define: {
    'import.meta.env.VITE_SITE_URL': JSON.stringify(siteUrl),
    'import.meta.env.VITE_SITE_NAME': JSON.stringify(siteName),
    'import.meta.env.VITE_CONTACT': JSON.stringify(contact),
    'import.meta.env.VITE_BUILD_VERSION': JSON.stringify(buildVersion()),
  },
  server: {
    port: 5173,
    proxy: {
      '/api': `http://localhost:${port}`,
      '/dev': `http://localhost:${port}`,
      '/storage': `http://localhost:${port}`,
      '/.well-known': `http://localhost:${port}`,
      // Referral links (/r/{code}) are answered by the server (cookie, then redirect).
      '/r/': `http://localhost:${port}`,
    },
  },
  // Features are imported through their index.ts (docs/architecture.md "Feature boundaries in the
  // web app"). package.json's `"sideEffects": ["*.css"]` lets the bundler drop the modules of an
  // index a page does not use, even those with top-level calls (the auth client, zod schemas);
  // without it every page would load the sign-in code through `~/features/auth`.
  build: {
    sourcemap: false,
    rolldownOptions: {
      // zxing's packages declare no `sideEffects`: without this the QR scanner's chunk (loaded on
      // demand, decision 0011) carries every barcode format it never reads. Only zxing is touched.
      treeshake: { moduleSideEffects: [{ test: /[\\/]node_modules[\\/]@zxing[\\/]/, sideEffects: false }] },
      output: {
        codeSplitting: {
          groups: [
            {
              // React, React DOM and React Router: what every page runs, in one request.
              name: 'framework',
              test: /node_modules[\\/](react|react-dom|scheduler|react-router|cookie|set-cookie-parser)[\\/]/,
              priority: 3,
            },
            {
              // Icons, UI primitives and the layout that several pages share: one request
              // instead of a dozen of a few hundred bytes each.
              name: 'ui',
              test: /node_modules[\\/]lucide-react[\\/]dist[\\/]esm[\\/](icons[\\/](house|x|user-plus|user-round|arrow-right|users|star|calendar-days|map-pin|loader-circle|circle-check-big)|createLucideIcon|defaultAttributes|Icon|shared)|node_modules[\\/](clsx|tailwind-merge|class-variance-authority|@radix-ui[\\/]react-slot|@radix-ui[\\/]react-compose-refs)[\\/]|[\\/]app[\\/]components[\\/]ui[\\/](button|card|badge|alert)\.tsx$|[\\/]app[\\/]components[\\/]layout[\\/]page-hero\.tsx$/,
              minShareCount: 2,
              priority: 1,
            },
            {
              // The small modules every page runs (who is signed in, the subscription, the query
              // keys) and what they import (the API client, TanStack Query's core): one chunk
              // instead of six, smaller gzipped (npm run bench:bundle). A file renamed here only
              // costs a few hundred bytes, which the bench's budget would show.
              name: 'session',
              test: /\/app\/(lib\/query-keys|features\/auth\/api\/get-session|features\/auth\/lib\/auth-channel|features\/billing\/api\/subscription)\.ts$/,
            },
          ],
        },
      },
    },
  },
});
