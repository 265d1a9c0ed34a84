import { billingMessages } from '@synergie/shared/billing-messages';
import type { PlanId } from '@synergie/shared/plans';
import { sepaMessages } from '@synergie/shared/sepa-debit';
import { Loader2 } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { Button } from '~/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '~/components/ui/dialog';
import { useSession } from '~/features/auth';
import { apiErrorMessage } from '~/lib/api-client';
import { notify } from '~/lib/toast';
import { createCheckout } from '../api/billing';

/**
 * A plan's button on /pricing: visitors go to /auth first; a signed-in member goes to the
 * checkout in this same tab (issue 31), Stripe's or the demo provider's, which returns here:
 * /profile once the trial has started, /pricing when given up (CHECKOUT_SUCCESS_PATH).
 * When the checkout offers SEPA Direct Debit (Stripe, issue 32), the mandate's wording the server
 * answered is shown first; the member goes on to pay from there.
 */
export function PlanCheckoutButton({
  planId,
  describedBy,
  recommended,
}: {
  planId: PlanId;
  describedBy: string;
  recommended: boolean;
}) {
  const session = useSession();
  const [pending, setPending] = useState(false);
  const [mandate, setMandate] = useState<{ url: string; text: string } | null>(null);
  const variant = recommended ? 'default' : 'outline';
  const label = 'Commencer l’essai gratuit';

  if (!session.data?.user) {
    return (
      <Button asChild size="lg" variant={variant} className="w-full">
        <Link to="/auth" state={{ from: '/pricing' }} aria-describedby={describedBy}>
          {label}
        </Link>
      </Button>
    );
  }

  const onClick = async () => {
    setPending(true);
    try {
      const { url, sepaMandate } = await createCheckout(planId);
      if (sepaMandate) {
        setMandate({ url, text: sepaMandate.text });
        return;
      }
      // Still pending while the browser leaves the page.
      window.location.assign(url);
    } catch (error) {
      notify.error(apiErrorMessage(error, billingMessages.checkoutError));
      setPending(false);
    }
  };

  const closeMandate = () => {
    setMandate(null);
    setPending(false);
  };

  return (
    <>
      <Button
        type="button"
        size="lg"
        variant={variant}
        className="w-full"
        aria-describedby={describedBy}
        disabled={pending}
        onClick={onClick}
      >
        {pending ? <Loader2 aria-hidden="true" className="size-4 animate-spin" /> : null}
        {label}
      </Button>
      <Dialog open={mandate !== null} onOpenChange={(open) => (open ? null : closeMandate())}>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>{sepaMessages.mandateTitle}</DialogTitle>
            <DialogDescription>{sepaMessages.mandateIntro}</DialogDescription>
          </DialogHeader>
          <p className="text-sm text-slate-700" data-testid="sepa-mandate-text">
            {mandate?.text}
          </p>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={closeMandate}>
              {sepaMessages.cancel}
            </Button>
            <Button type="button" onClick={() => (mandate ? window.location.assign(mandate.url) : undefined)}>
              {sepaMessages.continueToPayment}
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </>
  );
}
