// Builds the server to JavaScript: `node apps/server/build.mjs` (`npm run build` runs it), or
// `node apps/server/build.mjs --if-stale` (the end-to-end setup and the benches: builds only when a
// source is newer than the last build). Production runs the output with plain Node
// (`node apps/server/dist/server.js`, flags in package.json's `serve`), so nothing compiles TypeScript at run
// time; `npm run dev` and the tests keep running the sources through tsx / Vitest.
//
// Output, in apps/server/dist (ignored by git):
//   server.js     the server (apps/server/src/server.ts)
//   admin.js      `npm run admin` (src/cli/admin.ts), runnable with plain Node where tsx is absent
//   seed-demo.js  `npm run seed:demo` (src/scripts/seed-demo.ts), idem
//   migrations/   a copy of src/db/migrations: db/client.ts finds them next to the running module
//   db-template/  an empty embedded database (PGlite) with every migration applied: a new data
//                 folder starts as a copy of it (db/client.ts) instead of running initdb and the
//                 migrations at its first start. `--no-db-template` skips it (src/build.test.ts)
//   *.js.map      source maps to src/*.ts: the server reads its own at its first stack trace
//                 (src/lib/stack-traces.ts); the tools need --enable-source-maps
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { build } from 'esbuild';

const here = path.dirname(fileURLToPath(import.meta.url));
export const distDir = path.join(here, 'dist');
export const serverEntry = path.join(distDir, 'server.js');

const entryPoints = {
  server: path.join(here, 'src/server.ts'),
  admin: path.join(here, 'src/cli/admin.ts'),
  'seed-demo': path.join(here, 'src/scripts/seed-demo.ts'),
};
/** What the build reads: a file here newer than dist/server.js makes the build stale. */
const sources = [
  path.join(here, 'src'),
  path.resolve(here, '../../packages/shared/src'),
  fileURLToPath(import.meta.url),
];

/**
 * Every package import stays an import, resolved from node_modules at run time (native sharp,
 * PGlite's WebAssembly and data files, CommonJS packages work as they do under tsx), except the
 * workspace packages (@synergie/shared): they are TypeScript sources, so they are bundled.
 * esbuild's `packages: 'external'` would keep those external too.
 */
const externalPackages = {
  name: 'external-packages',
  setup(builder) {
    builder.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@synergie/') ? undefined : { path: args.path, external: true },
    );
  },
};

/** The installed PGlite's version, stamped into the template (db/client.ts uses only a match). */
function pgliteVersion() {
  let dir = path.dirname(fileURLToPath(import.meta.resolve('@electric-sql/pglite')));
  while (!fs.existsSync(path.join(dir, 'package.json'))) dir = path.dirname(dir);
  return JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8')).version;
}

/**
 * `outdir/db-template`: PGlite creates its database (initdb) and the migrations of
 * `outdir/migrations` run, as at a first start; written in a folder aside, then renamed, so a
 * build cut short leaves no half template. The PostgreSQL settings are those the server starts
 * with (db/client.ts, pgliteStartParams: PGlite's defaults and smaller buffers; settings given with
 * `-c` are not written into the folder).
 */
async function buildDbTemplate(outdir) {
  const target = path.join(outdir, 'db-template');
  const partial = `${target}.partial`;
  fs.rmSync(partial, { recursive: true, force: true });
  const client = await PGlite.create({
    dataDir: partial,
    startParams: [...PGlite.defaultStartParams, '-c', 'shared_buffers=16MB', '-c', 'maintenance_work_mem=16MB'],
  });
  try {
    await migrate(drizzle({ client }), { migrationsFolder: path.join(outdir, 'migrations') });
    await client.exec('CHECKPOINT');
  } finally {
    await client.close();
  }
  fs.writeFileSync(path.join(partial, 'synergie-template.json'), `${JSON.stringify({ pglite: pgliteVersion() })}\n`);
  fs.rmSync(target, { recursive: true, force: true });
  fs.renameSync(partial, target);
}

/** Builds into `outdir` (apps/server/dist by default), removing what an earlier build left there. */
export async function buildServer({ outdir = distDir, dbTemplate = true } = {}) {
  const entries = fs.existsSync(outdir) ? fs.readdirSync(outdir) : [];
  if (entries.length > 0 && !entries.includes('server.js')) {
    throw new Error(`${outdir} holds something other than a server build: not emptying it`);
  }
  fs.rmSync(outdir, { recursive: true, force: true });
  await build({
    entryPoints,
    outdir,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    // One file per entry point: each is a whole program (seed-demo.ts runs its main() only when its
    // own module is the entry, which a shared chunk would break).
    splitting: false,
    // The automatic JSX runtime: mail templates written as React components (.tsx) need no React import.
    jsx: 'automatic',
    // Fastify and avvio read function names (plugin names in errors and logs); bundling may rename
    // two same-named functions of different modules, keepNames restores their .name.
    keepNames: true,
    sourcemap: 'linked',
    // Stack traces only need the mappings; the sources are in the repository.
    sourcesContent: false,
    logLevel: 'warning',
    plugins: [externalPackages],
  });
  // db/client.ts reads the migrations from `migrations/` next to its module, which is the bundle here.
  fs.cpSync(path.join(here, 'src/db/migrations'), path.join(outdir, 'migrations'), { recursive: true });
  if (dbTemplate) await buildDbTemplate(outdir);
}

function newestMtime(file) {
  const stat = fs.statSync(file);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of fs.readdirSync(file)) newest = Math.max(newest, newestMtime(path.join(file, entry)));
  return newest;
}

/** True when dist/server.js is missing or older than a source file of the build. */
export function isStale() {
  if (!fs.existsSync(serverEntry)) return true;
  const built = fs.statSync(serverEntry).mtimeMs;
  return sources.some((source) => newestMtime(source) > built);
}

// `--outdir DIR` builds elsewhere (src/build.test.ts builds into apps/server/dist-test-*). The output
// must stay inside the repository: its imports of packages are resolved from node_modules.
if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  const outdir = args.includes('--outdir') ? path.resolve(args[args.indexOf('--outdir') + 1]) : distDir;
  if (args.includes('--if-stale') && outdir === distDir && !isStale()) process.exit(0);
  const started = performance.now();
  await buildServer({ outdir, dbTemplate: !args.includes('--no-db-template') });
  process.stdout.write(
    `Server built to ${path.relative(process.cwd(), outdir) || '.'} in ${Math.round(performance.now() - started)} ms\n`,
  );
}
