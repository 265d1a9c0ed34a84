import { adminMessages, adminPromoteSchema } from '@synergie/shared';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { user, userRoles } from '../db/schema';
import { AppError } from '../lib/errors';

/** The spec's is_admin: a row (user_id, 'admin') in user_roles. */
export async function isAdmin(db: DbOrTx, userId: string): Promise<boolean> {
  const rows = await db
    .select({ role: userRoles.role })
    .from(userRoles)
    .where(and(eq(userRoles.userId, userId), eq(userRoles.role, 'admin')))
    .limit(1);
  return rows.length > 0;
}

/**
 * Makes the account with this email an admin (`npm run admin -- promote EMAIL`, and later the
 * admin page). 400 'Veuillez entrer un email', 404 'Utilisateur non trouvé',
 * 409 'Cet utilisateur est déjà admin'.
 */
export async function promoteAdmin(db: DbOrTx, rawEmail: string): Promise<{ userId: string; email: string }> {
  const parsed = adminPromoteSchema.safeParse({ email: rawEmail });
  if (!parsed.success) {
    throw new AppError('VALIDATION', parsed.error.issues[0]?.message ?? adminMessages.emailRequired);
  }
  const email = parsed.data.email.toLowerCase();
  const [member] = await db
    .select({ id: user.id, email: user.email })
    .from(user)
    .where(eq(sql`lower(${user.email})`, email))
    .limit(1);
  if (!member) throw new AppError('USER_NOT_FOUND');
  const inserted = await db
    .insert(userRoles)
    .values({ userId: member.id, role: 'admin' })
    .onConflictDoNothing()
    .returning({ userId: userRoles.userId });
  if (inserted.length === 0) throw new AppError('ALREADY_ADMIN');
  return { userId: member.id, email: member.email };
}

/**
 * ADMIN_EMAILS at start-up: accounts that existed before their email was listed become admins
 * too (new accounts are promoted when created, see domain/new-accounts.ts). Returns how many.
 */
export async function promoteAdminEmails(db: DbOrTx, emails: string[]): Promise<number> {
  if (emails.length === 0) return 0;
  const members = await db
    .select({ id: user.id })
    .from(user)
    .where(
      inArray(
        sql`lower(${user.email})`,
        emails.map((e) => e.toLowerCase()),
      ),
    );
  if (members.length === 0) return 0;
  const inserted = await db
    .insert(userRoles)
    .values(members.map((m) => ({ userId: m.id, role: 'admin' })))
    .onConflictDoNothing()
    .returning({ userId: userRoles.userId });
  return inserted.length;
}
