import {
  MEMBER_PAGE_ITEMS_MAX,
  type MemberPage,
  memberPageMessages,
  memberPagePath,
  type TradeFamily,
  toIsoDateTime,
  VCARD_NOTE_MAX,
} from '@synergie/shared';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { AppContext } from '../context';
import { memberTradeLabel } from '../db/fragments';
import {
  groupMembers,
  groups,
  memberProjects,
  memberRatings,
  memberServices,
  profiles,
  trades,
  user,
} from '../db/schema';
import { AppError } from '../lib/errors';
import { type VcardProperty, writeVcard } from '../lib/vcard';
import { getSubscription } from './subscriptions';
import { publicTestimonials } from './testimonials';

/** Who is looking at a member page: nobody (a visitor) or a signed-in member. */
export type Viewer = { id: string } | null;

const notFound = () => new AppError('NOT_FOUND', memberPageMessages.notFound);
const blankToNull = (value: string | null | undefined) => (value?.trim() ? value : null);

/**
 * GET /api/members/:userId/page: a member's public page (their business card). A constant number
 * of queries, run together: the member with their rating figures, their newest services, their
 * newest projects, their approved testimonials, and the viewer's subscription. Phone and email are given only to a signed-in
 * subscriber or to the member themself (docs/product/decisions.md "Networking").
 */
export async function getMemberPage(ctx: AppContext, userId: string, viewer: Viewer): Promise<MemberPage> {
  const { db } = ctx;
  const [rows, services, projects, approvedTestimonials, viewerSubscribed] = await Promise.all([
    db
      .select({
        userId: user.id,
        accountName: user.name,
        email: user.email,
        fullName: profiles.fullName,
        companyName: profiles.companyName,
        profession: profiles.profession,
        tradeId: trades.id,
        // As the member chose it to read (issue 31): `Avocate`.
        tradeLabel: memberTradeLabel('profiles', 'trades'),
        tradeFamily: trades.family,
        tradeRegulated: trades.regulated,
        specialty: profiles.specialty,
        groupId: groups.id,
        groupName: groups.name,
        groupSlug: groups.slug,
        industry: profiles.industry,
        city: profiles.city,
        bio: profiles.bio,
        avatarUrl: profiles.avatarUrl,
        companyLogoUrl: profiles.companyLogoUrl,
        phone: profiles.phone,
        websiteUrl: profiles.websiteUrl,
        linkedinUrl: profiles.linkedinUrl,
        twitterUrl: profiles.twitterUrl,
        githubUrl: profiles.githubUrl,
        facebookUrl: profiles.facebookUrl,
        skills: profiles.skills,
        lookingFor: profiles.lookingFor,
        average: sql<
          string | null
        >`(select round(avg(${memberRatings.rating})::numeric, 1) from ${memberRatings} where ${memberRatings.ratedId} = ${user.id})`,
        ratingsCount:
          sql<number>`(select count(*) from ${memberRatings} where ${memberRatings.ratedId} = ${user.id})`.mapWith(
            Number,
          ),
      })
      .from(user)
      .leftJoin(profiles, eq(profiles.userId, user.id))
      .leftJoin(trades, eq(trades.id, profiles.tradeId))
      // One active seat per member at most (group_members_one_home_group).
      .leftJoin(groupMembers, and(eq(groupMembers.userId, user.id), eq(groupMembers.status, 'active')))
      .leftJoin(groups, eq(groups.id, groupMembers.groupId))
      .where(eq(user.id, userId))
      .limit(1),
    db
      .select({
        id: memberServices.id,
        title: memberServices.title,
        description: memberServices.description,
        imageUrl: memberServices.imageUrl,
        websiteUrl: memberServices.websiteUrl,
        features: memberServices.features,
        createdAt: memberServices.createdAt,
      })
      .from(memberServices)
      .where(eq(memberServices.userId, userId))
      .orderBy(desc(memberServices.createdAt), desc(memberServices.id))
      .limit(MEMBER_PAGE_ITEMS_MAX),
    db
      .select({
        id: memberProjects.id,
        title: memberProjects.title,
        description: memberProjects.description,
        category: memberProjects.category,
        tags: memberProjects.tags,
        projectUrl: memberProjects.projectUrl,
        imageUrl: memberProjects.imageUrl,
        createdAt: memberProjects.createdAt,
      })
      .from(memberProjects)
      .where(eq(memberProjects.userId, userId))
      .orderBy(desc(memberProjects.createdAt), desc(memberProjects.id))
      .limit(MEMBER_PAGE_ITEMS_MAX),
    publicTestimonials(db, userId),
    viewer && viewer.id !== userId
      ? getSubscription(db, viewer.id).then((s) => s.subscribed)
      : Promise.resolve(viewer !== null),
  ]);
  const row = rows[0];
  if (!row) throw notFound();
  const contactVisible = viewerSubscribed;
  return {
    userId: row.userId,
    fullName: blankToNull(row.fullName)?.trim() ?? row.accountName,
    companyName: blankToNull(row.companyName),
    // With a trade, its label as the member reads it (the vCard's TITLE, the page's jobTitle).
    profession: row.tradeId && row.tradeLabel ? row.tradeLabel : blankToNull(row.profession),
    trade:
      row.tradeId && row.tradeLabel && row.tradeFamily
        ? {
            id: row.tradeId,
            label: row.tradeLabel,
            family: row.tradeFamily as TradeFamily,
            regulated: row.tradeRegulated ?? false,
          }
        : null,
    specialty: blankToNull(row.specialty),
    group:
      row.groupId && row.groupName && row.groupSlug
        ? { id: row.groupId, name: row.groupName, slug: row.groupSlug }
        : null,
    industry: blankToNull(row.industry),
    city: blankToNull(row.city),
    bio: blankToNull(row.bio),
    avatarUrl: row.avatarUrl,
    companyLogoUrl: row.companyLogoUrl,
    links: {
      websiteUrl: row.websiteUrl,
      linkedinUrl: row.linkedinUrl,
      twitterUrl: row.twitterUrl,
      githubUrl: row.githubUrl,
      facebookUrl: row.facebookUrl,
    },
    skills: row.skills ?? [],
    lookingFor: row.lookingFor ?? [],
    averageRating: row.average === null ? null : Number(row.average),
    ratingsCount: row.ratingsCount,
    services: services.map((s) => ({ ...s, createdAt: toIsoDateTime(s.createdAt) })),
    projects: projects.map((p) => ({ ...p, createdAt: toIsoDateTime(p.createdAt) })),
    testimonials: approvedTestimonials,
    contactVisible,
    phone: contactVisible ? blankToNull(row.phone) : null,
    email: contactVisible ? row.email : null,
    pageUrl: new URL(memberPagePath(row.userId), ctx.env.SITE_URL).toString(),
  };
}

