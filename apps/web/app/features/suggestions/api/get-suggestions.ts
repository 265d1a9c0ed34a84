import { suggestionEndpoints as endpoints } from '@synergie/shared/endpoints';
import type { MissingTrades, OneToOneSuggestions } from '@synergie/shared/suggestions';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '~/lib/api-client';
import { queryKeys } from '~/lib/query-keys';

export type { MissingTrades, OneToOneSuggestions };

/** GET /api/me/suggestions/one-to-ones: `Qui rencontrer en tête-à-tête`. */
export function useOneToOneSuggestions() {
  return useQuery({
    queryKey: queryKeys.me.oneToOneSuggestions,
    queryFn: ({ signal }) => callApi(endpoints.oneToOnes, {}, { signal }),
  });
}

/** GET /api/me/suggestions/missing-trades: `Les métiers qui manquent à votre groupe`. */
export function useMissingTrades() {
  return useQuery({
    queryKey: queryKeys.me.missingTrades,
    queryFn: ({ signal }) => callApi(endpoints.missingTrades, {}, { signal }),
  });
}
