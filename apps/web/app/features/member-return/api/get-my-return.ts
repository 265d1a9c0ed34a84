import { returnEndpoints as endpoints } from '@synergie/shared/endpoints';
import type { MyReturn } from '@synergie/shared/return';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '~/lib/api-client';
import { queryKeys } from '~/lib/query-keys';

export type { MyReturn };

/** GET /api/me/return: `Mon retour sur cotisation`. */
export function useMyReturn() {
  return useQuery({ queryKey: queryKeys.me.return, queryFn: ({ signal }) => callApi(endpoints.get, {}, { signal }) });
}
