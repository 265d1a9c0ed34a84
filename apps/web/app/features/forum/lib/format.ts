import { formatDate, formatDateTime } from '@synergie/shared/format';
import { parseApiDateTime } from '~/lib/api-dates';

/** An API timestamp's day in Paris: '25 novembre 2026'. */
export const forumDay = (value: string) => formatDate(parseApiDateTime(value), 'long');

/** An API timestamp in Paris, to the minute: '25 novembre 2026 à 18:30'. */
export const forumDateTime = (value: string) => formatDateTime(parseApiDateTime(value));

/** Whether its author may still edit a message (`editableUntil` of the API, null when not). */
export const stillEditable = (editableUntil: string | null, now = Date.now()) =>
  editableUntil !== null && parseApiDateTime(editableUntil).getTime() > now;

export const replies = (count: number) => (count === 0 ? 'Aucune réponse' : `${count} réponse${count > 1 ? 's' : ''}`);

/** The page number of `?page=` (1 when missing or wrong). */
export function pageParam(value: string | null): number {
  const page = Number(value);
  return Number.isInteger(page) && page >= 1 ? page : 1;
}
