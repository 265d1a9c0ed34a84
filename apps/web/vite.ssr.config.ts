import path from 'node:path';
import { defineConfig } from 'vite';

/**
 * The server's renderers of the events list (app/ssr/events-list.tsx, docs/decisions/0013) and of
 * the home page's testimonials (app/ssr/home-testimonials.tsx): the
 * same components as the page, built for Node. React and the other packages stay imports (the
 * server has them); the workspace's own code is bundled. Image imports become the same hashed
 * addresses as the browser build's, without copying the files again.
 */
export default defineConfig({
  resolve: { alias: { '~': path.resolve(import.meta.dirname, 'app') } },
  build: {
    ssr: true,
    outDir: 'build/ssr',
    emptyOutDir: true,
    sourcemap: false,
    copyPublicDir: false,
    rolldownOptions: {
      // The home page's testimonials (issue 31) are rendered the same way.
      input: { 'events-list': 'app/ssr/events-list.tsx', 'home-testimonials': 'app/ssr/home-testimonials.tsx' },
      output: { entryFileNames: '[name].js' },
    },
  },
});
