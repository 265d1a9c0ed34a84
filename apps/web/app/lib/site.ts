/** Build-time settings (vite.config.ts): the site's public address, name and contact details. */
export const SITE_URL: string = import.meta.env.VITE_SITE_URL;
export const SITE_NAME: string = import.meta.env.VITE_SITE_NAME;

const contact = import.meta.env.VITE_CONTACT;
/** Contact details shown on /contact (docs/product/decisions.md "Name and brand"). */
export const CONTACT = {
  ...contact,
  phoneHref: `tel:${contact.phone.replace(/[^+\d]/g, '')}`,
} as const;
