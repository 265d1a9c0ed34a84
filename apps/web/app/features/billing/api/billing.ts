import type { SubscriptionResponse } from '@synergie/shared/billing';
import { billingEndpoints as endpoints } from '@synergie/shared/endpoints';
import type { PlanId } from '@synergie/shared/plans';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '~/lib/api-client';
import { queryKeys } from '~/lib/query-keys';

// check-subscription lives in its own module so the root layout's redirect loads no mutation code.
export { subscriptionQueryOptions, useSubscription } from './subscription';
export type { SubscriptionResponse };

export function createCheckout(planId: PlanId) {
  return callApi(endpoints.checkout, { body: { planId } });
}

export function createPortal() {
  return callApi(endpoints.portal);
}

/** The demo provider's checkout: confirming starts the 14-day trial. */
export function useCompleteDemoCheckout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (session: string) => callApi(endpoints.demoComplete, { body: { session } }),
    onSuccess: (subscription) => queryClient.setQueryData(queryKeys.subscription, subscription),
  });
}

/** The demo provider's portal: end with the current period, or keep the subscription going. */
export function useDemoCancelAtPeriodEnd() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (cancel: boolean) => callApi(endpoints.demoCancelAtPeriodEnd, { body: { cancel } }),
    onSuccess: (subscription) => queryClient.setQueryData(queryKeys.subscription, subscription),
  });
}
