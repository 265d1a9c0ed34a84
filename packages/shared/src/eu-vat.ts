// The member states of the European Union and their VAT numbers (issue 32, intra-EU reverse
// charge: docs/product/invoicing.md "Autoliquidation"). One home for the format of a VAT number
// of another member state (`euVatNumberProblem`) and for the rule that a business established in
// another member state with such a number is invoiced without French VAT.
//
// Only the format is checked here: whether the number is registered is VIES's answer (the
// European Commission's service), which this product cannot reach (no network where it runs the
// tests, no agreement). The server keeps an adapter point for it (`VatNumberRegistry`,
// apps/server/src/domain/eu-vat.ts), answering "not checked" until one is configured.

const nbsp = '\u00a0';

/**
 * The 27 member states, ISO 3166-1 alpha-2 code → French name and VAT prefix (Greece writes EL
 * in its VAT numbers, GR in its addresses). France first, the others in French alphabetical order.
 */
export const EU_COUNTRIES = {
  FR: { name: 'France', vatPrefix: 'FR' },
  DE: { name: 'Allemagne', vatPrefix: 'DE' },
  AT: { name: 'Autriche', vatPrefix: 'AT' },
  BE: { name: 'Belgique', vatPrefix: 'BE' },
  BG: { name: 'Bulgarie', vatPrefix: 'BG' },
  CY: { name: 'Chypre', vatPrefix: 'CY' },
  HR: { name: 'Croatie', vatPrefix: 'HR' },
  DK: { name: 'Danemark', vatPrefix: 'DK' },
  ES: { name: 'Espagne', vatPrefix: 'ES' },
  EE: { name: 'Estonie', vatPrefix: 'EE' },
  FI: { name: 'Finlande', vatPrefix: 'FI' },
  GR: { name: 'Grèce', vatPrefix: 'EL' },
  HU: { name: 'Hongrie', vatPrefix: 'HU' },
  IE: { name: 'Irlande', vatPrefix: 'IE' },
  IT: { name: 'Italie', vatPrefix: 'IT' },
  LV: { name: 'Lettonie', vatPrefix: 'LV' },
  LT: { name: 'Lituanie', vatPrefix: 'LT' },
  LU: { name: 'Luxembourg', vatPrefix: 'LU' },
  MT: { name: 'Malte', vatPrefix: 'MT' },
  NL: { name: 'Pays-Bas', vatPrefix: 'NL' },
  PL: { name: 'Pologne', vatPrefix: 'PL' },
  PT: { name: 'Portugal', vatPrefix: 'PT' },
  CZ: { name: 'République tchèque', vatPrefix: 'CZ' },
  RO: { name: 'Roumanie', vatPrefix: 'RO' },
  SK: { name: 'Slovaquie', vatPrefix: 'SK' },
  SI: { name: 'Slovénie', vatPrefix: 'SI' },
  SE: { name: 'Suède', vatPrefix: 'SE' },
} as const;
export type EuCountry = keyof typeof EU_COUNTRIES;
export const EU_COUNTRY_CODES = Object.keys(EU_COUNTRIES) as [EuCountry, ...EuCountry[]];

export const isEuCountry = (code: string): code is EuCountry => Object.hasOwn(EU_COUNTRIES, code);

/**
 * The format of each other member state's VAT number, prefix included (the European
 * Commission's VIES help page; a check digit is not verified). France's number is checked with
 * its SIREN key by `vatNumberProblem` (self-billing.ts).
 */
const FORMATS: Record<string, RegExp> = {
  AT: /^ATU\d{8}$/,
  BE: /^BE[01]\d{9}$/,
  BG: /^BG\d{9,10}$/,
  CY: /^CY\d{8}[A-Z]$/,
  CZ: /^CZ\d{8,10}$/,
  DE: /^DE\d{9}$/,
  DK: /^DK\d{8}$/,
  EE: /^EE\d{9}$/,
  EL: /^EL\d{9}$/,
  ES: /^ES[A-Z0-9]\d{7}[A-Z0-9]$/,
  FI: /^FI\d{8}$/,
  HR: /^HR\d{11}$/,
  HU: /^HU\d{8}$/,
  IE: /^IE\d[A-Z0-9+*]\d{5}[A-Z]{1,2}$/,
  IT: /^IT\d{11}$/,
  LT: /^LT(\d{9}|\d{12})$/,
  LU: /^LU\d{8}$/,
  LV: /^LV\d{11}$/,
  MT: /^MT\d{8}$/,
  NL: /^NL\d{9}B\d{2}$/,
  PL: /^PL\d{10}$/,
  PT: /^PT\d{9}$/,
  RO: /^RO\d{2,10}$/,
  SE: /^SE\d{12}$/,
  SI: /^SI\d{8}$/,
  SK: /^SK\d{10}$/,
};

