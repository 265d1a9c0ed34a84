import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * A small program bundled as the server is (apps/server/build.mjs: esbuild, ESM, linked source
 * map), run by plain Node without `--enable-source-maps`: its stack traces name the TypeScript
 * source's lines, read from the map at the first trace (lib/stack-traces.ts).
 */
let dir: string;
let bundle: string;
const source = `import { mapStackTracesOf } from ${JSON.stringify(path.resolve(import.meta.dirname, 'stack-traces.ts'))};
console.log(JSON.stringify({ mapped: mapStackTracesOf(import.meta.url) }));

function fails(): never {
  throw new TypeError('échec voulu');
}

async function later(): Promise<void> {
  await new Promise((resolve) => setTimeout(resolve, 1));
  fails();
}

try {
  fails();
} catch (error) {
  console.log((error as Error).stack);
}
await later().catch((error) => console.log((error as Error).stack));
try {
  setTimeout('pas une fonction' as never);
} catch (error) {
  console.log((error as Error).stack);
}
`;

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'synergie-stack-traces-'));
  fs.writeFileSync(path.join(dir, 'program.ts'), source);
  bundle = path.join(dir, 'program.mjs');
  await build({
    entryPoints: [path.join(dir, 'program.ts')],
    outfile: bundle,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    keepNames: true,
    sourcemap: 'linked',
    sourcesContent: false,
    logLevel: 'silent',
  });
});

afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

function run(...flags: string[]) {
  const result = spawnSync(process.execPath, [...flags, bundle], {
    encoding: 'utf8',
    env: { ...process.env, NODE_OPTIONS: '' },
  });
  expect(result.stderr).toBe('');
  const [first, ...rest] = result.stdout.split('\n');
  return { mapped: JSON.parse(first ?? '{}').mapped as boolean, stacks: rest.join('\n') };
}

describe('stack traces of a bundle', () => {
  it('name the TypeScript lines without --enable-source-maps, for synchronous and asynchronous frames', () => {
    const { mapped, stacks } = run();
    expect(mapped).toBe(true);
    const program = path.join(dir, 'program.ts');
    expect(stacks).toContain('TypeError: échec voulu');
    expect(stacks).toContain(`at fails (${program}:5:9)`);
    expect(stacks).toContain(`at ${program}:14:3`);
    expect(stacks).toContain(`at later (${program}:10:3)`);
    expect(stacks).not.toContain('program.mjs');
    // Node's own errors keep their code in the first line, as Node writes it.
    expect(stacks).toMatch(/^TypeError \[ERR_INVALID_ARG_TYPE\]: The "callback" argument must be of type function/m);
    expect(stacks).toContain(`at ${program}:20:3`);
  });

  it('leaves the traces to Node when its own source maps are on, and as they are without a map', () => {
    const own = run('--enable-source-maps');
    expect(own.mapped).toBe(false);
    expect(own.stacks).toContain(`${path.join(dir, 'program.ts')}:5:9`);

    fs.renameSync(`${bundle}.map`, `${bundle}.map.aside`);
    try {
      const bare = run();
      expect(bare.mapped).toBe(false);
      expect(bare.stacks).toMatch(/at fails \(file:\/\/.*program\.mjs:\d+:\d+\)/);
    } finally {
      fs.renameSync(`${bundle}.map.aside`, `${bundle}.map`);
    }
  });
});
