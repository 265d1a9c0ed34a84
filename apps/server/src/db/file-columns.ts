import { and, eq, getTableName, isNotNull } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Bucket } from '../storage';
import type { DbOrTx } from './client';
import {
  einvoiceDeposits,
  eventCategories,
  events,
  groups,
  meetings,
  memberProjects,
  memberServices,
  partnerSites,
  profiles,
  user,
  webhookEndpoints,
} from './schema';

/**
 * The one list of columns that hold the public URL of a file we store (an upload, re-encoded by
 * storage/images.ts). Read by:
 * - the sweep of orphaned uploads (domain/orphan-uploads.ts): a file no column points at goes;
 * - the RGPD export (domain/member-data.ts): the member's files, by the `owner` column;
 * - the deletions that keep a file while another row still shows it (domain/content-images.ts,
 *   domain/event-categories.ts).
 * A column left out of it would have its files swept. file-columns.test.ts fails when a table of
 * db/schema.ts has a column named like a file or URL that is in neither this list nor
 * NOT_FILE_COLUMNS below, and when a bucket has no column here.
 */
export interface FileColumn {
  /** The column holding the file's public URL (null when there is none). */
  column: PgColumn;
  /** The storage bucket its files are in. */
  bucket: Bucket;
  /**
   * The column of the member the file belongs to: their RGPD export lists it. Null for files of
   * the site itself (uploaded by an admin), whoever's row shows them.
   */
  owner: PgColumn | null;
}

export const FILE_COLUMNS: readonly FileColumn[] = [
  { column: profiles.avatarUrl, bucket: 'avatars', owner: profiles.userId },
  { column: profiles.companyLogoUrl, bucket: 'avatars', owner: profiles.userId },
  { column: memberServices.imageUrl, bucket: 'service-images', owner: memberServices.userId },
  { column: memberProjects.imageUrl, bucket: 'service-images', owner: memberProjects.userId },
  { column: eventCategories.imageUrl, bucket: 'event-category-images', owner: null },
  // The category's image, copied onto the event when it is saved (spec): the admin's upload,
  // which the event keeps showing after the category changes its own.
  { column: events.imageUrl, bucket: 'event-category-images', owner: null },
  { column: partnerSites.logoUrl, bucket: 'partner-logos', owner: null },
  // The meeting place's photo (issue 31), uploaded by the group's leaders under the group's id.
  { column: groups.placePhotoUrl, bucket: 'service-images', owner: null },
];

/** Columns named like a file or a URL that hold no file of ours, each with the reason. */
export const NOT_FILE_COLUMNS: readonly { column: PgColumn; reason: string }[] = [
  {
    column: user.image,
    reason: "Better Auth's picture URL from an identity provider; uploads go to profiles.avatar_url",
  },
  { column: profiles.websiteUrl, reason: "a link to the member's own site" },
  { column: webhookEndpoints.url, reason: 'the address an admin gave for outgoing webhooks (issue 33)' },
  {
    column: einvoiceDeposits.documentId,
    reason: 'the id of the invoice or credit note deposited on the plateforme agréée (issue 32), not a file',
  },
  { column: profiles.linkedinUrl, reason: 'a link to a social network profile' },
  { column: profiles.twitterUrl, reason: 'a link to a social network profile' },
  { column: profiles.githubUrl, reason: 'a link to a social network profile' },
  { column: profiles.facebookUrl, reason: 'a link to a social network profile' },
  { column: memberServices.websiteUrl, reason: 'a link to a page about the service' },
  { column: memberServices.icon, reason: 'the name of an icon of the web app (e.g. Code), not a file' },
  { column: memberProjects.projectUrl, reason: 'a link to the project online' },
  { column: partnerSites.websiteUrl, reason: "a link to the partner's site" },
  { column: groups.visioUrl, reason: "the visio link of the group's meetings (any URL, issue 30)" },
  { column: meetings.visioUrl, reason: 'the visio link of one meeting (any URL, issue 30)' },
];

/** 'profiles.avatar_url': how a column is named in logs, tests and the RGPD export. */
export const columnLabel = (column: PgColumn) => `${getTableName(column.table)}.${column.name}`;

const columnsOf = (bucket: Bucket) => FILE_COLUMNS.filter((c) => c.bucket === bucket).map((c) => c.column);

/** Every URL saved in the file columns of `bucket`. */
export async function fileUrlsIn(db: DbOrTx, bucket: Bucket): Promise<string[]> {
  const lists = await Promise.all(
    columnsOf(bucket).map((column) => db.select({ url: column }).from(column.table).where(isNotNull(column))),
  );
  return lists.flat().map((row) => row.url as string);
}

/** Whether any file column of `bucket` still shows `url`. */
export async function isFileUrlUsed(db: DbOrTx, bucket: Bucket, url: string): Promise<boolean> {
  const found = await Promise.all(
    columnsOf(bucket).map((column) => db.select({ url: column }).from(column.table).where(eq(column, url)).limit(1)),
  );
  return found.some((rows) => rows.length > 0);
}

/** The files of a member (RGPD export): where each is shown, and its URL. One query after another: `db` may be a transaction. */
export async function memberFiles(db: DbOrTx, userId: string): Promise<{ column: string; url: string }[]> {
  const files: { column: string; url: string }[] = [];
  for (const { column, owner } of FILE_COLUMNS) {
    if (owner === null) continue;
    const rows = await db
      .select({ url: column })
      .from(column.table)
      .where(and(eq(owner, userId), isNotNull(column)));
    files.push(...rows.map((row) => ({ column: columnLabel(column), url: row.url as string })));
  }
  return files;
}
