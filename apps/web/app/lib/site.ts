import { BUILD_SITE_URL } from '@synergie/shared/site';

/**
 * The site's public address. Prerendering writes the build's stand-in (BUILD_SITE_URL), which the
 * server replaces in the HTML it serves with its SITE_URL, `<html data-site-url>` included; the
 * browser reads it there, so a page rendered in the browser agrees with the served one. Without
 * a server that replaces it (the development server), the page's own origin.
 */
function siteUrl(): string {
  if (typeof document === 'undefined') return import.meta.env.VITE_SITE_URL;
  const served = document.documentElement.dataset.siteUrl;
  return served && served !== BUILD_SITE_URL ? served : window.location.origin;
}
export const SITE_URL: string = siteUrl();

/** Build-time settings (vite.config.ts): the site's name and contact details. */
export const SITE_NAME: string = import.meta.env.VITE_SITE_NAME;

const contact = import.meta.env.VITE_CONTACT;
/** Contact details shown on /contact (docs/product/decisions.md "Name and brand"). */
export const CONTACT = {
  ...contact,
  phoneHref: `tel:${contact.phone.replace(/[^+\d]/g, '')}`,
} as const;
