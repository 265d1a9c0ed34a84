import type { Db } from '../db/client';
import { profiles, userRoles } from '../db/schema';
import { ensureReferralCode } from '../domain/referral';
import type { Env } from '../env';

/** Every new account gets its profile row with its referral code, and the admin role when its email is in ADMIN_EMAILS. */
export async function onUserCreated(db: Db, env: Env, user: { id: string; name: string; email: string }) {
  await db.insert(profiles).values({ userId: user.id, fullName: user.name }).onConflictDoNothing();
  await ensureReferralCode(db, user.id);
  if (env.ADMIN_EMAILS.includes(user.email.toLowerCase())) {
    await db.insert(userRoles).values({ userId: user.id, role: 'admin' }).onConflictDoNothing();
  }
}
