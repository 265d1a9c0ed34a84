import { billingMessages } from '@synergie/shared/billing-messages';
import type { PlanId } from '@synergie/shared/plans';
import { Loader2 } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { Button } from '~/components/ui/button';
import { useSession } from '~/features/auth';
import { apiErrorMessage } from '~/lib/api-client';
import { notify } from '~/lib/toast';
import { createCheckout } from '../api/billing';

/**
 * A plan's button on /pricing: visitors go to /auth first; a signed-in member goes to the
 * checkout in this same tab (issue 31), Stripe's or the demo provider's, which returns here:
 * /profile once the trial has started, /pricing when given up (CHECKOUT_SUCCESS_PATH).
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
      const { url } = await createCheckout(planId);
      // Still pending while the browser leaves the page.
      window.location.assign(url);
    } catch (error) {
      notify.error(apiErrorMessage(error, billingMessages.checkoutError));
      setPending(false);
    }
  };

  return (
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
  );
}
