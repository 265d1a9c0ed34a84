/**
 * Ids: rows are keyed by UUIDs (members by Better Auth's text ids). A path parameter is checked
 * here before it reaches a query, so an id that is not a UUID is "not found" (404), never a
 * PostgreSQL error. Path parameters' schemas: `idParams()` (packages/shared/src/ids.ts).
 */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const isUuid = (value: string): boolean => UUID.test(value);
