import fs from 'node:fs';
import { SourceMap } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';

/**
 * Stack traces of the built server (apps/server/dist/server.js) point at the TypeScript sources,
 * as with `node --enable-source-maps`, but the bundle's source map is read when the first stack
 * trace is written rather than at start. Node 20's flag reads and decodes, as each module loads, the
 * source map of every module that names one: ours (600 KB) and about 250 of the packages' (Drizzle,
 * PGlite, libphonenumber-js...), about 0.1 s of every start (docs/performance.md, "Start"), for
 * traces that are rarely written. Here only frames in the bundle are mapped, with Node's own
 * `SourceMap` (node:module); the other frames read as V8 writes them.
 *
 * Does nothing when source maps are already on (`--enable-source-maps`, tsx for the sources) or
 * when the bundle has no map next to it. Returns whether it took over.
 */
export function mapStackTracesOf(bundleUrl: string): boolean {
  if (process.sourceMapsEnabled) return false;
  const bundle = fileURLToPath(bundleUrl);
  const mapFile = `${bundle}.map`;
  if (!fs.existsSync(mapFile)) return false;
  const mapUrl = pathToFileURL(mapFile);
  let map: SourceMap | null | undefined;
  const sourceMap = (): SourceMap | null => {
    if (map === undefined) {
      try {
        map = new SourceMap(JSON.parse(fs.readFileSync(mapFile, 'utf8')));
      } catch {
        map = null; // an unreadable map: the traces stay as V8 writes them
      }
    }
    return map;
  };

  /** `name (file:line:column)` of one frame, with the bundle's position replaced by the source's. */
  const frameText = (frame: NodeJS.CallSite): string => {
    const text = frame.toString();
    try {
      const file = frame.getFileName();
      const line = frame.getLineNumber();
      const column = frame.getColumnNumber();
      if ((file !== bundleUrl && file !== bundle) || line === null || column === null) return text;
      const entry = sourceMap()?.findEntry(line - 1, column - 1) as Partial<{
        originalSource: string;
        originalLine: number;
        originalColumn: number;
      }>;
      if (!entry?.originalSource || entry.originalLine === undefined || entry.originalColumn === undefined) return text;
      const source = fileURLToPath(new URL(entry.originalSource, mapUrl));
      const mapped = `${source}:${entry.originalLine + 1}:${entry.originalColumn + 1}`;
      return text.replace(`${file}:${line}:${column}`, () => mapped);
    } catch {
      return text; // a trace is never lost to its mapping
    }
  };

  Error.prepareStackTrace = (error: unknown, frames: NodeJS.CallSite[]) =>
    [header(error), ...frames.map((frame) => `    at ${frameText(frame)}`)].join('\n');
  return true;
}

/**
 * The trace's first line as Node writes it: `name: message`, and `name [code]: message` for the
 * errors Node raises itself (`ERR_…` codes).
 */
function header(error: unknown): string {
  try {
    const text = Error.prototype.toString.call(error);
    const { name, message, code } = error as { name?: unknown; message?: unknown; code?: unknown };
    if (
      typeof code === 'string' &&
      code.startsWith('ERR_') &&
      typeof name === 'string' &&
      typeof message === 'string'
    ) {
      return message ? `${name} [${code}]: ${message}` : `${name} [${code}]`;
    }
    return text;
  } catch {
    return '<error>';
  }
}
