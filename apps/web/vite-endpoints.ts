import type { Plugin } from 'vite';
// Relative on purpose: Vite bundles relative imports of its config, not workspace packages.
import * as declarations from '../../packages/shared/src/endpoints';

const MODULE_ID = '@synergie/shared/endpoints';
const RESOLVED_ID = '\0synergie-endpoints';

/** What the browser needs of a declaration to call it: the rest (schemas, access) is the server's. */
export function browserEndpoints(): Record<
  string,
  Record<string, { method: string; path: string; operationId: string }>
> {
  const areas: Record<string, Record<string, { method: string; path: string; operationId: string }>> = {};
  for (const [areaName, area] of Object.entries(declarations)) {
    areas[areaName] = {};
    for (const [name, e] of Object.entries(
      area as Record<string, { method: string; path: string; operationId: string }>,
    )) {
      areas[areaName][name] = { method: e.method, path: e.path, operationId: e.operationId };
    }
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
  return {
    name: 'synergie-endpoints-for-the-browser',
    enforce: 'pre',
    resolveId(id) {
      return id === MODULE_ID ? RESOLVED_ID : null;
    },
    load(id) {
      if (id !== RESOLVED_ID) return null;
      return Object.entries(browserEndpoints())
        .map(([area, endpoints]) => `export const ${area} = ${JSON.stringify(endpoints)};`)
        .join('\n');
    },
  };
}
