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
 * the garbage of requests is collected sooner instead of being held resident;
 * `--heap-growing-percent=25`: after a full collection the old generation may grow by a quarter
 * before the next one (V8 picks 10 % to 300 % by itself, and after a burst of requests kept the
 * old generation grown by about 100 MiB). docs/performance.md, "Memory and start".
 */
export const serverFlags = ['--enable-source-maps', '--max-semi-space-size=4', '--heap-growing-percent=25'];
/** `BENCH_V8_DEFAULT_GROWTH=1`: without `--heap-growing-percent`, to compare (bench:load). */
export const serverArgs = [
  ...serverFlags.filter((flag) => !(process.env.BENCH_V8_DEFAULT_GROWTH && flag.startsWith('--heap-growing-percent'))),
  'apps/server/dist/server.js',
];
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
