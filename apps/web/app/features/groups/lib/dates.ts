import { formatDate, formatDateTime } from '@synergie/shared/format';
import { parseApiDateTime } from '~/lib/api-dates';

/** An API timestamp in Paris, to the minute: '2 décembre 2026 à 10:00'. */
export const apiDateTime = (value: string) => formatDateTime(parseApiDateTime(value));

/** An API timestamp's day in Paris: '2 décembre 2026'. */
export const apiDate = (value: string) => formatDate(parseApiDateTime(value));

/** Whether an API timestamp is still to come. */
export const isFuture = (value: string, now = Date.now()) => parseApiDateTime(value).getTime() > now;
