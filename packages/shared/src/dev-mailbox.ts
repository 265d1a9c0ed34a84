import { z } from 'zod';
import { isoDateTime } from './api-dates';

/** A mail kept by the development mailbox (no SMTP server set; never in production). */
export const devMailSchema = z.object({
  id: z.string(),
  to: z.string(),
  replyTo: z.string().nullable(),
  subject: z.string(),
  text: z.string(),
  html: z.string().nullable(),
  template: z.string().nullable(),
  status: z.string(),
  attempts: z.number(),
  lastError: z.string().nullable(),
  createdAt: isoDateTime(),
  sentAt: isoDateTime().nullable(),
});
export const devMailboxSchema = z.object({ mails: z.array(devMailSchema) });
export const devMailboxQuerySchema = z.object({
  to: z.string().max(255).optional(),
  limit: z.coerce.number().int().min(1).max(500).default(100),
});
