// Things of the web app written in one place each (docs/architecture.md "Where does X live"); a
// copy written elsewhere fails here, naming the file, instead of growing a sixth variant.
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

/** Each line matching `pattern`, with the lines just above it. */
const linesMatching = (pattern: RegExp, above = 3) =>
  sources.flatMap(({ file, text }) => {
    const lines = text.split('\n');
    return lines.flatMap((line, i) =>
      pattern.test(line) ? [{ file, line: i + 1, context: lines.slice(Math.max(0, i - above), i + 1).join('\n') }] : [],
    );
  });

describe('one home each', () => {
  it('scans the app', () => {
    expect(sources.length).toBeGreaterThan(100);
  });

  it('links that open a new tab: components/external-link.tsx', () => {
    expect(filesMatching(/target=["{']_blank/)).toEqual(['components/external-link.tsx']);
  });

  it('file inputs: components/ui/file-input.tsx (the French button), used for images and rosters', () => {
    expect(filesMatching(/type=["{']file/)).toEqual(['components/ui/file-input.tsx']);
    expect(filesMatching(/<FileInput\b/)).toEqual([
      'components/image-upload-field.tsx',
      'features/groups/components/roster-import-view.tsx',
    ]);
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
    // The service worker (sw/) passes the page's own requests on to the network: it calls no endpoint.
    expect(filesMatching(/\bfetch\(/).filter((file) => !file.startsWith('sw/'))).toEqual(['lib/api-client.ts']);
  });

  it('imports the declarations from the one module the web build swaps for their paths alone', () => {
    const callers = filesMatching(/callApi\(|apiHref\(|uploadApi\(/).filter((f) => f !== 'lib/api-client.ts');
    expect(callers.length).toBeGreaterThan(40);
    for (const file of filesMatching(/from '@synergie\/shared\/endpoints?\//)) {
      expect(file, 'import from @synergie/shared/endpoints, not a file under it').toBe('');
    }
  });
});

describe('query states: components/query-state.tsx', () => {
  it('the load-error block with `Réessayer` is LoadError (the /500 page reloads the whole page)', () => {
    expect(filesMatching(/Réessayer/)).toEqual(['components/query-state.tsx', 'routes/server-error.tsx']);
    expect(filesMatching(/\bfunction (Loading|LoadError|QueryState)\b/)).toEqual(['components/query-state.tsx']);
  });

  it('a loading message is written by Loading (but the served events list and the root fallback)', () => {
    // A status line or a screen-reader text saying 'Chargement…', written by hand. The root's
    // HydrateFallback writes its own: the kit would weigh on every page's first load.
    const handWritten = /(role="status"|className="sr-only")[^>]*>\s*Chargement/;
    expect(filesMatching(handWritten)).toEqual(['features/events/components/events-board.tsx', 'root.tsx']);
  });

  it('a 404 answer is recognised by isNotFoundError (lib/api-client.ts)', () => {
    expect(filesMatching(/ApiRequestError && [\w.]+\.status === 404/)).toEqual(['lib/api-client.ts']);
  });
});

describe('the retry policy: shouldRetryQuery, the QueryClient default (root.tsx)', () => {
  it('is set once, in the QueryClient of root.tsx', () => {
    expect(filesMatching(/retry: shouldRetryQuery/)).toEqual(['root.tsx']);
    expect(filesMatching(/\bfunction shouldRetryQuery\b/)).toEqual(['lib/api-client.ts']);
  });

  it('no hook restates it; a hook with another policy says why, just above', () => {
    expect(filesMatching(/const retry\b|\bretry,/)).toEqual([]);
    const options = linesMatching(/\bretry:/).filter((l) => l.file !== 'root.tsx');
    expect(options.length).toBeGreaterThan(0);
    for (const option of options) {
      expect(option.context, `${option.file}:${option.line}`).toMatch(/\/\/ Not the app's retry policy: /);
    }
  });
});

describe('shared pieces: one definition each', () => {
  it('pagination: components/pagination.tsx (Pagination, pageCount)', () => {
    expect(filesMatching(/\bfunction Pagination\b/)).toEqual(['components/pagination.tsx']);
    expect(filesMatching(/Math\.ceil\([^)]*\/[^)]*[pP]ageSize/)).toEqual(['components/pagination.tsx']);
  });

  it('debouncing a value: lib/use-debounced.ts', () => {
    expect(filesMatching(/\bfunction useDebounced\b/)).toEqual(['lib/use-debounced.ts']);
  });

  it('picking a member and its search: features/network (MemberPicker, useMemberSearch)', () => {
    expect(filesMatching(/\bfunction \w*MemberPicker\b/)).toEqual(['features/network/components/member-picker.tsx']);
    expect(filesMatching(/\bfunction useMemberSearch\b/)).toEqual(['features/network/api/network.ts']);
    // The member pickers search the directory through the hook only.
    expect(filesMatching(/directoryEndpoints\.list/)).toEqual(['features/network/api/network.ts']);
  });

  it('a member drawn as a photo or initials: components/member-avatar.tsx', () => {
    expect(filesMatching(/\bfunction \w*Avatar\b/)).toEqual(['components/member-avatar.tsx']);
    // Initials: the first letters of the name's words, upper-cased.
    expect(filesMatching(/\.slice\(0, 2\)[\s\S]{0,80}toUpperCase/)).toEqual(['components/member-avatar.tsx']);
  });
});
