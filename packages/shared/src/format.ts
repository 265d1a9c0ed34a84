/**
 * How the site writes money, numbers, dates and plurals, for the web pages and the mails
 * (docs/product/decisions.md, "Formats"). Dependency-free, so a page loads it cheaply
 * (`@synergie/shared/format`).
 *
 * Everything goes through Intl in fr-FR, then `frenchSpaces` pins the spaces: the group separator
 * is the narrow no-break space (U+202F) and the space before '€' a no-break space (U+00A0), even
 * where an older ICU (some browsers) writes others, so a prerendered page and its hydration agree.
 * Instants are Dates or epoch milliseconds: API strings are parsed once, where they arrive
 * (apps/web/app/lib/api-dates.ts), never here. Dates and times
 * are always written in Europe/Paris, stated on every formatter, so the server, the prerendered
 * pages and a visitor abroad show the same day and hour.
 */

export const LOCALE = 'fr-FR';
export const TIME_ZONE = 'Europe/Paris';

// ---------------------------------------------------------------------------
// Money: amounts travel as integer cents.
// ---------------------------------------------------------------------------

/**
 * Formatters are built on first use and kept: building an Intl formatter (time zone data above
 * all) costs milliseconds, several times that on a phone, and a page uses only one or two of them,
 * so none is built when this module loads (Lighthouse counts it as blocking time).
 */
function lazy<T>(make: () => T): () => T {
  let value: T | undefined;
  return () => {
    value ??= make();
    return value;
  };
}

const money = lazy(() => new Intl.NumberFormat(LOCALE, { style: 'currency', currency: 'EUR' }));
const wholeMoney = lazy(
  () =>
    new Intl.NumberFormat(LOCALE, {
      style: 'currency',
      currency: 'EUR',
      minimumFractionDigits: 0,
      maximumFractionDigits: 0,
    }),
);

/** An amount, always to the cent: '1 000,00 €', '8,25 €', '-4,13 €' (commissions, totals). */
export function formatMoney(cents: number): string {
  return frenchSpaces(money().format(cents / 100));
}

/** Digit groups joined by U+202F, '€' preceded by U+00A0, whichever spaces Intl wrote. */
function frenchSpaces(text: string): string {
  return text.replace(/(\d)[\u0020\u00a0\u202f](?=\d)/g, '$1\u202f').replace(/[\u0020\u00a0\u202f]€/g, '\u00a0€');
}

/**
 * A price as the pages and the copy show it: whole euros without decimals ('99 €', '1 000 €'),
 * otherwise to the cent ('9,90 €').
 */
export function formatPrice(cents: number): string {
  return frenchSpaces(Number.isInteger(cents / 100) ? wholeMoney().format(cents / 100) : money().format(cents / 100));
}

// ---------------------------------------------------------------------------
// Numbers
// ---------------------------------------------------------------------------

const numberFormats = new Map<string, Intl.NumberFormat>();

/**
 * A number in French: '100 000', '4,3' with `fractionDigits: 1` (always one decimal),
 * '1,5' with `maxFractionDigits: 1` (a decimal only when there is one).
 */
export function formatNumber(
  value: number,
  options: { fractionDigits?: number; maxFractionDigits?: number } = {},
): string {
  const min = options.fractionDigits ?? 0;
  const max = options.fractionDigits ?? options.maxFractionDigits ?? 0;
  const key = `${min}-${max}`;
  let format = numberFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(LOCALE, { minimumFractionDigits: min, maximumFractionDigits: max });
    numberFormats.set(key, format);
  }
  return frenchSpaces(format.format(value));
}

// ---------------------------------------------------------------------------
// Dates and times
// ---------------------------------------------------------------------------

/** An instant: a Date or epoch milliseconds (API strings are parsed first, by apps/web/app/lib/api-dates.ts). */
export type Instant = Date | number;

const day = (dateStyle: 'full' | 'long' | 'medium' | 'short') =>
  lazy(() => new Intl.DateTimeFormat(LOCALE, { dateStyle, timeZone: TIME_ZONE }));
const dateFormats = {
  /** 'mercredi 25 novembre 2026' */
  full: day('full'),
  /** '25 novembre 2026' */
  long: day('long'),
  /** '25 nov. 2026' */
  medium: day('medium'),
  /** '25/11/2026' */
  short: day('short'),
} as const;

export type DateStyle = keyof typeof dateFormats;

const dateTimeSecondsFormat = lazy(
  () => new Intl.DateTimeFormat(LOCALE, { dateStyle: 'short', timeStyle: 'medium', timeZone: TIME_ZONE }),
);

