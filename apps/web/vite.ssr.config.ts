import path from 'node:path';
import { defineConfig } from 'vite';

/**
 * The server's renderer of the events list (app/ssr/events-list.tsx, docs/decisions/0013): the
 * same components as the page, built for Node. React and the other packages stay imports (the
 * server has them); the workspace's own code is bundled. Image imports become the same hashed
 * addresses as the browser build's, without copying the files again.
 */
export default defineConfig({
  resolve: { alias: { '~': path.resolve(import.meta.dirname, 'app') } },
  build: {
    ssr: 'app/ssr/events-list.tsx',
    outDir: 'build/ssr',
    emptyOutDir: true,
    sourcemap: false,
    copyPublicDir: false,
    rolldownOptions: { output: { entryFileNames: 'events-list.js' } },
  },
});
