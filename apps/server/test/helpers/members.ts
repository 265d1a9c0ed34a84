import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { profiles, user } from '../../src/db/schema';
import type { TestApp } from './app';
import { signUp } from './auth';

export type Member = Awaited<ReturnType<typeof signUp>>;
export type ProfileValues = Partial<Omit<typeof profiles.$inferInsert, 'userId'>>;
type MemberValues = ProfileValues & { fullName: string };

/** A signed-in member with a subscription in trial (the demo checkout, as a browser completes it). */
export async function signUpSubscriber(
  t: TestApp,
  overrides: Parameters<typeof signUp>[1] = {},
  profile: ProfileValues = {},
): Promise<Member> {
  const member = await signUp(t, overrides);
  const checkout = await member.post('/api/billing/checkout', { planId: 'monthly' });
  if (checkout.statusCode !== 200) throw new Error(`checkout failed: ${checkout.statusCode} ${checkout.body}`);
  const session = new URL(checkout.json().url).searchParams.get('session');
  const done = await member.post('/api/billing/demo/complete', { session });
  if (done.statusCode !== 200) throw new Error(`demo checkout failed: ${done.statusCode} ${done.body}`);
  if (Object.keys(profile).length > 0) await setProfile(t, member.userId, profile);
  return member;
}

/** Fills in a member's profile as if they had saved the /profile form. */
export async function setProfile(t: TestApp, userId: string, values: ProfileValues): Promise<void> {
  await t.database.db.update(profiles).set(values).where(eq(profiles.userId, userId));
}

/** Members who never sign in (directory content), straight into the database: fast for dozens. */
export async function insertMembers(
  t: TestApp,
  count: number,
  profile: ((index: number) => MemberValues) | readonly MemberValues[],
): Promise<string[]> {
  const rows = Array.from({ length: count }, (_, index) => ({
    id: randomUUID(),
    ...(typeof profile === 'function' ? profile(index) : (profile[index] as MemberValues)),
  }));
  if (rows.length === 0) return [];
  await t.database.db
    .insert(user)
    .values(rows.map((r) => ({ id: r.id, name: r.fullName, email: `${r.id}@annuaire.test` })));
  await t.database.db.insert(profiles).values(rows.map(({ id, ...values }) => ({ userId: id, ...values })));
  return rows.map((r) => r.id);
}
