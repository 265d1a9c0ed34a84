import { adminPartnerEndpoints as endpoints } from '@synergie/shared/endpoints';
import type { PartnerInput, PartnerUpdate } from '@synergie/shared/partners';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '~/lib/api-client';
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
  useInvalidatingMutation((input: PartnerInput) => callApi(endpoints.create, { body: input }));

export const useUpdatePartner = () =>
  useInvalidatingMutation(({ id, input }: { id: string; input: PartnerUpdate }) =>
    callApi(endpoints.update, { params: { id }, body: input }),
  );

export const useDeletePartner = () =>
  useInvalidatingMutation((id: string) => callApi(endpoints.remove, { params: { id } }));

/** fetch-site-info: the server reads the page (safely) and answers its title, description and images. */
export const useSiteInfo = () =>
  useMutation({
    mutationFn: (url: string) => callApi(endpoints.siteInfo, { body: { url } }),
  });
