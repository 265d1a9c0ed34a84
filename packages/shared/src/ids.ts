import { z } from 'zod';

/**
 * An id in a path: rows have UUIDs, members Better Auth's text ids. The shape is checked by the
 * server before a query (apps/server/src/lib/ids.ts: a malformed id is "not found", 404); here
 * only its length, so that a junk id is never a 400 that tells ids apart.
 */
export const idParam = () => z.string().trim().min(1).max(200);

/** The params schema of a path's ids: `idParams('groupId', 'meetingId')`. */
export function idParams<const K extends string>(...names: K[]): z.ZodObject<{ [P in K]: ReturnType<typeof idParam> }> {
  return z.object(
    Object.fromEntries(names.map((name) => [name, idParam()])) as { [P in K]: ReturnType<typeof idParam> },
  );
}
