import { randomBytes } from 'node:crypto';
import {
  type MeResponse,
  type Profile,
  type ProfileUpdate,
  type PublicProfile,
  profileMessages,
  type TradeFamily,
} from '@synergie/shared';
import { eq, sql } from 'drizzle-orm';
import type { AppContext } from '../context';
import type { DbOrTx } from '../db/client';
import { profiles, trades, user } from '../db/schema';
import { AppError } from '../lib/errors';
import { pgConstraint, pgErrorCode } from '../lib/pg-errors';
import { keyFromPublicUrl } from '../storage';
import { imagePresets, processImage } from '../storage/images';
import { isAdmin } from './roles';

export type ProfileImageKind = 'avatar' | 'logo';

/** Where a warning goes when a cleanup fails after the change itself succeeded. */
export interface Log {
  warn(object: object, message: string): void;
  error(object: object, message: string): void;
}

const profileColumns = {
  userId: profiles.userId,
  fullName: profiles.fullName,
  companyName: profiles.companyName,
  companyLogoUrl: profiles.companyLogoUrl,
  avatarUrl: profiles.avatarUrl,
  websiteUrl: profiles.websiteUrl,
  phone: profiles.phone,
  bio: profiles.bio,
  linkedinUrl: profiles.linkedinUrl,
  twitterUrl: profiles.twitterUrl,
  githubUrl: profiles.githubUrl,
  facebookUrl: profiles.facebookUrl,
  sponsorName: profiles.sponsorName,
  profession: profiles.profession,
  industry: profiles.industry,
  city: profiles.city,
  skills: profiles.skills,
  lookingFor: profiles.lookingFor,
  tradeId: profiles.tradeId,
  specialty: profiles.specialty,
  mustPickTrade: profiles.mustPickTrade,
  titleForm: profiles.titleForm,
  tradeSlug: trades.slug,
  tradeLabel: trades.label,
  tradeFamily: trades.family,
  tradeNafCode: trades.nafCode,
  tradeRegulated: trades.regulated,
};

type ProfileRow = Omit<Profile, 'trade'> & {
  tradeSlug: string | null;
  tradeLabel: string | null;
  tradeFamily: string | null;
  tradeNafCode: string | null;
  tradeRegulated: boolean | null;
};

/** The row with its trade (left join) as the API answers it. */
function toProfile(row: ProfileRow): Profile {
  const { tradeSlug, tradeLabel, tradeFamily, tradeNafCode, tradeRegulated, ...profile } = row;
  return {
    ...profile,
    trade:
      profile.tradeId && tradeSlug && tradeLabel && tradeFamily
        ? {
            id: profile.tradeId,
            slug: tradeSlug,
            label: tradeLabel,
            family: tradeFamily as TradeFamily,
            nafCode: tradeNafCode,
            regulated: tradeRegulated ?? false,
          }
        : null,
  };
}

const imageColumn = { avatar: 'avatarUrl', logo: 'companyLogoUrl' } as const;
/** Avatars and logos share the spec's `avatars` bucket; logos are named `logo-...`. */
const IMAGE_BUCKET = 'avatars';

const unauthenticated = () => new AppError('UNAUTHENTICATED');

/**
 * Every account gets its profile when created (domain/new-accounts.ts); this covers an account
 * made before that hook existed, so a member never finds their profile missing.
 */
async function ensureProfile(db: DbOrTx, userId: string) {
  await db.execute(
    sql`insert into ${profiles} (${sql.identifier(profiles.userId.name)}, ${sql.identifier(profiles.fullName.name)})
        select ${user.id}, ${user.name} from ${user} where ${user.id} = ${userId}
        on conflict do nothing`,
  );
}

/** The member's own profile (get_my_profile). */
export async function getOwnProfile(db: DbOrTx, userId: string): Promise<Profile> {
  await ensureProfile(db, userId);
  const [row] = await db
    .select(profileColumns)
    .from(profiles)
    .leftJoin(trades, eq(trades.id, profiles.tradeId))
    .where(eq(profiles.userId, userId));
  if (!row) throw unauthenticated();
  return toProfile(row);
}

/** GET /api/me: the account, its profile and whether it is an admin. */
export async function getMe(ctx: AppContext, userId: string): Promise<MeResponse> {
  const [account] = await ctx.db
    .select({
      id: user.id,
      email: user.email,
      name: user.name,
      emailVerified: user.emailVerified,
      twoFactorEnabled: user.twoFactorEnabled,
    })
    .from(user)
    .where(eq(user.id, userId));
  if (!account) throw unauthenticated();
  const [profile, admin] = await Promise.all([getOwnProfile(ctx.db, userId), isAdmin(ctx.db, userId)]);
  return { user: { ...account, twoFactorEnabled: account.twoFactorEnabled ?? false }, profile, isAdmin: admin };
}

/**
 * Saves the /profile form for the signed-in member, and keeps the account's name (shown by the
 * session, in emails) equal to the profile's full name. Images have their own routes.
 *
 * The trade (network-core §1): the profile row is locked (FOR UPDATE) before the member's seat is
 * read, so a trade change and a leave/removal of that member queue on it; a member holding an
 * active seat keeps the seat's trade (409 TRADE_LOCKED_BY_SEAT). An unknown trade is refused by
 * the foreign key (404 TRADE_NOT_FOUND). With a trade, the database writes its label into
 * `profession` (trigger profiles_0_trade_label) and clears must_pick_trade.
 */
