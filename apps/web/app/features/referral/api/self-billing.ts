import { selfBillingEndpoints as endpoints } from '@synergie/shared/endpoints';
import type { MandateInput, MySelfBillingResponse } from '@synergie/shared/self-billing';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiErrorMessage, callApi } from '~/lib/api-client';
import { queryKeys } from '~/lib/query-keys';
import { notify } from '~/lib/toast';

/** Self-billing (autofacturation): the member's mandate and invoices, the admin's closings. */
export const selfBillingKeys = {
  mine: queryKeys.mySelfBilling,
  admin: queryKeys.admin.selfBilling.month,
};

export type MySelfBilling = MySelfBillingResponse;

export function useSelfBilling() {
  return useQuery(
    queryOptions({
      queryKey: selfBillingKeys.mine,
      queryFn: ({ signal }) => callApi(endpoints.mine, {}, { signal }),
    }),
  );
}

export function useAcceptMandate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: MandateInput) => callApi(endpoints.acceptMandate, { body: input }),
    onSuccess: () => notify.success('Mandat d’autofacturation accepté'),
    onSettled: () => queryClient.invalidateQueries({ queryKey: selfBillingKeys.mine }),
  });
}

export function useRevokeMandate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => callApi(endpoints.revokeMandate),
    onSuccess: () => notify.success('Mandat révoqué\u00a0: vos commissions restent en attente'),
    onError: (error) => notify.error(apiErrorMessage(error, 'Impossible de révoquer le mandat')),
    onSettled: () => queryClient.invalidateQueries({ queryKey: selfBillingKeys.mine }),
  });
}

export function useContestInvoice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, reason }: { id: string; reason: string }) =>
      callApi(endpoints.contest, { params: { id }, body: { reason } }),
    onSuccess: () => notify.success('Contestation envoyée aux administrateurs'),
    onSettled: () => queryClient.invalidateQueries({ queryKey: selfBillingKeys.mine }),
  });
}

export function useAdminSelfBilling(month: string) {
  return useQuery(
    queryOptions({
      queryKey: selfBillingKeys.admin(month),
      queryFn: ({ signal }) => callApi(endpoints.month, { query: { month } }, { signal }),
    }),
  );
}

export function useCloseMonth() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (month: string) => callApi(endpoints.closeMonth, { params: { month } }),
    onError: (error) => notify.error(apiErrorMessage(error, 'Erreur lors de la clôture du mois')),
    onSettled: (_data, _error, month) => {
      void queryClient.invalidateQueries({ queryKey: selfBillingKeys.admin(month) });
      // Lines of earlier statements are invoiced too: every month's ledger may have changed.
      void queryClient.invalidateQueries({ queryKey: queryKeys.admin.allCommissions });
    },
  });
}

export function useIssueCreditNote() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => callApi(endpoints.creditNote, { params: { id } }),
    onSuccess: (result) => notify.success(`Avoir ${result.number} émis`),
    onError: (error) => notify.error(apiErrorMessage(error, 'Erreur lors de l’émission de l’avoir')),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.admin.selfBilling.all });
      // The credited invoice's lines are payable again, in their own statements.
      void queryClient.invalidateQueries({ queryKey: queryKeys.admin.allCommissions });
    },
  });
}
