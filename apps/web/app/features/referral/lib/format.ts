/** Amounts are kept in cents everywhere; shown in euros the French way (1 234,56 €). */
const euros = new Intl.NumberFormat('fr-FR', { style: 'currency', currency: 'EUR' });

export function formatCents(cents: number): string {
  return euros.format(cents / 100);
}
