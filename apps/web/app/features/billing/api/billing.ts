import type { BillingUrlResponse, SubscriptionResponse } from '@synergie/shared/billing';
import type { PlanId } from '@synergie/shared/plans';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '~/lib/api-client';
import { queryKeys } from '~/lib/query-keys';

// check-subscription lives in its own module so the root layout's redirect loads no mutation code.
export { subscriptionQueryOptions, useSubscription } from './subscription';
export type { SubscriptionResponse };

export function createCheckout(planId: PlanId) {
  return apiRequest<BillingUrlResponse>('/billing/checkout', { method: 'POST', body: { planId } });
}

export function createPortal() {
  return apiRequest<BillingUrlResponse>('/billing/portal', { method: 'POST', body: {} });
}

/** The demo provider's checkout: confirming starts the 14-day trial. */
export function useCompleteDemoCheckout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (session: string) =>
      apiRequest<SubscriptionResponse>('/billing/demo/complete', { method: 'POST', body: { session } }),
    onSuccess: (subscription) => queryClient.setQueryData(queryKeys.subscription, subscription),
  });
}

/** The demo provider's portal: end with the current period, or keep the subscription going. */
export function useDemoCancelAtPeriodEnd() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (cancel: boolean) =>
      apiRequest<SubscriptionResponse>('/billing/demo/cancel-at-period-end', { method: 'POST', body: { cancel } }),
    onSuccess: (subscription) => queryClient.setQueryData(queryKeys.subscription, subscription),
  });
}
