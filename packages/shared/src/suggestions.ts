import './zod-locale';
import { z } from 'zod';

export * from './suggestion-constants';

const proximitySchema = z.enum(['same_group', 'same_city', 'same_department', 'same_region', 'elsewhere']);

/** One member to meet, and the figures behind the suggestion (`Pourquoi ?`). */
export const oneToOneSuggestionSchema = z.object({
  member: z.object({
    id: z.string(),
    name: z.string(),
    image: z.string().nullable(),
    trade: z.string(),
    city: z.string().nullable(),
    groupName: z.string().nullable(),
  }),
  proximity: proximitySchema,
  /** The group's name, the city, the département's code or the région the proximity names; null elsewhere. */
  proximityPlace: z.string().nullable(),
  why: z.object({
    /** Recommendations won between the two trades, either way, over SUGGESTION_DAYS. */
    wonBetweenTrades: z.number().int(),
    /** Of those, the business confirmed by the giver, and its amount HT. */
    confirmedBetweenTrades: z.number().int(),
    confirmedAmountCents: z.number().int(),
  }),
});
export type OneToOneSuggestion = z.infer<typeof oneToOneSuggestionSchema>;

/** GET /api/me/suggestions/one-to-ones: `Qui rencontrer en tête-à-tête`. */
export const oneToOneSuggestionsSchema = z.object({
  /** The viewer's trade (the profile's); null: no trade, no suggestion. */
  myTrade: z.string().nullable(),
  items: z.array(oneToOneSuggestionSchema),
});
export type OneToOneSuggestions = z.infer<typeof oneToOneSuggestionsSchema>;

/** One trade missing from the viewer's group, and the figures behind it. */
export const missingTradeSchema = z.object({
  trade: z.object({ id: z.string(), label: z.string(), family: z.string() }),
  why: z.object({
    /** Recommendations received over SUGGESTION_DAYS by members of this trade in the groups like this one. */
    recommendationsReceived: z.number().int(),
    /** How many of those groups have an active member of this trade today. */
    groupsWithTrade: z.number().int(),
  }),
});
export type MissingTrade = z.infer<typeof missingTradeSchema>;

/** GET /api/me/suggestions/missing-trades: `Les métiers qui manquent à votre groupe`. */
export const missingTradesSchema = z.object({
  /** The viewer's home group; null: no group, no suggestion. */
  group: z.object({ id: z.string(), name: z.string(), region: z.string() }).nullable(),
  likeGroups: z.object({ scope: z.enum(['region', 'network']), count: z.number().int() }),
  items: z.array(missingTradeSchema),
});
export type MissingTrades = z.infer<typeof missingTradesSchema>;
