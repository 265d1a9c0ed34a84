import type { LeaderRole } from '@synergie/shared';
import { asc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../src/db/client';
import { groupApplications, groupMembers, groups, profiles, trades } from '../../src/db/schema';

let groupCounter = 0;

/** A group straight into the database (the admin's form is another area's): fast for tests. */
export async function createGroup(
  db: DbOrTx,
  overrides: Partial<typeof groups.$inferInsert> = {},
): Promise<{ id: string; slug: string; name: string }> {
  groupCounter += 1;
  const slug = overrides.slug ?? `groupe-test-${groupCounter}-${Date.now().toString(36)}`;
  const [row] = await db
    .insert(groups)
    .values({
      slug,
      name: `Synergie Pro Test ${groupCounter}`,
      city: 'Lyon',
      departmentCode: '69',
      region: 'Auvergne-Rhône-Alpes',
      description: 'Un groupe de test.',
      meetingPlace: '1 place Bellecour, Lyon',
      meetingRhythm: 'weekly',
      meetingWeekday: 2,
      meetingTime: '07:00',
      ...overrides,
    })
    .returning({ id: groups.id, slug: groups.slug, name: groups.name });
  if (!row) throw new Error('group not stored');
  return row;
}

/** The catalogue's trades, in a stable order (migration 0008: 207 of them). */
export async function catalogue(db: DbOrTx): Promise<{ id: string; label: string; family: string }[]> {
  return db
    .select({ id: trades.id, label: trades.label, family: trades.family })
    .from(trades)
    .orderBy(asc(trades.slug));
}

/** Seats members directly (the acceptance flow is tested through the routes). */
export async function seat(
  db: DbOrTx,
  groupId: string,
  seats: { userId: string; tradeId: string; role?: LeaderRole | null }[],
): Promise<void> {
  if (seats.length === 0) return;
  await db
    .insert(groupMembers)
    .values(seats.map((s) => ({ groupId, userId: s.userId, tradeId: s.tradeId, role: s.role ?? null })));
}

/** A pending application straight into the database; `periodOver` puts its 7 days in the past. */
export async function insertApplication(
  db: DbOrTx,
  values: { groupId: string; userId: string; tradeId: string; periodOver?: boolean },
): Promise<string> {
  const [row] = await db
    .insert(groupApplications)
    .values({
      groupId: values.groupId,
      userId: values.userId,
      tradeId: values.tradeId,
      objectionPeriodEndsAt: values.periodOver ? sql`now() - interval '1 day'` : sql`now() + interval '7 days'`,
    })
    .returning({ id: groupApplications.id });
  if (!row) throw new Error('application not stored');
  // An applicant applies for their own trade's seat: their profile names it (takeSeat checks).
  await db.update(profiles).set({ tradeId: values.tradeId }).where(eq(profiles.userId, values.userId));
  return row.id;
}
