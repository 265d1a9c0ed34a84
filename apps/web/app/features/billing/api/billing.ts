import type { BillingUrlResponse, SubscriptionResponse } from '@synergie/shared/billing';
import type { PlanId } from '@synergie/shared/plans';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '~/lib/api-client';

export type { SubscriptionResponse };

export const subscriptionQueryKey = ['subscription'] as const;

/** check-subscription: answered by our server from its own records. */
export const subscriptionQueryOptions = () =>
  queryOptions({
    queryKey: subscriptionQueryKey,
    queryFn: ({ signal }) => apiRequest<SubscriptionResponse>('/billing/subscription', { signal }),
    staleTime: 60_000,
    retry: false,
  });

export function useSubscription(enabled = true) {
  return useQuery({ ...subscriptionQueryOptions(), enabled });
}

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
    onSuccess: (subscription) => queryClient.setQueryData(subscriptionQueryKey, subscription),
  });
}

/** The demo provider's portal: end with the current period, or keep the subscription going. */
export function useDemoCancelAtPeriodEnd() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (cancel: boolean) =>
      apiRequest<SubscriptionResponse>('/billing/demo/cancel-at-period-end', { method: 'POST', body: { cancel } }),
    onSuccess: (subscription) => queryClient.setQueryData(subscriptionQueryKey, subscription),
  });
}
