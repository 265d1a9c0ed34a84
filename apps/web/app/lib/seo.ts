import { pageTitle } from '@synergie/shared/site';
import type { MetaDescriptor } from 'react-router';
import { SITE_NAME, SITE_URL } from './site';

export interface SeoInput {
  /** The page's own name: the title becomes '{title} | Synergie Pro - Réseau d'Affaires Multi-Métiers'. */
  title: string;
  description: string;
  /** The page's path, for the canonical address and og:url. */
  path: string;
  /** Structured data (schema.org), written as JSON-LD. */
  jsonLd?: Record<string, unknown> | Record<string, unknown>[];
  /** Pages that must not be indexed (errors, diagnostics, account pages). */
  noindex?: boolean;
  image?: string;
}

/**
 * Everything a page puts in <head>: title, description, canonical address, Open Graph and
 * Twitter data, JSON-LD. Used as each route's `meta` export, so prerendered HTML carries it.
 */
export function seo({
  title,
  description,
  path,
  jsonLd,
  noindex,
  image = '/images/og-default.png',
}: SeoInput): MetaDescriptor[] {
  const fullTitle = pageTitle(title, SITE_NAME);
  const url = `${SITE_URL}${path === '/' ? '/' : path}`;
  const imageUrl = image.startsWith('http') ? image : `${SITE_URL}${image}`;
  const tags: MetaDescriptor[] = [
    { title: fullTitle },
    { name: 'description', content: description },
    { tagName: 'link', rel: 'canonical', href: url },
    { property: 'og:type', content: 'website' },
    { property: 'og:site_name', content: SITE_NAME },
    { property: 'og:locale', content: 'fr_FR' },
    { property: 'og:title', content: fullTitle },
    { property: 'og:description', content: description },
    { property: 'og:url', content: url },
    { property: 'og:image', content: imageUrl },
    { name: 'twitter:card', content: 'summary_large_image' },
    { name: 'twitter:title', content: fullTitle },
    { name: 'twitter:description', content: description },
    { name: 'twitter:image', content: imageUrl },
  ];
  if (noindex) tags.push({ name: 'robots', content: 'noindex' });
  for (const data of Array.isArray(jsonLd) ? jsonLd : jsonLd ? [jsonLd] : []) {
    tags.push({ 'script:ld+json': { '@context': 'https://schema.org', ...data } });
  }
  return tags;
}

/** The organisation behind the site, as schema.org describes it. */
export function organizationJsonLd(): Record<string, unknown> {
  return {
    '@type': 'Organization',
    name: SITE_NAME,
    url: SITE_URL,
    logo: `${SITE_URL}/images/logo.png`,
    areaServed: 'FR',
    address: {
      '@type': 'PostalAddress',
      addressLocality: 'Champigny-sur-Marne',
      postalCode: '94500',
      addressCountry: 'FR',
    },
  };
}
