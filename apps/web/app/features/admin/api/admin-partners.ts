import type { OkResponse } from '@synergie/shared/api';
import type { Partner, PartnerInput, PartnerUpdate, SiteInfo } from '@synergie/shared/partners';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '~/lib/api-client';
import { queryKeys } from '~/lib/query-keys';

/** Admin changes refresh the same list the public /partners page reads. */
function useInvalidatingMutation<TVariables, TResult>(mutationFn: (variables: TVariables) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.partners }),
  });
}

export const useCreatePartner = () =>
  useInvalidatingMutation((input: PartnerInput) =>
    apiRequest<Partner>('/admin/partners', { method: 'POST', body: input }),
  );

export const useUpdatePartner = () =>
  useInvalidatingMutation(({ id, input }: { id: string; input: PartnerUpdate }) =>
    apiRequest<Partner>(`/admin/partners/${encodeURIComponent(id)}`, { method: 'PUT', body: input }),
  );

export const useDeletePartner = () =>
  useInvalidatingMutation((id: string) =>
    apiRequest<OkResponse>(`/admin/partners/${encodeURIComponent(id)}`, { method: 'DELETE' }),
  );

/** fetch-site-info: the server reads the page (safely) and answers its title, description and images. */
export const useSiteInfo = () =>
  useMutation({
    mutationFn: (url: string) => apiRequest<SiteInfo>('/admin/site-info', { method: 'POST', body: { url } }),
  });
