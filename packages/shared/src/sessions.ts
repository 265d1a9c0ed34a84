import './zod-locale';
import { z } from 'zod';
import { isoDateTime } from './api-dates';

/** One of the member's active sessions, as /profile lists it: never its token. */
export const activeSessionSchema = z.object({
  id: z.string(),
  userAgent: z.string().nullable(),
  ipAddress: z.string().nullable(),
  createdAt: isoDateTime(),
  updatedAt: isoDateTime(),
  expiresAt: isoDateTime(),
  current: z.boolean(),
});
export type ActiveSession = z.infer<typeof activeSessionSchema>;
export const activeSessionsResponseSchema = z.object({ sessions: z.array(activeSessionSchema) });
export type ActiveSessionsResponse = z.infer<typeof activeSessionsResponseSchema>;
