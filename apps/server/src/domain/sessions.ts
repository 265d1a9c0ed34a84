import { toIsoDateTime } from '@synergie/shared';
import { and, desc, eq, gt } from 'drizzle-orm';
import type { Db } from '../db/client';
import { session } from '../db/schema';
import { AppError } from '../lib/errors';

/**
 * The member's active sessions, without their tokens (a token read by a script could be replayed
 * as a bearer token). Unlike Better Auth's list, this needs no recently created session: members
 * stay signed in for 30 days and must still see their devices.
 */
export async function listActiveSessions(db: Db, userId: string, currentSessionId: string) {
  const rows = await db
    .select({
      id: session.id,
      userAgent: session.userAgent,
      ipAddress: session.ipAddress,
      createdAt: session.createdAt,
      updatedAt: session.updatedAt,
      expiresAt: session.expiresAt,
    })
    .from(session)
    .where(and(eq(session.userId, userId), gt(session.expiresAt, new Date())))
    .orderBy(desc(session.updatedAt));
  return rows.map((row) => ({
    ...row,
    createdAt: toIsoDateTime(row.createdAt),
    updatedAt: toIsoDateTime(row.updatedAt),
    expiresAt: toIsoDateTime(row.expiresAt),
    current: row.id === currentSessionId,
  }));
}

/** Ends one of the member's own sessions; another member's id is simply not found. */
export async function revokeOwnSession(db: Db, userId: string, sessionId: string) {
  const deleted = await db
    .delete(session)
    .where(and(eq(session.id, sessionId), eq(session.userId, userId)))
    .returning({ id: session.id });
  if (deleted.length === 0) throw new AppError('NOT_FOUND', 'Session introuvable');
}
