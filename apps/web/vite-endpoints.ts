import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Plugin } from 'vite';

const MODULE_ID = '@synergie/shared/endpoints';
const RESOLVED_ID = '\0synergie-endpoints';

type BrowserEndpoint = { method: string; path: string; operationId: string };
type BrowserEndpoints = Record<string, Record<string, BrowserEndpoint>>;

/**
 * What the browser needs of each declaration to call it (the rest, schemas and access, is the
 * server's), read from the declarations' TypeScript sources with tsx when the build asks for the
 * module rather than through the config's own imports, which Vite bundles with the config.
 */
export async function browserEndpoints(): Promise<BrowserEndpoints> {
  const { tsImport } = await import('tsx/esm/api');
  const source = path.resolve(import.meta.dirname, '../../packages/shared/src/endpoints.ts');
  const declarations = (await tsImport(pathToFileURL(source).href, import.meta.url)) as Record<
    string,
    Record<string, BrowserEndpoint>
  >;
  const areas: BrowserEndpoints = {};
  for (const [areaName, area] of Object.entries(declarations)) {
    const endpoints: Record<string, BrowserEndpoint> = {};
    for (const [name, e] of Object.entries(area)) {
      endpoints[name] = { method: e.method, path: e.path, operationId: e.operationId };
    }
    areas[areaName] = endpoints;
  }
  return areas;
}

/**
 * The endpoint declarations (packages/shared/src/endpoints/) carry their zod schemas, which the
 * server validates with. The browser only builds paths from them: this plugin gives the web build
 * a copy of the module with each declaration's method, path and operationId alone, so that a page
 * loads neither zod nor the schemas of the endpoints it calls (docs/decisions/0015). Types still
 * come from the real module (TypeScript reads the sources).
 */
export function endpointsForTheBrowser(): Plugin {
  let module: Promise<string> | undefined;
  return {
    name: 'synergie-endpoints-for-the-browser',
    enforce: 'pre',
    resolveId(id) {
      return id === MODULE_ID ? RESOLVED_ID : null;
    },
    load(id) {
      if (id !== RESOLVED_ID) return null;
      module ??= browserEndpoints().then((areas) =>
        Object.entries(areas)
          .map(([area, endpoints]) => `export const ${area} = ${JSON.stringify(endpoints)};`)
          .join('\n'),
      );
      return module;
    },
  };
}
