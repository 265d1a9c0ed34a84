import type * as React from 'react';
import { LoadError, Loading } from '~/components/query-state';
import { RequireAuth } from '~/features/auth';
import { useSubscription } from '../api/billing';

function SubscribersOnly({ children }: { children: React.ReactNode }) {
  const subscription = useSubscription();
  if (subscription.data?.subscribed) return <>{children}</>;
  if (subscription.isError) {
    return (
      <div className="mx-auto max-w-3xl px-4 py-10">
        <LoadError message="Impossible de vérifier votre abonnement." onRetry={() => subscription.refetch()} />
      </div>
    );
  }
  // Not subscribed: nothing is shown, and SubscriptionRedirect (root) goes to /pricing.
  return <Loading variant="spinner" />;
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
