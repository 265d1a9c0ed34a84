const dateTime = new Intl.DateTimeFormat('fr-FR', { dateStyle: 'long', timeStyle: 'short' });

/** '22 novembre 2026 à 14:05', in the member's time zone. */
export function formatDateTime(value: Date) {
  return dateTime.format(value);
}
