import { randomInt } from 'node:crypto';
import { toIsoDateTime } from '@synergie/shared';
import { and, desc, eq, inArray, isNull, ne } from 'drizzle-orm';
import type { AppContext } from '../context';
import type { DbOrTx } from '../db/client';
import { profiles, subscriptions, user } from '../db/schema';
import { SUBSCRIBED_STATUSES, sponsorLedger } from './commissions';

/** No 0/O, 1/I/L: a code read aloud or copied by hand stays right. 31^8 ≈ 8.5e11 codes. */
const CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
const CODE_LENGTH = 8;
const CODE_PATTERN = new RegExp(`^[${CODE_ALPHABET}]{${CODE_LENGTH}}$`);

export function generateReferralCode(): string {
  let code = '';
  for (let i = 0; i < CODE_LENGTH; i++) code += CODE_ALPHABET[randomInt(CODE_ALPHABET.length)];
  return code;
}

/** A code as typed in a link: case-insensitive; null when it cannot be one of ours. */
export function normalizeReferralCode(raw: string | undefined | null): string | null {
  const code = (raw ?? '').trim().toUpperCase();
  return CODE_PATTERN.test(code) ? code : null;
}

/** The member's referral code, created (with the profile row if missing) on first need. */
export async function ensureReferralCode(db: DbOrTx, userId: string): Promise<string> {
  for (let attempt = 0; attempt < 5; attempt++) {
    const [profile] = await db
      .select({ code: profiles.referralCode })
      .from(profiles)
      .where(eq(profiles.userId, userId))
      .limit(1);
    if (profile?.code) return profile.code;
    const code = generateReferralCode();
    // Another code with the same value (unlikely) makes the write do nothing: try a new one.
    if (!profile) {
      await db.insert(profiles).values({ userId, referralCode: code }).onConflictDoNothing();
    } else {
      const taken = await db
        .select({ userId: profiles.userId })
        .from(profiles)
        .where(eq(profiles.referralCode, code))
        .limit(1);
      if (taken.length === 0) {
        await db
          .update(profiles)
          .set({ referralCode: code })
          .where(and(eq(profiles.userId, userId), isNull(profiles.referralCode)));
      }
    }
  }
  throw new Error('Could not assign a referral code');
}

/** The owner of a referral code, or null. */
export async function findSponsorByCode(db: DbOrTx, raw: string | undefined | null): Promise<string | null> {
  const code = normalizeReferralCode(raw);
  if (!code) return null;
  const [row] = await db
    .select({ userId: profiles.userId })
    .from(profiles)
    .where(eq(profiles.referralCode, code))
    .limit(1);
  return row?.userId ?? null;
}

/**
 * Records the sponsor of a new member from the referral cookie's code: once (never replaced),
 * and never the member themself. Returns the sponsor recorded, or null.
 */
export async function recordSponsor(db: DbOrTx, userId: string, rawCode: string | undefined | null) {
  const sponsorId = await findSponsorByCode(db, rawCode);
  if (!sponsorId || sponsorId === userId) return null;
  const updated = await db
    .update(profiles)
    .set({ sponsorId })
    .where(and(eq(profiles.userId, userId), isNull(profiles.sponsorId), ne(profiles.userId, sponsorId)))
    .returning({ userId: profiles.userId });
  return updated.length > 0 ? sponsorId : null;
}

export function referralLink(siteUrl: string, code: string): string {
  return new URL(`/r/${code}`, siteUrl).toString();
}

/** GET /api/me/referral: the member's code and link, referrals and commissions. */
export async function getMyReferral(ctx: AppContext, userId: string, now = new Date()) {
  const code = await ensureReferralCode(ctx.db, userId);
  const referred = await ctx.db
    .select({ id: user.id, name: user.name, joinedAt: user.createdAt })
    .from(profiles)
    .innerJoin(user, eq(user.id, profiles.userId))
    .where(eq(profiles.sponsorId, userId))
    .orderBy(desc(user.createdAt));
  const subscribed = referred.length
    ? await ctx.db
        .select({ userId: subscriptions.userId })
        .from(subscriptions)
        .where(
          and(
            inArray(
              subscriptions.userId,
              referred.map((r) => r.id),
            ),
            inArray(subscriptions.status, [...SUBSCRIBED_STATUSES]),
          ),
        )
    : [];
  const subscribedIds = new Set(subscribed.map((s) => s.userId));
  const ledger = await sponsorLedger(ctx.db, userId, now);
  return {
    code,
    link: referralLink(ctx.env.SITE_URL, code),
    referrals: referred.map((r) => ({
      name: r.name,
      joinedAt: toIsoDateTime(r.joinedAt),
      subscribed: subscribedIds.has(r.id),
    })),
    totals: ledger.totals,
    lines: ledger.lines,
  };
}
