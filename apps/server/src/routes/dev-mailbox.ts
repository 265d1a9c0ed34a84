import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../context';
import { listMailbox } from '../mail/outbox';
import { escapeHtml } from '../mail/templates';

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
  createdAt: z.date(),
  sentAt: z.date().nullable(),
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

/** Links in a plain-text mail become clickable: the verification and reset links of later flows. */
function linkify(text: string): string {
  return escapeHtml(text).replace(/https?:\/\/[^\s<]+/g, (url) => `<a href="${url}">${url}</a>`);
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
    async (request) => ({ mails: await readMailbox(ctx, request.query.to, request.query.limit) }),
  );

  app.get(
    '/dev/mailbox',
    { schema: { hide: true, querystring: querySchema }, config: { access: 'public' } },
    async (request, reply) => {
      const mails = await readMailbox(ctx, request.query.to, request.query.limit);
      const items = mails
        .map(
          (m) => `<article>
  <h2>${escapeHtml(m.subject)}</h2>
  <p class="meta">À : <strong>${escapeHtml(m.to)}</strong>${m.replyTo ? ` · Répondre à : ${escapeHtml(m.replyTo)}` : ''} · ${escapeHtml(m.createdAt.toLocaleString('fr-FR', { timeZone: 'Europe/Paris' }))} · statut : <span class="status">${escapeHtml(m.status)}</span>${m.attempts > 1 ? ` · ${m.attempts} tentatives` : ''}</p>
  <pre>${linkify(m.text)}</pre>
</article>`,
        )
        .join('\n');
      const html = `<!doctype html>
<html lang="fr"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>Boîte de réception de développement | ${escapeHtml(ctx.env.SITE_NAME)}</title>
<style>
body{font-family:system-ui,sans-serif;max-width:860px;margin:0 auto;padding:24px;color:#0f172a;background:#f8fafc}
article{background:#fff;border:1px solid #e2e8f0;border-radius:8px;padding:16px;margin:16px 0}
h1{font-size:1.5rem}h2{font-size:1.1rem;margin:0 0 4px}.meta{color:#475569;font-size:.875rem;margin:0 0 8px}
pre{white-space:pre-wrap;word-break:break-word;font-family:inherit;margin:0}a{color:#1d4ed8}
</style></head>
<body><main>
<h1>Boîte de réception de développement</h1>
<p>Aucun serveur SMTP n'est configuré (SMTP_URL) : les emails du site sont conservés ici. Cette page n'existe pas en production.</p>
${items || '<p>Aucun email pour le moment.</p>'}
</main></body></html>`;
      return reply.type('text/html; charset=utf-8').header('cache-control', 'no-store').send(html);
    },
  );
};