/** `1 décembre` is `1er décembre` in French (the first of the month only), in words. */
const firstOfMonth = (text: string) => text.replace(/(^|\s)1 (?=\p{L})/u, '$11er ');

/**
 * The day of an instant in Paris: '25 novembre 2026' (long), 'mercredi 25 novembre 2026' (full),
 * '25 nov. 2026' (medium), '1er décembre 2026' on the first of the month.
 */
export function formatDate(value: Instant, style: DateStyle = 'long'): string {
  return firstOfMonth(dateFormats[style]().format(new Date(value)));
}

/**
 * The Paris day of an instant in words (issue 30, the minutes): 'mardi 1er décembre 2026' (`1er`
 * for the first of the month), 'mercredi 2 décembre 2026'.
 */
export function formatDateInWords(value: Instant): string {
  return formatDate(value, 'full');
}

/** An instant in Paris, to the minute, in the one time style: '25 novembre 2026 à 18 h 30'. */
export function formatDateTime(value: Instant): string {
  return `${formatDate(value)} à ${formatTime(value)}`;
}

const parisHourMinute = lazy(
  () => new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone: TIME_ZONE }),
);

/** The Paris time of an instant in the spec's style (network-core §2): '7 h 00', '19 h 30'. */
export function formatTime(value: Instant): string {
  const [h = '0', m = '00'] = parisHourMinute().format(new Date(value)).split(':');
  return `${Number(h)}\u00a0h\u00a0${m}`;
}

/** An instant in Paris as a day and a time: 'mardi 8 décembre 2026 à 7 h 00'. */
export function formatDayTime(value: Instant): string {
  return `${formatDate(value, 'full')} à ${formatTime(value)}`;
}

/** An instant in Paris, to the second, for logs and the development mailbox: '25/11/2026 18:30:05'. */
export function formatTimestamp(value: Instant): string {
  return dateTimeSecondsFormat().format(new Date(value));
}

/**
 * A calendar date 'YYYY-MM-DD' (an event's day, an article's date): '25 novembre 2026'. It names a
 * day, not an instant: taken at noon UTC, which is the same day in Paris in every season.
 */
export function formatCalendarDate(date: string, style: DateStyle = 'long'): string {
  const [y, m, d] = date.slice(0, 10).split('-').map(Number) as [number, number, number];
  return firstOfMonth(dateFormats[style]().format(new Date(Date.UTC(y, m - 1, d, 12))));
}

const monthFormats = {
  long: lazy(() => new Intl.DateTimeFormat(LOCALE, { month: 'long', year: 'numeric', timeZone: 'UTC' })),
  short: lazy(() => new Intl.DateTimeFormat(LOCALE, { month: 'short', timeZone: 'UTC' })),
} as const;

/** A month 'YYYY-MM' as people read it: 'novembre 2026' (long), 'nov.' (short, a chart's axis). */
export function formatMonth(month: string, style: keyof typeof monthFormats = 'long'): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return monthFormats[style]().format(new Date(Date.UTC(y, m - 1, 15)));
}

/**
 * A wall-clock time 'HH:MM' or 'HH:MM:SS' in the one time style (network-core §2, issue 31):
 * '18 h 30', '9 h 00', '8 h 05', no-break spaces around the `h`.
 */
export function formatClockTime(time: string): string {
  const [h = 0, min = 0] = time.split(':').map(Number);
  return `${h}\u00a0h\u00a0${String(min).padStart(2, '0')}`;
}

/** An event's Paris date and time: 'jeudi 3 décembre 2026 à 18 h 30'. */
export function formatEventDateTime(date: string, time: string): string {
  return `${formatCalendarDate(date, 'full')} à ${formatClockTime(time)}`;
}

// ---------------------------------------------------------------------------
// Plurals
// ---------------------------------------------------------------------------

const pluralRules = lazy(() => new Intl.PluralRules(LOCALE));

/**
 * The word for a count, by French rules: 0 and 1 take the singular ('0 membre', '1 membre'),
 * 2 and more the plural. `many` is French's form for round millions ('1 000 000 de membres');
 * `other` stands in when it is not given.
 */
export interface PluralForms {
  one: string;
  other: string;
  many?: string;
}

export function plural(count: number, forms: PluralForms): string {
  const category = pluralRules().select(count);
  if (category === 'one') return forms.one;
  if (category === 'many') return forms.many ?? forms.other;
  return forms.other;
}

/** A count and its word: '1 membre', '12 membres', '1 200 membres'. */
export function formatCount(count: number, forms: PluralForms): string {
  return `${formatNumber(count)} ${plural(count, forms)}`;
}
