import type { Service, ServiceInput } from '@synergie/shared/services';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '~/lib/api-client';
import { queryKeys } from '~/lib/query-keys';

/** The body is the shared schema's output: trimmed, blank features dropped, https:// added. */
export function saveService({ id, input }: { id?: string; input: ServiceInput }) {
  return id
    ? apiRequest<Service>(`/services/${encodeURIComponent(id)}`, { method: 'PUT', body: input })
    : apiRequest<Service>('/services', { method: 'POST', body: input });
}

/** Creates the service, or updates it when an id is given; the list reloads after a save. */
export function useSaveService() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveService,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.services }),
  });
}
