import type { AccountHooks } from '../auth/auth';
import type { Db } from '../db/client';
import { profiles, userRoles } from '../db/schema';
import type { Env } from '../env';
import { ensureReferralCode, recordSponsor } from './referral';

/**
 * What the product does when Better Auth creates an account or reads a referral code, given to
 * createAuth by app.ts (auth/ knows no domain module). Every new account gets its profile row
 * with its referral code, and the admin role when its email is in ADMIN_EMAILS.
 */
export function accountHooks(db: Db, env: Env): AccountHooks {
  return {
    async created(user) {
      await db.insert(profiles).values({ userId: user.id, fullName: user.name }).onConflictDoNothing();
      await ensureReferralCode(db, user.id);
      if (env.ADMIN_EMAILS.includes(user.email.toLowerCase())) {
        await db.insert(userRoles).values({ userId: user.id, role: 'admin' }).onConflictDoNothing();
      }
    },
    sponsored: (userId, code) => recordSponsor(db, userId, code),
  };
}
