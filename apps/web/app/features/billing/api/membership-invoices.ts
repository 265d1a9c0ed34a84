import { membershipInvoiceEndpoints as endpoints } from '@synergie/shared/endpoints';
import type { BillingDetailsInput } from '@synergie/shared/membership-invoices';
import { membershipInvoiceMessages } from '@synergie/shared/membership-invoices';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '~/lib/api-client';
import { queryKeys } from '~/lib/query-keys';
import { notify } from '~/lib/toast';

/** `Mes factures` (issue 32): the member's membership invoices and billing details. */
export function useMyMembershipInvoices() {
  return useQuery(
    queryOptions({
      queryKey: queryKeys.myMembershipInvoices,
      queryFn: ({ signal }) => callApi(endpoints.mine, {}, { signal }),
    }),
  );
}

export function useSaveBillingDetails() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: BillingDetailsInput) => callApi(endpoints.saveDetails, { body: input }),
    onSuccess: () => notify.success(membershipInvoiceMessages.saved),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.myMembershipInvoices }),
  });
}

/**
 * The SIREN looked up in INSEE's Sirene directory (issue 32): the company's name and head office
 * address, to fill the billing details form. A mutation: asked on a click, nothing kept in the cache.
 */
export function useSirenLookup() {
  return useMutation({
    mutationFn: (siren: string) => callApi(endpoints.lookUpSiren, { params: { siren } }),
  });
}

/** The admin's list of a year's membership invoices and credit notes. */
export function useAdminMembershipInvoices(year: number) {
  return useQuery(
    queryOptions({
      queryKey: queryKeys.admin.membershipInvoices(year),
      queryFn: ({ signal }) => callApi(endpoints.adminList, { params: { year } }, { signal }),
    }),
  );
}
