import { billingMessages } from '@synergie/shared/billing-messages';
import type { PlanId } from '@synergie/shared/plans';
import { Loader2 } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { Link } from 'react-router';
import { Button } from '~/components/ui/button';
import { useSession } from '~/features/auth';
import { apiErrorMessage } from '~/lib/api-client';
import { notify } from '~/lib/toast';
import { createCheckout } from '../api/billing';

// The SEPA mandate's dialog, only when a checkout offers SEPA (Stripe): not in /pricing's scripts.
const SepaMandateDialog = lazy(() => import('./sepa-mandate-dialog'));

/**
 * A plan's button on /pricing: visitors go to /auth first; a signed-in member goes to the
 * checkout in this same tab (issue 31), Stripe's or the demo provider's, which returns here:
 * /profile/facturation once the trial has started, /pricing when given up (CHECKOUT_SUCCESS_PATH).
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
      {mandate ? (
        <Suspense fallback={null}>
          <SepaMandateDialog mandate={mandate} onClose={closeMandate} />
        </Suspense>
      ) : null}
    </>
  );
}
