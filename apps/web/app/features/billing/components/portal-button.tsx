import { billingMessages } from '@synergie/shared/billing-messages';
import { Loader2 } from 'lucide-react';
import { useState } from 'react';
import { Button } from '~/components/ui/button';
import { apiErrorMessage } from '~/lib/api-client';
import { notify } from '~/lib/toast';
import { createPortal } from '../api/billing';
import { openInNewTab } from '../lib/open-in-new-tab';

/** Opens the customer portal (payment method, cancellation, invoices) in a new tab. */
export function PortalButton({ variant = 'outline' }: { variant?: 'default' | 'outline' }) {
  const [pending, setPending] = useState(false);
  const onClick = async () => {
    setPending(true);
    try {
      await openInNewTab(createPortal);
    } catch (error) {
      notify.error(apiErrorMessage(error, billingMessages.portalError));
    } finally {
      setPending(false);
    }
  };
  return (
    <Button type="button" variant={variant} disabled={pending} onClick={onClick}>
      {pending ? <Loader2 aria-hidden="true" className="size-4 animate-spin" /> : null}
      Gérer mon abonnement
    </Button>
  );
}
