import './zod-locale';
import { z } from 'zod';

/**
 * Field rules: every schema of the API (request bodies and the browser's form resolvers) builds
 * its text, name, link and email fields with these builders, so a rule lives here once.
 * Messages are French, word for word what the forms show; the defaults follow the spec's pattern
 * "X doit contenir au moins N caractères" / "X ne peut pas dépasser N caractères".
 */

/** The messages of the rules this file owns (the others are built from the field's label). */
export const fieldMessages = {
  /** A line break, a tab, a control character or an invisible direction override in a one-line field. */
  forbiddenCharacters:
    'Ce champ contient des caractères non autorisés (retour à la ligne, tabulation ou caractère invisible).',
  /** A control character or an invisible direction override in a multi-line field. */
  forbiddenInvisibleCharacters: 'Ce champ contient des caractères invisibles non autorisés.',
} as const;

/**
 * Refused in a one-line field: C0 controls (NUL, TAB, LF, CR...), DEL and C1 controls (\p{Cc}), the line
 * and paragraph separators U+2028/U+2029, and the bidirectional embeddings, overrides and
 * isolates (U+202A–U+202E, U+2066–U+2069) that make 'gnp.exe' read as 'exe.png'. A name, a title or
 * a company is then safe to put in a vCard, an email subject, a CSV line or a log line as is.
 */
const SINGLE_LINE_FORBIDDEN = /[\p{Cc}\u2028\u2029\u202A-\u202E\u2066-\u2069]/u;
/** Refused in a multi-line field: the same, except tab, line feed and carriage return. */
const MULTILINE_FORBIDDEN = /(?![\t\n\r])[\p{Cc}\u202A-\u202E\u2066-\u2069]/u;

export const isSingleLineText = (value: string): boolean => !SINGLE_LINE_FORBIDDEN.test(value);
export const isMultilineText = (value: string): boolean => !MULTILINE_FORBIDDEN.test(value);

/** A trimmed string without the characters a one-line field refuses. */
export const singleLineString = (error?: string) =>
  z
    .string(error ? { error } : undefined)
    .trim()
    .refine(isSingleLineText, { error: fieldMessages.forbiddenCharacters });

interface TextMessages {
  /** Missing, not a string, or shorter than `min`: the spec's "X est requis" where it has one. */
  required?: string;
  /** Longer than `max`, when the catalogue words it otherwise than the default. */
  tooLong?: string;
}

function textField(min: number, max: number, label: string, multiline: boolean, messages: TextMessages) {
  const tooShort = messages.required ?? `${label} doit contenir au moins ${min} caractères`;
  const tooLong = messages.tooLong ?? `${label} ne peut pas dépasser ${max} caractères`;
  return z
    .string({ error: tooShort })
    .trim()
    .min(min, { error: tooShort })
    .max(max, { error: tooLong })
    .refine(multiline ? isMultilineText : isSingleLineText, {
      error: multiline ? fieldMessages.forbiddenInvisibleCharacters : fieldMessages.forbiddenCharacters,
    });
}

/**
 * A required one-line text, trimmed (people paste with spaces around), `min` to `max` characters.
 * A missing value gets the "at least" message: the form shows one message per rule (spec section 5).
 */
export const boundedText = (min: number, max: number, label: string, messages: TextMessages = {}) =>
  textField(min, max, label, false, messages);

/** A required multi-line text (a description, a message): line breaks allowed, controls refused. */
export const multilineText = (min: number, max: number, label: string, messages: TextMessages = {}) =>
  textField(min, max, label, true, messages);

interface OptionalTextOptions {
  multiline?: boolean;
  tooLong?: string;
}

/**
 * A text that may be empty: trimmed, empty or null stored as null (spec section 5); the key itself
 * must be there. One line unless `multiline`. Add `.optional()` for a partial update, where a
 * missing key means "unchanged".
 */
export const nullableText = (max: number, label: string, options: OptionalTextOptions = {}) =>
  z
    .string()
    .trim()
    .max(max, { error: options.tooLong ?? `${label} ne peut pas dépasser ${max} caractères` })
    .refine(options.multiline ? isMultilineText : isSingleLineText, {
      error: options.multiline ? fieldMessages.forbiddenInvisibleCharacters : fieldMessages.forbiddenCharacters,
    })
    .transform((v) => (v === '' ? null : v))
    .nullable();

/** An optional text: as `nullableText`, and a missing key is stored as null too. */
export const optionalText = (max: number, label: string, options: OptionalTextOptions = {}) =>
  nullableText(max, label, options)
    .optional()
    .transform((v) => v ?? null);

/** A person's full name (sign-up, profile, contact form, admin edit): 2 to 100 characters, one line. */
export const fullName = () => boundedText(2, 100, 'Le nom');

/** Trimmed: people paste addresses with spaces around them. */
export const email = () =>
  z
    .string({ error: 'Email invalide' })
    .trim()
    .max(255, { error: "L'email ne peut pas dépasser 255 caractères" })
    .pipe(z.email({ error: 'Email invalide' }));

export const emailSchema = email();
export const fullNameSchema = fullName();

export const passwordSchema = z
  .string({ error: 'Le mot de passe doit contenir au moins 8 caractères' })
  .min(8, { error: 'Le mot de passe doit contenir au moins 8 caractères' })
  .max(128, { error: 'Le mot de passe ne peut pas dépasser 128 caractères' })
  .regex(/[A-Z]/, { error: 'Le mot de passe doit contenir au moins une majuscule' })
  .regex(/[0-9]/, { error: 'Le mot de passe doit contenir au moins un chiffre' });

/**
 * https:// is added when no scheme is typed ('www.site.fr', 'site.fr:8080'). Another scheme
 * ('ftp://', 'javascript:', 'mailto:') is kept, so it is refused rather than disguised.
 */
export const withHttpsScheme = (v: string) => (/^[a-z][a-z0-9+.-]*:(\/\/|(?!\d))/i.test(v) ? v : `https://${v}`);

/**
 * An http(s) address with a dotted host name. A stored link can then never run script
 * (javascript:), and never hides a line break the URL parser would silently drop.
 */
export const isWebUrl = (v: string) =>
  isSingleLineText(v) && URL.canParse(v) && /^https?:$/.test(new URL(v).protocol) && new URL(v).hostname.includes('.');

interface UrlMessages {
  invalid: string;
  tooLong: string;
  /** Required links only: missing or empty. */
  required?: string;
  max?: number;
}

/** A required web link (spec section 5): trimmed, https:// added when missing, http(s) only. */
export const httpUrl = ({ invalid, tooLong, required = invalid, max = 500 }: UrlMessages) =>
  z
    .string({ error: required })
    .trim()
    .min(1, { error: required })
    .max(max, { error: tooLong })
    .transform(withHttpsScheme)
    .refine(isWebUrl, { error: invalid });

/** A web link that may be empty: as `httpUrl`, and empty or null is stored as null (the key must be there). */
export const nullableHttpUrl = ({ invalid, tooLong, max = 500 }: Omit<UrlMessages, 'required'>) =>
  z
    .string()
    .trim()
    .max(max, { error: tooLong })
    .transform((v) => (v === '' ? null : withHttpsScheme(v)))
    .refine((v) => v === null || isWebUrl(v), { error: invalid })
    .nullable();

/** An optional web link: as `nullableHttpUrl`, and a missing key is stored as null too. */
export const optionalHttpUrl = (messages: Omit<UrlMessages, 'required'>) =>
  nullableHttpUrl(messages)
    .optional()
    .transform((v) => v ?? null);
