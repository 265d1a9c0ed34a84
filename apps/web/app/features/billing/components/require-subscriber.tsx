import { Loader2, RotateCw } from 'lucide-react';
import type * as React from 'react';
import { Alert, AlertDescription, AlertTitle } from '~/components/ui/alert';
import { Button } from '~/components/ui/button';
import { RequireAuth } from '~/features/auth';
import { useSubscription } from '../api/billing';

function SubscribersOnly({ children }: { children: React.ReactNode }) {
  const subscription = useSubscription();
  if (subscription.data?.subscribed) return <>{children}</>;
  if (subscription.isError) {
    return (
      <div className="mx-auto max-w-3xl px-4 py-10">
        <Alert variant="destructive">
          <AlertTitle>Erreur</AlertTitle>
          <AlertDescription className="flex flex-col items-start gap-3">
            <p>Impossible de vérifier votre abonnement.</p>
            <Button type="button" variant="outline" size="sm" onClick={() => subscription.refetch()}>
              <RotateCw aria-hidden="true" />
              Réessayer
            </Button>
          </AlertDescription>
        </Alert>
      </div>
    );
  }
  // Not subscribed: nothing is shown, and SubscriptionRedirect (root) goes to /pricing.
  return (
    <div className="flex min-h-[40vh] items-center justify-center" aria-busy="true">
      <Loader2 aria-hidden="true" className="size-6 animate-spin text-brand-700" />
      <span className="sr-only">Chargement...</span>
    </div>
  );
}

/**
 * Subscriber pages (spec section 6: they render nothing without a subscription): a session
 * first (/auth otherwise), then an active subscription or trial; the redirect to
 * /pricing?message=subscription_required is SubscriptionRedirect's, mounted in root. The API
 * refuses these pages' data to non-subscribers anyway (403 SUBSCRIPTION_REQUIRED).
 */
export function RequireSubscriber({ children }: { children: React.ReactNode }) {
  return (
    <RequireAuth>
      <SubscribersOnly>{children}</SubscribersOnly>
    </RequireAuth>
  );
}
