import { groupEndpoints as endpoints } from '@synergie/shared/endpoints';
import type { Trade, TradeCatalogue } from '@synergie/shared/groups';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '~/lib/api-client';
import { queryKeys } from '~/lib/query-keys';

export type { Trade, TradeCatalogue };

/** GET /api/trades: the catalogue, by family then label (public, cached by the server). */
export function getTradeCatalogue(signal?: AbortSignal) {
  return callApi(endpoints.trades, {}, { signal });
}

export const tradeCatalogueQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.tradeCatalogue,
    queryFn: ({ signal }) => getTradeCatalogue(signal),
    // The catalogue changes when an admin edits it: rarely.
    staleTime: 10 * 60_000,
  });

export function useTradeCatalogue() {
  return useQuery(tradeCatalogueQueryOptions());
}