export async function updateProfile(ctx: AppContext, userId: string, input: ProfileUpdate): Promise<Profile> {
  const values = {
    fullName: input.fullName,
    companyName: input.companyName,
    phone: input.phone,
    bio: input.bio,
    industry: input.industry,
    city: input.city,
    sponsorName: input.sponsorName,
    websiteUrl: input.websiteUrl,
    linkedinUrl: input.linkedinUrl,
    twitterUrl: input.twitterUrl,
    githubUrl: input.githubUrl,
    facebookUrl: input.facebookUrl,
    skills: input.skills,
    lookingFor: input.lookingFor,
    ...(input.specialty !== undefined ? { specialty: input.specialty } : {}),
    ...(input.titleForm !== undefined ? { titleForm: input.titleForm } : {}),
  };
  try {
    const saved = await ctx.db.transaction(async (tx) => {
      const renamed = await tx
        .update(user)
        .set({ name: input.fullName, updatedAt: new Date() })
        .where(eq(user.id, userId))
        .returning({ id: user.id });
      if (renamed.length === 0) throw unauthenticated();
      await ensureProfile(tx, userId);
      const [current] = await tx
        .select({ tradeId: profiles.tradeId })
        .from(profiles)
        .where(eq(profiles.userId, userId))
        .for('update');
      if (!current) throw unauthenticated();
      const tradeId = input.tradeId === undefined ? current.tradeId : input.tradeId;
      if (tradeId !== current.tradeId) {
        const { rows: seats } = await tx.execute(
          sql`select 1 from group_members where user_id = ${userId} and status = 'active'`,
        );
        if (seats.length > 0) throw new AppError('TRADE_LOCKED_BY_SEAT');
      }
      // Without a trade: an older client's free text, else unchanged, but never a dropped trade's label.
      const profession =
        tradeId !== null
          ? {}
          : input.profession !== undefined
            ? { profession: input.profession }
            : current.tradeId !== null
              ? { profession: null }
              : {};
      await tx
        .update(profiles)
        .set({ ...values, ...profession, tradeId, updatedAt: new Date() })
        .where(eq(profiles.userId, userId));
      return getOwnProfile(tx, userId);
    });
    await ctx.sessionCache.clear();
    return saved;
  } catch (error) {
    if (pgErrorCode(error) === '23503' && pgConstraint(error) === 'profiles_trade_id_trades_id_fk') {
      throw new AppError('TRADE_NOT_FOUND', undefined, { tradeId: 'Ce métier est introuvable.' });
    }
    throw error;
  }
}

/** Deletes a file this member uploaded, given the URL saved for it; a failure is only logged. */
async function deleteUploadedImage(ctx: AppContext, userId: string, url: string | null, log: Log) {
  const key = keyFromPublicUrl(ctx.storage, IMAGE_BUCKET, url);
  // Only ever a file under the member's own id.
  if (!key?.startsWith(`${userId}/`)) return;
  try {
    await ctx.storage.delete(IMAGE_BUCKET, key);
  } catch (error) {
    log.warn({ err: error, key }, 'could not delete a replaced image');
  }
}

/** Sets the image column and returns the URL it held, in one locked step. */
async function swapImageUrl(ctx: AppContext, userId: string, kind: ProfileImageKind, url: string | null) {
  const column = imageColumn[kind];
  return ctx.db.transaction(async (tx) => {
    await ensureProfile(tx, userId);
    const [current] = await tx
      .select({ url: profiles[column] })
      .from(profiles)
      .where(eq(profiles.userId, userId))
      .for('update');
    if (!current) throw unauthenticated();
    await tx
      .update(profiles)
      .set({ [column]: url, updatedAt: new Date() })
      .where(eq(profiles.userId, userId));
    return current.url;
  });
}

/**
 * POST /api/me/avatar and /api/me/logo: checks and re-encodes the upload, stores it under the
 * member's id, saves its URL and deletes the image it replaces.
 */
export async function setProfileImage(
  ctx: AppContext,
  userId: string,
  kind: ProfileImageKind,
  upload: Buffer,
  log: Log,
): Promise<{ url: string }> {
  const image = await processImage(upload, imagePresets[kind]);
  const name = `${kind === 'logo' ? 'logo-' : ''}${randomBytes(16).toString('base64url')}.${image.extension}`;
  const key = `${userId}/${name}`;
  await ctx.storage.put(IMAGE_BUCKET, key, image.body, image.contentType);
  const url = ctx.storage.publicUrl(IMAGE_BUCKET, key);
  let previous: string | null;
  try {
    previous = await swapImageUrl(ctx, userId, kind, url);
  } catch (error) {
    // Nothing half-written: no stored file without the profile pointing at it.
    await ctx.storage.delete(IMAGE_BUCKET, key).catch((cleanupError: unknown) => {
      log.warn({ err: cleanupError, key }, 'could not delete an image whose profile update failed');
    });
    throw error;
  }
  await deleteUploadedImage(ctx, userId, previous, log);
  return { url };
}

/** DELETE /api/me/avatar and /api/me/logo. */
export async function removeProfileImage(ctx: AppContext, userId: string, kind: ProfileImageKind, log: Log) {
  const previous = await swapImageUrl(ctx, userId, kind, null);
  await deleteUploadedImage(ctx, userId, previous, log);
}

/** get_public_profile: the name and company anyone may see (job offers, event organisers). */
export async function getPublicProfile(db: DbOrTx, userId: string): Promise<PublicProfile> {
  const [row] = await db
    .select({ fullName: profiles.fullName, companyName: profiles.companyName })
    .from(profiles)
    .where(eq(profiles.userId, userId));
  if (!row) throw new AppError('NOT_FOUND', profileMessages.notFound);
  return row;
}
