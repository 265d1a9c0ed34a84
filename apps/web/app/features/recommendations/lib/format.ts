import { formatDate, formatDateTime } from '@synergie/shared/format';
import { parseApiDateTime } from '~/lib/api-dates';

/** An API timestamp in Paris, to the minute: '2 décembre 2026 à 10:00'. */
export const apiDateTime = (value: string) => formatDateTime(parseApiDateTime(value));

/** An API timestamp's day in Paris: '2 déc. 2026'. */
export const apiDay = (value: string) => formatDate(parseApiDateTime(value), 'medium');

let monthFormat: Intl.DateTimeFormat | undefined;
/** 'AAAA-MM' (a Paris month of the API) → 'mai 2026'; anything else is shown as it came. */
export function formatMonth(month: string): string {
  const match = /^(\d{4})-(\d{2})$/.exec(month);
  if (!match) return month;
  monthFormat ??= new Intl.DateTimeFormat('fr-FR', { month: 'long', year: 'numeric', timeZone: 'UTC' });
  return monthFormat.format(Date.UTC(Number(match[1]), Number(match[2]) - 1, 15));
}

/** The last `count` months, newest first, as 'AAAA-MM' in Paris: the month filter's choices. */
export function recentMonths(count = 24, now = new Date()): string[] {
  const parts = new Intl.DateTimeFormat('en-CA', { year: 'numeric', month: '2-digit', timeZone: 'Europe/Paris' })
    .formatToParts(now)
    .reduce<Record<string, string>>((acc, p) => {
      acc[p.type] = p.value;
      return acc;
    }, {});
  let year = Number(parts.year);
  let month = Number(parts.month);
  const months: string[] = [];
  for (let i = 0; i < count; i++) {
    months.push(`${year}-${String(month).padStart(2, '0')}`);
    month -= 1;
    if (month === 0) {
      month = 12;
      year -= 1;
    }
  }
  return months;
}

/** 'tel:' link target of an E.164 number. */
export const telHref = (phone: string) => `tel:${phone.replace(/[^+\d]/g, '')}`;
