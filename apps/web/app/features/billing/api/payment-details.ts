import { billingEndpoints as endpoints } from '@synergie/shared/endpoints';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '~/lib/api-client';
import { queryKeys } from '~/lib/query-keys';

/** The member's SEPA mandates and a failed debit still open (issue 32), for /profile/facturation. */
export const paymentDetailsQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.paymentDetails,
    queryFn: ({ signal }) => callApi(endpoints.paymentDetails, {}, { signal }),
    staleTime: 60_000,
  });

export function usePaymentDetails() {
  return useQuery(paymentDetailsQueryOptions());
}