/** What each format looks like, for the message that refuses it. */
const FORMAT_WORDS: Record<string, string> = {
  AT: 'ATU puis 8 chiffres',
  BE: 'BE puis 10 chiffres (commençant par 0 ou 1)',
  BG: 'BG puis 9 ou 10 chiffres',
  CY: 'CY, 8 chiffres puis une lettre',
  CZ: 'CZ puis 8 à 10 chiffres',
  DE: 'DE puis 9 chiffres',
  DK: 'DK puis 8 chiffres',
  EE: 'EE puis 9 chiffres',
  EL: 'EL puis 9 chiffres',
  ES: 'ES puis 9 caractères (lettre ou chiffre, 7 chiffres, lettre ou chiffre)',
  FI: 'FI puis 8 chiffres',
  HR: 'HR puis 11 chiffres',
  HU: 'HU puis 8 chiffres',
  IE: 'IE puis 8 ou 9 caractères (chiffre, caractère, 5 chiffres, 1 ou 2 lettres)',
  IT: 'IT puis 11 chiffres',
  LT: 'LT puis 9 ou 12 chiffres',
  LU: 'LU puis 8 chiffres',
  LV: 'LV puis 11 chiffres',
  MT: 'MT puis 8 chiffres',
  NL: 'NL, 9 chiffres, la lettre B puis 2 chiffres',
  PL: 'PL puis 10 chiffres',
  PT: 'PT puis 9 chiffres',
  RO: 'RO puis 2 à 10 chiffres',
  SE: 'SE puis 12 chiffres',
  SI: 'SI puis 8 chiffres',
  SK: 'SK puis 10 chiffres',
};

export const euVatMessages = {
  unknownPrefix: `Ce numéro de TVA n’est pas valide${nbsp}: il doit commencer par le code d’un pays de l’Union européenne (FR, DE, BE…).`,
  wrongFormat: (prefix: string) =>
    `Ce numéro de TVA n’a pas le format attendu pour ce pays${nbsp}: ${FORMAT_WORDS[prefix] ?? 'voir le format du pays'}.`,
  otherCountry: (country: EuCountry) =>
    `Ce numéro de TVA ne correspond pas au pays choisi (${EU_COUNTRIES[country].name})${nbsp}: il doit commencer par ${EU_COUNTRIES[country].vatPrefix}.`,
  french: `Ce numéro de TVA est français${nbsp}: pour une entreprise établie en France, choisissez la France comme pays.`,
  countryRequired: 'Choisissez un pays de l’Union européenne.',
  countryOutsideFrance: `L’autoliquidation concerne une entreprise établie dans un autre pays de l’Union${nbsp}: choisissez ce pays.`,
  vatRequired: `Indiquez le numéro de TVA intracommunautaire de l’entreprise${nbsp}: l’autoliquidation en dépend.`,
  noSirenAbroad: `Un SIREN désigne une entreprise établie en France${nbsp}: pour une entreprise d’un autre pays, laissez-le vide.`,
  postcodeAbroad: 'Le code postal compte de 2 à 10 lettres ou chiffres.',
} as const;

/** A VAT number as typed: spaces, dots and dashes ignored, capitals. */
export const normalizeVatNumber = (raw: string) => raw.replace(/[\s.\-\u00a0\u202f]/g, '').toUpperCase();

/**
 * Why a VAT number is refused as another member state's, or null when its format is right. With
 * `country`, the number must be that country's (its prefix: EL for Greece). A French number is
 * refused here: it is checked with its SIREN (`vatNumberProblem`).
 */
export function euVatNumberProblem(raw: string, country?: EuCountry): string | null {
  const vat = normalizeVatNumber(raw);
  const prefix = vat.slice(0, 2);
  if (prefix === 'FR') return euVatMessages.french;
  const format = FORMATS[prefix];
  if (!format) return euVatMessages.unknownPrefix;
  if (country && EU_COUNTRIES[country].vatPrefix !== prefix) return euVatMessages.otherCountry(country);
  return format.test(vat) ? null : euVatMessages.wrongFormat(prefix);
}

/**
 * Intra-EU reverse charge (CGI art. 259 and 283-2, directive 2006/112/CE art. 44 and 196): a
 * business established in another member state, identified there for VAT, buys services from a
 * French business (or sells them to one) without French VAT; the buyer accounts for it. True for a
 * party outside France with a well-formed VAT number of its own country.
 */
export function reverseChargeApplies(party: { country: string; vatNumber: string | null }): boolean {
  if (party.country === 'FR' || !isEuCountry(party.country) || !party.vatNumber) return false;
  return euVatNumberProblem(party.vatNumber, party.country) === null;
}

/** The mention the invoice carries (CGI art. 242 nonies A, I-13°; directive art. 226, 11 bis). */
export const REVERSE_CHARGE_MENTION = 'Autoliquidation';
/**
 * The sentences printed and written as a note of the Factur-X under the mention. Synergie Pro
 * selling to a business of another member state: the service is supplied where the buyer is
 * established (CGI art. 259, 1°), the buyer owes the VAT there (directive art. 196). A business of
 * another member state selling to Synergie Pro (the self-billed commissions): Synergie Pro, the
 * French buyer, owes the French VAT (CGI art. 283-2).
 */
export const REVERSE_CHARGE_SALE_NOTE = `${REVERSE_CHARGE_MENTION}${nbsp}: TVA due par le preneur (art. 259, 1° du CGI, art. 196 de la directive 2006/112/CE).`;
export const REVERSE_CHARGE_PURCHASE_NOTE = `${REVERSE_CHARGE_MENTION}${nbsp}: TVA due par le preneur, Synergie Pro (art. 283-2 du CGI, art. 196 de la directive 2006/112/CE).`;

/** A postcode of the given country: 5 digits in France, 2 to 10 letters, digits, spaces or dashes elsewhere. */
export function postcodeProblem(postcode: string, country: string): string | null {
  if (country === 'FR') return /^\d{5}$/.test(postcode) ? null : 'Le code postal compte 5 chiffres.';
  return /^[A-Za-z0-9][A-Za-z0-9 -]{0,8}[A-Za-z0-9]$/.test(postcode) ? null : euVatMessages.postcodeAbroad;
}
