import type { AccountHooks } from '../auth/auth';
import type { Db, DbOrTx } from '../db/client';
import { profiles, userRoles } from '../db/schema';
import type { Env } from '../env';
import { ensureReferralCode, recordSponsor } from './referral';

/**
 * A new account's own rows: its profile (with the values given), its referral code, and the
 * admin role when its email is in ADMIN_EMAILS. Run by Better Auth's hook for every sign-up, and
 * in the transaction of a roster import for the accounts it creates (domain/groups/roster-import.ts).
 */
export async function createAccountRows(
  db: DbOrTx,
  env: Pick<Env, 'ADMIN_EMAILS'>,
  user: { id: string; name: string; email: string },
  profile: Partial<Omit<typeof profiles.$inferInsert, 'userId'>> = {},
): Promise<void> {
  await db
    .insert(profiles)
    .values({ fullName: user.name, ...profile, userId: user.id })
    .onConflictDoNothing();
  await ensureReferralCode(db, user.id);
  if (env.ADMIN_EMAILS.includes(user.email.toLowerCase())) {
    await db.insert(userRoles).values({ userId: user.id, role: 'admin' }).onConflictDoNothing();
  }
}

/**
 * What the product does when Better Auth creates an account or reads a referral code, given to
 * createAuth by app.ts (auth/ knows no domain module).
 */
export function accountHooks(db: Db, env: Env): AccountHooks {
  return {
    created: (user) => createAccountRows(db, env, user),
    sponsored: (userId, code) => recordSponsor(db, userId, code),
  };
}
