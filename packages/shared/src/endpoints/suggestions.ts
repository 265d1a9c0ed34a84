import { endpoint } from '../endpoint';
import { missingTradesSchema, oneToOneSuggestionsSchema } from '../suggestions';

const tags = ['Suggestions'];

/** Suggestions that explain themselves (issue 29): each one with the figures behind it. */
export const suggestionEndpoints = {
  oneToOnes: endpoint({
    method: 'GET',
    path: '/me/suggestions/one-to-ones',
    operationId: 'getOneToOneSuggestions',
    tags,
    summary:
      'Qui rencontrer en tête-à-tête\u00a0: les membres dont le métier échange le plus d’affaires avec le sien dans le réseau, pas encore rencontrés, les plus proches d’abord, avec les chiffres de chaque suggestion',
    access: 'subscriber',
    responses: { 200: oneToOneSuggestionsSchema },
  }),
  missingTrades: endpoint({
    method: 'GET',
    path: '/me/suggestions/missing-trades',
    operationId: 'getMissingTrades',
    tags,
    summary:
      'Les métiers qui manquent à son groupe\u00a0: les métiers absents qui reçoivent le plus de recommandations dans les groupes comparables (même région), avec leurs chiffres',
    access: 'member',
    responses: { 200: missingTradesSchema },
  }),
};
