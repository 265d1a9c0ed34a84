import type { Db } from '../db/client';
import { profiles, userRoles } from '../db/schema';
import type { Env } from '../env';

/** Every new account gets its profile row, and the admin role when its email is in ADMIN_EMAILS. */
export async function onUserCreated(db: Db, env: Env, user: { id: string; name: string; email: string }) {
  await db.insert(profiles).values({ userId: user.id, fullName: user.name }).onConflictDoNothing();
  if (env.ADMIN_EMAILS.includes(user.email.toLowerCase())) {
    await db.insert(userRoles).values({ userId: user.id, role: 'admin' }).onConflictDoNothing();
  }
}
