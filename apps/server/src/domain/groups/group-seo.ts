// What search engines read of a group's public page, /groupes/{slug} (network-core §2: "the
// acquisition page: a plumber in Lyon searching for a network finds the seat free"). The page is
// rendered in the browser; the server writes this head into the HTML it serves
// (plugins/web.ts, plugins/page-heads.ts) and lists every group in /sitemap.xml.
import {
  formatCount,
  formatMeetingRhythm,
  GROUP_TEXT_LIMITS,
  groupStatus,
  type MeetingRhythm,
  pageTitle,
} from '@synergie/shared';
import { asc, eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { groups, trades } from '../../db/schema';
import type { PageHead } from '../../lib/html-head';

export interface GroupSeo {
  slug: string;
  name: string;
  city: string;
  departmentCode: string;
  region: string;
  description: string;
  meetingPlace: string;
  meetingRhythm: MeetingRhythm;
  meetingWeekday: number;
  meetingTime: string;
  activeMembers: number;
  /** Trades of the catalogue no active member holds in the group (one seat per trade). */
  openSeats: number;
}

/** A slug as groups are given one (groupFormSchema): anything else is no group, without a query. */
const SLUG = /^[a-z0-9]+(-[a-z0-9]+)*$/;

/** The group's public facts, in one query (the catalogue size is a subquery); null when no such group. */
export async function findGroupSeo(db: Db, slug: string): Promise<GroupSeo | null> {
  if (slug.length > GROUP_TEXT_LIMITS.slug || !SLUG.test(slug)) return null;
  const [row] = await db
    .select({
      slug: groups.slug,
      name: groups.name,
      city: groups.city,
      departmentCode: groups.departmentCode,
      region: groups.region,
      description: groups.description,
      meetingPlace: groups.meetingPlace,
      meetingRhythm: groups.meetingRhythm,
      meetingWeekday: groups.meetingWeekday,
      meetingTime: groups.meetingTime,
      activeMembers: groups.activeMembers,
      trades: sql<number>`(select count(*)::int from ${trades})`,
    })
    .from(groups)
    .where(eq(groups.slug, slug))
    .limit(1);
  if (!row) return null;
  const { trades: tradeCount, ...group } = row;
  return {
    ...group,
    meetingRhythm: group.meetingRhythm as MeetingRhythm,
    // Each active member holds a distinct trade (group_members_one_per_seat).
    openSeats: Math.max(0, Number(tradeCount) - group.activeMembers),
  };
}

/** Every group's slug, for the sitemap (one query). */
export async function listGroupSlugs(db: Db): Promise<string[]> {
  const rows = await db.select({ slug: groups.slug }).from(groups).orderBy(asc(groups.slug));
  return rows.map((r) => r.slug);
}

/**
 * `Groupe d'affaires à Lyon (69, Auvergne-Rhône-Alpes), un professionnel par métier. Tous les
 * mardis à 7 h 00. 12 membres, 195 sièges libres : postulez pour le vôtre.`
 */
export function groupSeoDescription(group: GroupSeo): string {
  const where = `Groupe d'affaires à ${group.city} (${group.departmentCode}, ${group.region}), un professionnel par métier.`;
  const when = `${formatMeetingRhythm(group.meetingRhythm, group.meetingWeekday, group.meetingTime)}.`;
  const members = formatCount(group.activeMembers, { one: 'membre', other: 'membres' });
  const seats =
    groupStatus(group.activeMembers) === 'full'
      ? `${members}, groupe complet\u202f: voyez les groupes voisins où le siège de votre métier est libre.`
      : `${members}, ${formatCount(group.openSeats, { one: 'siège libre', other: 'sièges libres' })}\u202f: postulez pour le vôtre.`;
  return `${where} ${when} ${seats}`;
}

/** The head of /groupes/{slug}: title, description, canonical URL, Open Graph and schema.org data. */
export function groupPageHead(group: GroupSeo, env: Pick<AppContext['env'], 'SITE_URL' | 'SITE_NAME'>): PageHead {
  const siteUrl = env.SITE_URL.replace(/\/+$/, '');
  const url = `${siteUrl}/groupes/${encodeURIComponent(group.slug)}`;
  const description = groupSeoDescription(group);
  return {
    title: pageTitle(group.name, env.SITE_NAME),
    description,
    url,
    siteName: env.SITE_NAME,
    image: `${siteUrl}/images/og-default.png`,
    jsonLd: {
      '@context': 'https://schema.org',
      '@type': 'Organization',
      name: group.name,
      url,
      description: group.description.trim() || description,
      address: {
        '@type': 'PostalAddress',
        addressLocality: group.city,
        addressRegion: group.region,
        addressCountry: 'FR',
      },
      areaServed: { '@type': 'City', name: group.city },
      location: { '@type': 'Place', address: group.meetingPlace },
      parentOrganization: { '@type': 'Organization', name: env.SITE_NAME, url: siteUrl },
    },
  };
}

/** The dynamic head of /groupes/:slug (plugins/page-heads.ts); null: no such group, the 404 page. */
export async function groupHead(params: Record<string, string>, ctx: AppContext): Promise<PageHead | null> {
  const group = await findGroupSeo(ctx.db, params.slug ?? '');
  return group ? groupPageHead(group, ctx.env) : null;
}
