import { Info } from 'lucide-react';
import { Alert, AlertDescription, AlertTitle } from '~/components/ui/alert';

/** Says plainly that the figures of a diagnostic page are examples, not measurements. */
export function StaticNotice() {
  return (
    // A note, not an alert: nothing here changes, so screen readers need not interrupt.
    <Alert variant="info" role="note" className="mb-10">
      <Info aria-hidden="true" className="size-4" />
      <AlertTitle>Aperçu statique</AlertTitle>
      <AlertDescription>
        Les valeurs affichées sur cette page sont des exemples fixes : elles ne reflètent pas l’état actuel du système.
      </AlertDescription>
    </Alert>
  );
}
