// Three things of the web app are written in one place each (docs/architecture.md "Feature
// boundaries in the web app"); a copy written elsewhere fails here, naming the file, instead of
// growing a sixth variant.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const appDir = import.meta.dirname;

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

const sources = sourceFiles(appDir).map((file) => ({
  file: path.relative(appDir, file).split(path.sep).join('/'),
  text: fs.readFileSync(file, 'utf8'),
}));

const filesMatching = (pattern: RegExp) => sources.filter((s) => pattern.test(s.text)).map((s) => s.file);

describe('one home each', () => {
  it('scans the app', () => {
    expect(sources.length).toBeGreaterThan(100);
  });

  it('links that open a new tab: components/external-link.tsx', () => {
    expect(filesMatching(/target=["{']_blank/)).toEqual(['components/external-link.tsx']);
  });

  it('file inputs: components/image-upload-field.tsx', () => {
    expect(filesMatching(/type=["{']file/)).toEqual(['components/image-upload-field.tsx']);
  });

  it('query keys: lib/query-keys.ts (every query and invalidation reads the factory)', () => {
    expect(filesMatching(/queryKey:\s*\[/)).toEqual([]);
    const readers = filesMatching(/queryKey:/);
    expect(readers.length).toBeGreaterThan(20);
    for (const file of readers) {
      expect(sources.find((s) => s.file === file)?.text, file).toMatch(/from '~\/lib\/query-keys'/);
    }
  });
});

describe('API calls: through the endpoint declarations (lib/api-client.ts)', () => {
  it('writes no API path: every call, link and upload names its declaration', () => {
    // An address under /api written in a string or a template, or a raw fetch of our API.
    expect(filesMatching(/['"`]\/api[/'"`]/)).toEqual([]);
    expect(filesMatching(/\bfetch\(/)).toEqual(['lib/api-client.ts']);
  });

  it('imports the declarations from the one module the web build swaps for their paths alone', () => {
    const callers = filesMatching(/callApi\(|apiHref\(|uploadApi\(/).filter((f) => f !== 'lib/api-client.ts');
    expect(callers.length).toBeGreaterThan(40);
    for (const file of filesMatching(/from '@synergie\/shared\/endpoints?\//)) {
      expect(file, 'import from @synergie/shared/endpoints, not a file under it').toBe('');
    }
  });
});
