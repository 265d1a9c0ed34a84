import type {
  AdminSelfBillingResponse,
  CloseMonthResponse,
  Mandate,
  MandateInput,
  MySelfBillingResponse,
} from '@synergie/shared/self-billing';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiErrorMessage, apiRequest } from '~/lib/api-client';
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
      queryFn: ({ signal }) => apiRequest<MySelfBilling>('/me/self-billing', { signal }),
    }),
  );
}

export function useAcceptMandate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: MandateInput) =>
      apiRequest<Mandate>('/me/self-billing/mandate', { method: 'PUT', body: input }),
    onSuccess: () => notify.success("Mandat d'autofacturation accepté"),
    onSettled: () => queryClient.invalidateQueries({ queryKey: selfBillingKeys.mine }),
  });
}

export function useRevokeMandate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest<Mandate>('/me/self-billing/mandate', { method: 'DELETE' }),
    onSuccess: () => notify.success('Mandat révoqué\u202f: vos commissions restent en attente'),
    onError: (error) => notify.error(apiErrorMessage(error, 'Impossible de révoquer le mandat')),
    onSettled: () => queryClient.invalidateQueries({ queryKey: selfBillingKeys.mine }),
  });
}

export function useContestInvoice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, reason }: { id: string; reason: string }) =>
      apiRequest<null>(`/me/self-billing/invoices/${encodeURIComponent(id)}/contest`, {
        method: 'POST',
        body: { reason },
      }),
    onSuccess: () => notify.success('Contestation envoyée aux administrateurs'),
    onSettled: () => queryClient.invalidateQueries({ queryKey: selfBillingKeys.mine }),
  });
}

export function useAdminSelfBilling(month: string) {
  return useQuery(
    queryOptions({
      queryKey: selfBillingKeys.admin(month),
      queryFn: ({ signal }) =>
        apiRequest<AdminSelfBillingResponse>(`/admin/self-billing?month=${encodeURIComponent(month)}`, { signal }),
      retry: false,
    }),
  );
}

export function useCloseMonth() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (month: string) =>
      apiRequest<CloseMonthResponse>(`/admin/self-billing/${encodeURIComponent(month)}/close`, {
        method: 'POST',
        body: {},
      }),
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
    mutationFn: (id: string) =>
      apiRequest<{ id: string; number: string }>(`/admin/self-billing/invoices/${encodeURIComponent(id)}/credit-note`, {
        method: 'POST',
        body: {},
      }),
    onSuccess: (result) => notify.success(`Avoir ${result.number} émis`),
    onError: (error) => notify.error(apiErrorMessage(error, "Erreur lors de l'émission de l'avoir")),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.admin.selfBilling.all });
      // The credited invoice's lines are payable again, in their own statements.
      void queryClient.invalidateQueries({ queryKey: queryKeys.admin.allCommissions });
    },
  });
}
