import {
  type AdminMember,
  type AdminMembersResponse,
  type AdminMemberUpdate,
  toIsoDateTime,
  toIsoDateTimeOrNull,
} from '@synergie/shared';
import { and, desc, eq, ilike, or, sql } from 'drizzle-orm';
import type { AppContext } from '../context';
import { displayNameOf } from '../db/fragments';
import { profiles, subscriptions, user, userRoles } from '../db/schema';
import { AppError } from '../lib/errors';
import { eraseAccount } from './member-data';
import type { Log } from './profile';

const notFound = () => new AppError('USER_NOT_FOUND');

/** `%`, `_` and `\` typed in the search box are literal characters, not patterns. */
const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * admin_get_all_profiles: every account with its profile, admin role, verification and
 * subscription, newest first, filtered by name, email, company or profession. One query per
 * page, whatever its size (the total comes with each row, by a window function).
 */
export async function listMembers(
  ctx: AppContext,
  query: { q: string; page: number; pageSize: number },
): Promise<AdminMembersResponse> {
  const fullName = displayNameOf(profiles.fullName, user.name);
  const pattern = query.q ? likePattern(query.q) : null;
  const where = pattern
    ? or(
        ilike(user.email, pattern),
        ilike(user.name, pattern),
        ilike(profiles.fullName, pattern),
        ilike(profiles.companyName, pattern),
        ilike(profiles.profession, pattern),
      )
    : undefined;
  const rows = await ctx.db
    .select({
      userId: user.id,
      email: user.email,
      fullName,
      companyName: profiles.companyName,
      profession: profiles.profession,
      createdAt: user.createdAt,
      emailVerified: user.emailVerified,
      isAdmin: sql<boolean>`${userRoles.userId} is not null`,
      subStatus: subscriptions.status,
      subPlan: subscriptions.planId,
      subProvider: subscriptions.provider,
      subPeriodEnd: subscriptions.currentPeriodEnd,
      subCancelAtPeriodEnd: subscriptions.cancelAtPeriodEnd,
      total: sql<number>`cast(count(*) over () as integer)`,
    })
    .from(user)
    .leftJoin(profiles, eq(profiles.userId, user.id))
    .leftJoin(userRoles, and(eq(userRoles.userId, user.id), eq(userRoles.role, 'admin')))
    .leftJoin(subscriptions, eq(subscriptions.userId, user.id))
    .where(where)
    .orderBy(desc(user.createdAt), user.id)
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize);

  const members: AdminMember[] = rows.map((row) => ({
    userId: row.userId,
    email: row.email,
    fullName: row.fullName,
    companyName: row.companyName,
    profession: row.profession,
    createdAt: toIsoDateTime(row.createdAt),
    isAdmin: Boolean(row.isAdmin),
    emailVerified: row.emailVerified,
    subscription:
      row.subStatus && row.subPlan && row.subProvider
        ? {
            status: row.subStatus,
            planId: row.subPlan,
            provider: row.subProvider,
            currentPeriodEnd: toIsoDateTimeOrNull(row.subPeriodEnd),
            cancelAtPeriodEnd: row.subCancelAtPeriodEnd ?? false,
          }
        : null,
  }));
  let total = rows[0]?.total;
  if (total === undefined) {
    // A page past the end has no row to carry the total: one count, still a fixed number of queries.
    const [counted] = await ctx.db
      .select({ total: sql<number>`cast(count(*) as integer)` })
      .from(user)
      .leftJoin(profiles, eq(profiles.userId, user.id))
      .where(where);
    total = counted?.total ?? 0;
  }
  return { members, total: Number(total), page: query.page, pageSize: query.pageSize };
}

/**
 * An admin edits a member's name and company. The account's name (sessions, emails) follows the
 * profile's full name, as when members edit their own profile.
 */
export async function updateMember(
  ctx: AppContext,
  userId: string,
  input: AdminMemberUpdate,
): Promise<{ userId: string; fullName: string; companyName: string | null }> {
  const updated = await ctx.db.transaction(async (tx) => {
    const renamed = await tx
      .update(user)
      .set({ name: input.fullName, updatedAt: new Date() })
      .where(eq(user.id, userId))
      .returning({ id: user.id });
    if (renamed.length === 0) throw notFound();
    const values = { fullName: input.fullName, companyName: input.companyName };
    await tx
      .insert(profiles)
      .values({ userId, ...values })
      .onConflictDoUpdate({ target: profiles.userId, set: { ...values, updatedAt: new Date() } });
    return { userId, fullName: input.fullName, companyName: input.companyName };
  });
  await ctx.sessionCache.clear();
  return updated;
}

/** An admin deletes a member's account, as the member's own deletion does (files included). */
export async function deleteMember(ctx: AppContext, adminId: string, userId: string, log: Log): Promise<void> {
  // Never the admin's own account from here: /profile has its own confirmed deletion.
  if (userId === adminId) throw new AppError('CANNOT_DELETE_SELF');
  if (!(await eraseAccount(ctx, userId, log))) throw notFound();
}
