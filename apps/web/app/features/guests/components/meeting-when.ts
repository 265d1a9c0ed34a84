import { formatDate, formatDateTime } from '@synergie/shared/format';

/** A meeting's start in Paris: 'mardi 1 décembre 2026 à 07:00'. */
export function meetingWhen(startsAt: string): string {
  const time = formatDateTime(new Date(startsAt)).split(' à ')[1] ?? '';
  return `${formatDate(new Date(startsAt), 'full')} à ${time}`;
}