// ---------------------------------------------------------------------------------------------
// vCard (RFC 2426, version 3.0): what phones and address books import; written by lib/vcard.ts.

/** 'Marie-Claire Dupont' -> family 'Dupont', given 'Marie-Claire'. */
function splitName(fullName: string): { family: string; given: string } {
  const words = fullName.trim().split(/\s+/).filter(Boolean);
  if (words.length < 2) return { family: words[0] ?? '', given: '' };
  return { family: words[words.length - 1] ?? '', given: words.slice(0, -1).join(' ') };
}

/** The .vcf file name: the member's name without accents, 'marie-dupont'. */
export function vcardSlug(fullName: string): string {
  const slug = fullName
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/, '');
  return slug || 'membre';
}

function trimNote(bio: string): string {
  const text = bio.trim();
  return text.length > VCARD_NOTE_MAX ? `${text.slice(0, VCARD_NOTE_MAX - 1).trimEnd()}…` : text;
}

/** The member's card as a vCard 3.0: phone and email only when the page shows them. */
export function buildVcard(page: MemberPage): string {
  const { family, given } = splitName(page.fullName);
  const properties: VcardProperty[] = [
    { name: 'N', value: { components: [family, given, '', '', ''] } },
    { name: 'FN', value: { text: page.fullName } },
  ];
  if (page.companyName) properties.push({ name: 'ORG', value: { text: page.companyName } });
  if (page.profession) properties.push({ name: 'TITLE', value: { text: page.profession } });
  if (page.city) properties.push({ name: 'ADR;TYPE=WORK', value: { components: ['', '', '', page.city, '', '', ''] } });
  if (page.contactVisible && page.phone) properties.push({ name: 'TEL;TYPE=WORK,VOICE', value: { text: page.phone } });
  if (page.contactVisible && page.email) properties.push({ name: 'EMAIL;TYPE=INTERNET', value: { text: page.email } });
  properties.push({ name: 'URL', value: { uri: page.pageUrl } });
  if (page.bio) properties.push({ name: 'NOTE', value: { text: trimNote(page.bio) } });
  return writeVcard(properties);
}
