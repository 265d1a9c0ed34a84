import { serviceEndpoints as endpoints } from '@synergie/shared/endpoints';
import type { ServiceInput } from '@synergie/shared/services';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '~/lib/api-client';
import { queryKeys } from '~/lib/query-keys';

/** The body is the shared schema's output: trimmed, blank features dropped, https:// added. */
export function saveService({ id, input }: { id?: string; input: ServiceInput }) {
  return id ? callApi(endpoints.update, { params: { id }, body: input }) : callApi(endpoints.create, { body: input });
}

/** Creates the service, or updates it when an id is given; the list reloads after a save. */
export function useSaveService() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveService,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.services }),
  });
}
