// How production runs the server (`npm run serve`): plain Node on the build in apps/server/dist,
// no TypeScript compiled at run time. Shared by the benches that start the server as a child
// process (harness.mjs, lighthouse.mjs, start.mjs). Plain JavaScript: lighthouse.mjs and start.mjs
// run without tsx.
import { spawnSync } from 'node:child_process';
import path from 'node:path';

export const root = path.resolve(import.meta.dirname, '../..');

/**
 * `node` arguments that start the built server, relative to the repository root (the cwd to use);
 * the same as `npm run serve`. `--max-semi-space-size=4` (MiB): a smaller young generation, so
 * the garbage of requests is collected sooner instead of being held resident. `--expose-gc`: the
 * server sets the old generation's growth after a full collection (a quarter at most) once it
 * listens, then collects once (`V8_HEAP_GROWING_PERCENT`, apps/server/src/server.ts); as a flag
 * here it slowed the start by about 0.1 s. No `--enable-source-maps`: the server maps its own stack
 * traces, reading its source map at the first one (apps/server/src/lib/stack-traces.ts); Node's
 * flag read every module's map at start. docs/performance.md, "Memory and start".
 */
export const serverFlags = ['--max-semi-space-size=4', '--expose-gc'];
export const serverArgs = [...serverFlags, 'apps/server/dist/server.js'];
/**
 * The environment `npm run serve` adds: glibc's malloc with a fixed mmap threshold (128 KiB), so a
 * large block freed goes back to the system at once. By default glibc raises the threshold to the
 * size of the largest block freed (up to 32 MiB): after the first sign-ins, each password hash's
 * 32 MiB scratch space (scrypt, in the thread pool) is then taken from the heap and kept there,
 * resident (docs/performance.md, "Memory and start"). `BENCH_GLIBC_DEFAULTS=1`: without it, to compare.
 */
export const serverEnv = process.env.BENCH_GLIBC_DEFAULTS ? {} : { MALLOC_MMAP_THRESHOLD_: '131072' };
/** How `npm run serve` started a build before the young-generation flag: for a build kept from then. */
export const previousServerArgs = (script) => ['--enable-source-maps', script];

/** Builds the server (apps/server/build.mjs) when the build is missing or older than a source. */
export function buildServerIfStale() {
  const built = spawnSync(process.execPath, ['apps/server/build.mjs', '--if-stale'], { cwd: root, stdio: 'inherit' });
  if (built.status !== 0) throw new Error(`the server build failed (exit ${built.status})`);
}
