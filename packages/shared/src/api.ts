import './zod-locale';
import { z } from 'zod';
import { type ApiErrorCode, apiErrors } from './errors';

const apiErrorCodes = Object.keys(apiErrors) as [ApiErrorCode, ...ApiErrorCode[]];

/**
 * Every API error has this shape: a stable code for programs (one of the catalogue's, errors.ts,
 * listed in the OpenAPI document), a French message for people.
 */
export const apiErrorSchema = z.object({
  error: z.object({
    code: z.enum(apiErrorCodes),
    message: z.string(),
    fields: z.record(z.string(), z.string()).optional(),
  }),
});
export type ApiError = z.infer<typeof apiErrorSchema>;

export { API_TIMEOUT_MS, TOAST_DURATION_MS } from './constants';

/** The answer of an operation that has nothing else to say (a deletion, for instance). */
export const okResponseSchema = z.object({ ok: z.literal(true) });
export type OkResponse = z.infer<typeof okResponseSchema>;
