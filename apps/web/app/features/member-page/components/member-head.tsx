import { pageTitle } from '@synergie/shared/site';
import { SITE_NAME } from '~/lib/site';
import type { MemberPage } from '../api/get-member-page';

/** Who the member is, in one sentence: the page's meta description. */
export function memberDescription(page: MemberPage): string {
  const who = [
    page.profession,
    page.companyName ? `chez ${page.companyName}` : null,
    page.city ? `à ${page.city}` : null,
  ]
    .filter(Boolean)
    .join(' ');
  const intro = who ? `${page.fullName}, ${who}` : page.fullName;
  const bio = page.bio ? ` ${page.bio.replace(/\s+/g, ' ').trim()}` : '';
  const text = `${intro}\u00a0: carte de visite et réalisations sur ${SITE_NAME}.${bio}`;
  return text.length > 160 ? `${text.slice(0, 157).trimEnd()}...` : text;
}

/** schema.org Person: what search engines and link previews read of the member. */
export function personJsonLd(page: MemberPage): Record<string, unknown> {
  const sameAs = Object.values(page.links).filter((link): link is string => Boolean(link));
  return {
    '@context': 'https://schema.org',
    '@type': 'Person',
    name: page.fullName,
    url: page.pageUrl,
    ...(page.profession ? { jobTitle: page.profession } : {}),
    ...(page.companyName ? { worksFor: { '@type': 'Organization', name: page.companyName } } : {}),
    ...(page.city ? { address: { '@type': 'PostalAddress', addressLocality: page.city, addressCountry: 'FR' } } : {}),
    ...(page.avatarUrl ? { image: new URL(page.avatarUrl, page.pageUrl).toString() } : {}),
    ...(page.bio ? { description: page.bio } : {}),
    ...(page.skills.length > 0 ? { knowsAbout: page.skills } : {}),
    ...(sameAs.length > 0 ? { sameAs } : {}),
    ...(page.ratingsCount > 0 && page.averageRating !== null
      ? {
          aggregateRating: {
            '@type': 'AggregateRating',
            ratingValue: page.averageRating,
            ratingCount: page.ratingsCount,
            bestRating: 5,
            worstRating: 1,
          },
        }
      : {}),
  };
}

/**
 * The page's <head>, written in the browser (the page is dynamic, so not prerendered): React
 * hoists <title>, <meta> and <link> into the document head and removes them when the page goes.
 * The JSON-LD has '<' escaped so a member's text can never close the script element.
 */
export function MemberHead({ page }: { page: MemberPage | undefined }) {
  if (!page) return <title>{pageTitle('Carte de visite', SITE_NAME)}</title>;
  const title = pageTitle(page.fullName, SITE_NAME);
  const description = memberDescription(page);
  return (
    <>
      <title>{title}</title>
      <meta name="description" content={description} />
      <link rel="canonical" href={page.pageUrl} />
      <meta property="og:type" content="profile" />
      <meta property="og:title" content={title} />
      <meta property="og:description" content={description} />
      <meta property="og:url" content={page.pageUrl} />
      <script
        type="application/ld+json"
        // biome-ignore lint/security/noDangerouslySetInnerHtml: JSON-LD, '<' escaped below
        dangerouslySetInnerHTML={{ __html: JSON.stringify(personJsonLd(page)).replace(/</g, '\\u003c') }}
      />
    </>
  );
}
