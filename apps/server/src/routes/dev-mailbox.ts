import { isoDateTime, toIsoDateTime, toIsoDateTimeOrNull } from '@synergie/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../context';
import { renderMailboxPage } from '../mail/mailbox-page';
import { listMailbox } from '../mail/outbox';

const mailSchema = z.object({
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
const mailboxSchema = z.object({ mails: z.array(mailSchema) });
const querySchema = z.object({
  to: z.string().max(255).optional(),
  limit: z.coerce.number().int().min(1).max(500).default(100),
});

async function readMailbox(ctx: AppContext, to: string | undefined, limit: number) {
  const mails = await listMailbox(ctx.db, to ? 500 : limit);
  const filtered = to ? mails.filter((m) => m.to.toLowerCase() === to.toLowerCase()).slice(0, limit) : mails;
  return filtered.map(({ meta: _meta, nextAttemptAt: _n, lockedUntil: _l, ...m }) => m);
}

/**
 * The development mailbox: with no SMTP server configured, mail is kept in the outbox and read
 * here. Registered only outside production (see app.ts).
 */
export const devMailboxRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    '/api/dev/mailbox',
    {
      // Development only, never registered in production (app.ts).
      config: { access: 'public' },
      schema: {
        tags: ['Développement'],
        summary: 'Boîte de réception de développement (hors production)',
        querystring: querySchema,
        response: { 200: mailboxSchema },
      },
    },
    async (request) => ({
      mails: (await readMailbox(ctx, request.query.to, request.query.limit)).map((m) => ({
        ...m,
        createdAt: toIsoDateTime(m.createdAt),
        sentAt: toIsoDateTimeOrNull(m.sentAt),
      })),
    }),
  );

  app.get(
    '/dev/mailbox',
    { schema: { hide: true, querystring: querySchema }, config: { access: 'public' } },
    async (request, reply) => {
      const mails = await readMailbox(ctx, request.query.to, request.query.limit);
      const html = renderMailboxPage(ctx.env.SITE_NAME, mails);
      return reply.type('text/html; charset=utf-8').header('cache-control', 'no-store').send(html);
    },
  );
};
