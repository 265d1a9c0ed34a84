import { sepaMessages } from '@synergie/shared/sepa-debit';
import { Button } from '~/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '~/components/ui/dialog';

/**
 * The SEPA mandate's wording shown before Stripe's checkout (issue 32): its own chunk, loaded by
 * PlanCheckoutButton only when the checkout offers SEPA Direct Debit, so /pricing's scripts stay
 * in their budget (bench/bundle-size.mjs).
 */
export default function SepaMandateDialog({
  mandate,
  onClose,
}: {
  mandate: { url: string; text: string };
  onClose: () => void;
}) {
  return (
    <Dialog open onOpenChange={(open) => (open ? null : onClose())}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{sepaMessages.mandateTitle}</DialogTitle>
          <DialogDescription>{sepaMessages.mandateIntro}</DialogDescription>
        </DialogHeader>
        <p className="text-sm text-slate-700" data-testid="sepa-mandate-text">
          {mandate.text}
        </p>
        <DialogFooter>
          <Button type="button" variant="outline" onClick={onClose}>
            {sepaMessages.cancel}
          </Button>
          <Button type="button" onClick={() => window.location.assign(mandate.url)}>
            {sepaMessages.continueToPayment}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
