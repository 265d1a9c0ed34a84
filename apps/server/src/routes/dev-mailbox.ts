import { toIsoDateTime, toIsoDateTimeOrNull } from '@synergie/shared';
import { devMailboxQuerySchema } from '@synergie/shared/dev-mailbox';
import { devEndpoints } from '@synergie/shared/endpoints';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../context';
import { serve } from '../lib/endpoints';
import { renderMailboxPage } from '../mail/mailbox-page';
import { listMailbox } from '../mail/outbox';

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
  await app.register(
    async (api) =>
      serve(api, devEndpoints.mailbox, async (request) => ({
        mails: (await readMailbox(ctx, request.query.to, request.query.limit)).map((m) => ({
          ...m,
          createdAt: toIsoDateTime(m.createdAt),
          sentAt: toIsoDateTimeOrNull(m.sentAt),
        })),
      })),
    { prefix: '/api' },
  );

  app.get(
    '/dev/mailbox',
    { schema: { hide: true, querystring: devMailboxQuerySchema }, config: { access: 'public' } },
    async (request, reply) => {
      const mails = await readMailbox(ctx, request.query.to, request.query.limit);
      const html = renderMailboxPage(ctx.env.SITE_NAME, mails);
      return reply.type('text/html; charset=utf-8').header('cache-control', 'no-store').send(html);
    },
  );
};
