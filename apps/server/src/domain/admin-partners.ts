import { randomBytes, randomUUID } from 'node:crypto';
import { type Partner, type PartnerInput, type PartnerUpdate, partnerMessages, type SiteInfo } from '@synergie/shared';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../context';
import { partnerSites } from '../db/schema';
import { AppError } from '../lib/errors';
import { parseHead } from '../lib/html-head';
import { type SafeFetchOptions, safeFetch, testAllowHosts } from '../lib/safe-fetch';
import { keyFromPublicUrl } from '../storage';
import { imagePresets, processImage } from '../storage/images';
import type { Log } from './profile';

const BUCKET = 'partner-logos';

const partnerColumns = {
  id: partnerSites.id,
  name: partnerSites.name,
  description: partnerSites.description,
  websiteUrl: partnerSites.websiteUrl,
  logoUrl: partnerSites.logoUrl,
  category: partnerSites.category,
  isFeatured: partnerSites.isFeatured,
  displayOrder: partnerSites.displayOrder,
};

const notFound = () => new AppError('NOT_FOUND', partnerMessages.notFound);

/** The safe fetch's settings for this app: the test-only allow-list exists only under NODE_ENV=test. */
export const fetchOptionsFor = (ctx: AppContext): Pick<SafeFetchOptions, 'allowHosts'> => ({
  allowHosts: testAllowHosts(ctx.env.NODE_ENV),
});

/** The charset a page declares in its Content-Type, if the platform can decode it; else UTF-8. */
function decodeHtml(body: Buffer, contentTypeHeader: string | undefined): string {
  const label = /charset=["']?([\w-]+)/i.exec(contentTypeHeader ?? '')?.[1];
  try {
    return new TextDecoder(label ?? 'utf-8').decode(body);
  } catch {
    return new TextDecoder('utf-8').decode(body);
  }
}

/**
 * fetch-site-info: title, description, Open Graph image and icon of a public web page, read
 * through the SSRF-safe fetch (lib/safe-fetch.ts).
 */
export async function fetchSiteInfo(ctx: AppContext, url: string): Promise<SiteInfo> {
  const page = await safeFetch(url, {
    ...fetchOptionsFor(ctx),
    accept: ['text/html', 'application/xhtml+xml'],
    acceptHeader: 'text/html,application/xhtml+xml;q=0.9',
  });
  return parseHead(decodeHtml(page.body, page.contentTypeHeader), page.url);
}

/** A same-site path (a shipped image): kept as is. */
const isSitePath = (url: string) => url.startsWith('/') && !url.startsWith('//');

/**
 * The logo URL to save. An external image is downloaded through the safe fetch, checked and
 * re-encoded (storage/images.ts) and stored under the partner's id: pages never load an image
 * from another site. Our own stored logo of this partner, or a same-site path, is kept.
 * Returns the URL and the key of a file stored by this call (to remove if the save fails).
 */
async function resolveLogo(
  ctx: AppContext,
  partnerId: string,
  logoUrl: string | null,
): Promise<{ url: string | null; storedKey: string | null }> {
  if (logoUrl === null) return { url: null, storedKey: null };
  const ownKey = keyFromPublicUrl(ctx.storage, BUCKET, logoUrl);
  if (ownKey?.startsWith(`${partnerId}/`)) return { url: logoUrl, storedKey: null };
  if (isSitePath(logoUrl) && ownKey === null) return { url: logoUrl, storedKey: null };
  let image: Awaited<ReturnType<typeof processImage>>;
  try {
    const download = await safeFetch(logoUrl, {
      ...fetchOptionsFor(ctx),
      accept: ['image/'],
      acceptHeader: 'image/avif,image/webp,image/png,image/jpeg,image/gif;q=0.8',
    });
    image = await processImage(download.body, imagePresets.logo);
  } catch (error) {
    // A refused address keeps its own message; any other failure says the logo could not be had.
    if (error instanceof AppError && error.code === 'URL_REFUSED') throw error;
    throw new AppError('LOGO_IMPORT_FAILED');
  }
  const key = `${partnerId}/${randomBytes(12).toString('base64url')}.${image.extension}`;
  await ctx.storage.put(BUCKET, key, image.body, image.contentType);
  return { url: ctx.storage.publicUrl(BUCKET, key), storedKey: key };
}

async function removeLogoFile(ctx: AppContext, partnerId: string, url: string | null, log: Log) {
  const key = keyFromPublicUrl(ctx.storage, BUCKET, url);
  if (!key?.startsWith(`${partnerId}/`)) return;
  await ctx.storage.delete(BUCKET, key).catch((error: unknown) => {
    log.warn({ err: error, key }, 'could not delete a partner logo');
  });
}

export async function createPartner(ctx: AppContext, input: PartnerInput, log: Log): Promise<Partner> {
  const id = randomUUID();
  const logo = await resolveLogo(ctx, id, input.logoUrl);
  try {
    const [row] = await ctx.db
      .insert(partnerSites)
      .values({
        id,
        name: input.name,
        description: input.description,
        websiteUrl: input.websiteUrl,
        logoUrl: logo.url,
        category: input.category,
        isFeatured: input.isFeatured,
        displayOrder: input.displayOrder,
      })
      .returning(partnerColumns);
    if (!row) throw new Error('partner not saved');
    return row;
  } catch (error) {
    await removeLogoFile(ctx, id, logo.url, log);
    throw error;
  }
}

export async function updatePartner(ctx: AppContext, id: string, input: PartnerUpdate, log: Log): Promise<Partner> {
  const [current] = await ctx.db
    .select({ logoUrl: partnerSites.logoUrl })
    .from(partnerSites)
    .where(eq(partnerSites.id, id));
  if (!current) throw notFound();
  const logoChanged = input.logoUrl !== undefined && input.logoUrl !== current.logoUrl;
  const logo = logoChanged ? await resolveLogo(ctx, id, input.logoUrl ?? null) : null;
  const values = {
    ...(input.name !== undefined ? { name: input.name } : {}),
    ...(input.websiteUrl !== undefined ? { websiteUrl: input.websiteUrl } : {}),
    ...(input.description !== undefined ? { description: input.description } : {}),
    ...(input.category !== undefined ? { category: input.category } : {}),
    ...(input.isFeatured !== undefined ? { isFeatured: input.isFeatured } : {}),
    ...(input.displayOrder !== undefined ? { displayOrder: input.displayOrder } : {}),
    ...(logo ? { logoUrl: logo.url } : {}),
  };
  let row: Awaited<ReturnType<typeof updateRow>>[number] | undefined;
  const updateRow = () =>
    ctx.db
      .update(partnerSites)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(partnerSites.id, id))
      .returning(partnerColumns);
  try {
    [row] = await updateRow();
  } catch (error) {
    // The new logo was stored for this update only: it goes with it.
    if (logo?.storedKey) await removeLogoFile(ctx, id, logo.url, log);
    throw error;
  }
  if (!row) {
    if (logo?.storedKey) await removeLogoFile(ctx, id, logo.url, log);
    throw notFound();
  }
  if (logo) await removeLogoFile(ctx, id, current.logoUrl, log);
  return row;
}

export async function deletePartner(ctx: AppContext, id: string, log: Log): Promise<void> {
  const deleted = await ctx.db.delete(partnerSites).where(eq(partnerSites.id, id)).returning({ id: partnerSites.id });
  if (deleted.length === 0) throw notFound();
  try {
    await ctx.storage.deletePrefix(BUCKET, `${id}/`);
  } catch (error) {
    log.warn({ err: error, partnerId: id }, 'partner deleted but its logo could not be removed');
  }
}
