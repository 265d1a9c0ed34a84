// The lint rule that keeps features apart (biome.json, noRestrictedImports; docs/architecture.md
// "Feature boundaries in the web app") is checked here on imports written to break it: the rule
// must fire on each bad one and stay quiet on each good one, so weakening biome.json fails a test.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const repoRoot = path.resolve(import.meta.dirname, '../../../..');
const featuresDir = path.join(repoRoot, 'apps/web/app/features');
const biome = path.join(repoRoot, 'node_modules/.bin/biome');

/** Probe files, by their path under the repository, and whether the rule must refuse them. */
const probes: { file: string; source: string; refused: boolean }[] = [
  // Outside any feature: through the index only.
  { file: 'apps/web/app/routes/probe.tsx', source: "from '~/features/profile/api/get-me'", refused: true },
  { file: 'apps/web/app/routes/probe-index.tsx', source: "from '~/features/profile'", refused: false },
  {
    file: 'apps/web/app/components/layout/probe.tsx',
    source: "from '../../features/profile/api/get-me'",
    refused: true,
  },
  // components/ and lib/ never import a feature, the shell or a page; the shell may.
  { file: 'apps/web/app/components/ui/probe.tsx', source: "from '~/features/profile'", refused: true },
  { file: 'apps/web/app/lib/probe.ts', source: "from '~/features/auth'", refused: true },
  { file: 'apps/web/app/lib/probe-shell.ts', source: "from '~/shell/site-header'", refused: true },
  { file: 'apps/web/app/components/probe-lib.tsx', source: "from '~/lib/api-client'", refused: false },
  { file: 'apps/web/app/shell/probe.tsx', source: "from '~/features/profile'", refused: false },
  { file: 'apps/web/app/probe.tsx', source: "from './features/auth/lib/auth-channel'", refused: true },
  // From one feature into another.
  { file: 'apps/web/app/features/jobs/components/probe.tsx', source: "from '~/features/profile'", refused: false },
  {
    file: 'apps/web/app/features/jobs/components/probe-deep.tsx',
    source: "from '~/features/profile/api/get-me'",
    refused: true,
  },
  {
    file: 'apps/web/app/features/jobs/components/probe-relative.tsx',
    source: "from '../../profile/api/get-me'",
    refused: true,
  },
  { file: 'apps/web/app/features/jobs/probe.ts', source: "from '../profile/api/get-me'", refused: true },
  // Inside one feature: relative imports; the app's shared code through '~/'.
  { file: 'apps/web/app/features/jobs/components/probe-own.tsx', source: "from '../api/get-jobs'", refused: false },
  {
    file: 'apps/web/app/features/jobs/components/probe-own-alias.tsx',
    source: "from '~/features/jobs/api/get-jobs'",
    refused: true,
  },
  { file: 'apps/web/app/features/jobs/components/probe-lib.tsx', source: "from '~/lib/api-client'", refused: false },
  {
    file: 'apps/web/app/features/jobs/components/probe-lib-relative.tsx',
    source: "from '../../../lib/api-client'",
    refused: true,
  },
  // Component tests share the web test helpers.
  {
    file: 'apps/web/app/features/jobs/components/probe.test.tsx',
    source: "from '../../../../test/answer-fetch'",
    refused: false,
  },
];

let probeRoot = '';
let refusedFiles = new Set<string>();

beforeAll(() => {
  // A copy of the real configuration over a scratch tree: the rule reads paths, not the files
  // they name, so the probes need not exist in the app.
  probeRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'feature-boundaries-'));
  const config = fs.readFileSync(path.join(repoRoot, 'biome.json'), 'utf8').replace(/"\$schema":\s*"[^"]*",?/, '');
  fs.writeFileSync(path.join(probeRoot, 'biome.json'), config);
  for (const probe of probes) {
    const target = path.join(probeRoot, probe.file);
    fs.mkdirSync(path.dirname(target), { recursive: true });
    fs.writeFileSync(target, `import { probe } ${probe.source};\n\nexport const used = probe;\n`);
  }
  let output: string;
  try {
    output = execFileSync(
      biome,
      ['lint', '--vcs-enabled=false', '--only=style/noRestrictedImports', '--reporter=json', '.'],
      { cwd: probeRoot, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] },
    );
  } catch (error) {
    // Biome exits with 1 when it reports errors: the report is still on stdout.
    output = (error as { stdout: string }).stdout;
  }
  const report = JSON.parse(output) as {
    diagnostics: { category: string; location: { path: string } }[];
  };
  refusedFiles = new Set(
    report.diagnostics
      .filter((d) => d.category === 'lint/style/noRestrictedImports')
      .map((d) => d.location.path.split(path.sep).join('/')),
  );
}, 30_000);

afterAll(() => {
  if (probeRoot) fs.rmSync(probeRoot, { recursive: true, force: true });
});

describe('feature boundaries', () => {
  it.each(probes)('$file: import { probe } $source (refused: $refused)', ({ file, refused }) => {
    expect(refusedFiles.has(file)).toBe(refused);
  });

  it('every feature has an index.ts made only of re-exports, so a page loads only what it uses', () => {
    const features = fs
      .readdirSync(featuresDir, { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name);
    expect(features.length).toBeGreaterThan(10);
    for (const feature of features) {
      const index = path.join(featuresDir, feature, 'index.ts');
      expect(fs.existsSync(index), `${feature}/index.ts`).toBe(true);
      const statements = fs
        .readFileSync(index, 'utf8')
        .split('\n')
        .filter((line) => line.trim() !== '' && !line.startsWith('//'));
      for (const statement of statements) {
        expect(statement, `${feature}/index.ts`).toMatch(/^export (type )?\{[^}]*\} from '\.\/[^']+';$/);
      }
    }
  });
});
