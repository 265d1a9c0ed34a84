import { formatDate } from '@synergie/shared/format';
import { renewalMessages } from '@synergie/shared/renewals';
import { Loader2 } from 'lucide-react';
import { useState } from 'react';
import { Button } from '~/components/ui/button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '~/components/ui/dialog';
import { apiErrorMessage } from '~/lib/api-client';
import { parseApiDateTime } from '~/lib/api-dates';
import { notify } from '~/lib/toast';
import type { SubscriptionResponse } from '../api/billing';
import { useCancelSubscription } from '../api/renewal';

/**
 * `Résilier mon abonnement` (network-core §10): from /profile/facturation, the button, then the
 * confirmation in this dialog, and it is done (the subscription ends with the period already paid,
 * by mail too).
 */
export function CancelSubscriptionDialog({ data }: { data: SubscriptionResponse }) {
  const [open, setOpen] = useState(false);
  const mutation = useCancelSubscription();
  const until = data.currentPeriodEnd ? formatDate(parseApiDateTime(data.currentPeriodEnd)) : null;
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button type="button" variant="outline">
          Résilier mon abonnement
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Résilier mon abonnement</DialogTitle>
          <DialogDescription>
            {until
              ? `Votre abonnement restera actif jusqu’au ${until}, puis prendra fin sans autre prélèvement. Vous recevrez un e-mail de confirmation.`
              : 'Votre abonnement prendra fin à l’issue de la période en cours, sans autre prélèvement. Vous recevrez un e-mail de confirmation.'}
          </DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <DialogClose asChild>
            <Button type="button" variant="outline">
              Garder mon abonnement
            </Button>
          </DialogClose>
          <Button
            type="button"
            variant="destructive"
            disabled={mutation.isPending}
            onClick={() =>
              mutation.mutate(undefined, {
                onSuccess: () => {
                  setOpen(false);
                  notify.success(renewalMessages.cancelled);
                },
                onError: (error) =>
                  notify.error(apiErrorMessage(error, 'Erreur lors de la résiliation de l’abonnement')),
              })
            }
          >
            {mutation.isPending ? <Loader2 aria-hidden="true" className="size-4 animate-spin" /> : null}
            Confirmer la résiliation
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
