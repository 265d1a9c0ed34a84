import fs from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { reactRouter } from '@react-router/dev/vite';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig, type Plugin } from 'vite';
// Relative on purpose: Vite bundles relative imports of its config, not workspace packages.
import { contactDefaults, DEFAULT_SITE_NAME } from '../../packages/shared/src/site';

const port = process.env.PORT ?? '3000';
// Canonical addresses and the site name are written into the prerendered pages at build time;
// `npm start` builds with the same settings it serves with.
const siteUrl = (process.env.SITE_URL || `http://localhost:${port}`).replace(/\/+$/, '');
const siteName = process.env.SITE_NAME || DEFAULT_SITE_NAME;
const contact = {
  email: process.env.CONTACT_EMAIL || contactDefaults.email,
  phone: process.env.CONTACT_PHONE || contactDefaults.phone,
  address: process.env.CONTACT_ADDRESS || contactDefaults.address,
};

/**
 * Writes a Brotli (.br) and a gzip (.gz) copy next to each script and style sheet of the browser
 * build, once, at build time: the server sends them to browsers that accept them
 * (@fastify/static `preCompressed`), about a third of the bytes on slow mobile networks.
 */
function precompress(): Plugin {
  return {
    name: 'synergie:precompress',
    apply: 'build',
    applyToEnvironment: (environment) => environment.name === 'client',
    writeBundle(options, bundle) {
      for (const file of Object.keys(bundle)) {
        if (!/\.(js|css|svg|json)$/.test(file) || !options.dir) continue;
        const target = path.join(options.dir, file);
        const body = fs.readFileSync(target);
        if (body.length < 1024) continue;
        fs.writeFileSync(
          `${target}.br`,
          brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
        );
        fs.writeFileSync(`${target}.gz`, gzipSync(body, { level: 9 }));
      }
    },
  };
}

export default defineConfig({
  plugins: [tailwindcss(), reactRouter(), precompress()],
  resolve: { alias: { '~': path.resolve(import.meta.dirname, 'app') } },
  define: {
    'import.meta.env.VITE_SITE_URL': JSON.stringify(siteUrl),
    'import.meta.env.VITE_SITE_NAME': JSON.stringify(siteName),
    'import.meta.env.VITE_CONTACT': JSON.stringify(contact),
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
  build: { sourcemap: false },
});
