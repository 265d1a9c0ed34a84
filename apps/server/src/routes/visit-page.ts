import {
  apiErrors,
  formatDate,
  formatDateTime,
  VISIT_HONEYPOT_FIELD,
  type VisitPage,
  type VisitResult,
  visitFormSchema,
  visitMessages,
} from '@synergie/shared';
import { sql } from 'drizzle-orm';
import { escapeAttribute as attr, escapeText as text } from 'entities';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../context';
import { registerVisit, unsubscribeVisitor, visitPage, visitPath } from '../domain/visits';
import { AppError } from '../lib/errors';
import { withoutScripts } from '../lib/form-page';

/**
 * /groupes/{slug}/visiter served by the server (issue 30): the group's name, its next meeting and
 * the visitor's form written into the served HTML, so that it works before and without scripts. A
 * POST of the form (application/x-www-form-urlencoded, parsed by routes/page-forms.ts) registers
 * as the JSON API does and is answered by a page without scripts: the result, or the form again
 * with the French messages and what was typed. With scripts, the React route replaces the
 * served block (`#visite-servie`) with the same form through react-hook-form.
 */
export interface VisitPageOptions {
  ctx: AppContext;
  /** The SPA shell's HTML; undefined when the web app is not built (a bare page then). */
  shellHtml: () => string | undefined;
  sendHtml: (reply: FastifyReply, html: string, status: number) => FastifyReply;
}

export const VISIT_SERVED_ID = 'visite-servie';

const timeOf = (iso: string) => formatDateTime(new Date(iso)).split(' à ')[1] ?? '';
const inputClass =
  'h-10 w-full rounded-md border border-slate-300 bg-white px-3 text-sm text-slate-900 focus:outline-none focus:ring-2 focus:ring-blue-600';

interface FormState {
  values: Record<string, string>;
  errors: Record<string, string>;
  alert?: string;
}

function field(name: string, label: string, control: string, error?: string) {
  const id = `visite-${name}`;
  return `<div class="flex flex-col gap-1.5"><label class="text-sm font-medium text-slate-900" for="${id}">${text(label)}</label>${control}${
    error ? `<p id="${id}-error" class="text-sm font-medium text-red-700">${text(error)}</p>` : ''
  }</div>`;
}

function input(name: string, type: string, state: FormState, extra = '') {
  const id = `visite-${name}`;
  const error = state.errors[name];
  const value = state.values[name];
  return `<input id="${id}" name="${name}" type="${type}" class="${inputClass}"${value ? ` value="${attr(value)}"` : ''}${
    error ? ` aria-invalid="true" aria-describedby="${id}-error"` : ''
  }${extra}/>`;
}

function meetingBlock(page: VisitPage) {
  if (!page.meeting) return `<p class="text-slate-700">${text(visitMessages.noMeeting)}</p>`;
  const m = page.meeting;
  const visio = m.visioUrl
    ? `<br/><strong>${text(visitMessages.visio)}\u00a0:</strong> <a class="underline" href="${attr(m.visioUrl)}">${text(m.visioUrl)}</a>`
    : '';
  return `<p class="rounded-md border border-slate-200 bg-white p-4 text-slate-800"><strong>${text(visitMessages.nextMeeting)}\u00a0:</strong> ${text(
    `${formatDate(new Date(m.startsAt), 'full')} à ${timeOf(m.startsAt)}`,
  )}<br/><strong>Lieu\u00a0:</strong> ${text(m.place)}${visio}</p>`;
}

function formBlock(page: VisitPage, trades: { id: string; label: string }[], state: FormState, invite?: string) {
  const action = `${visitPath(page.group.slug)}${invite ? `?invite=${encodeURIComponent(invite)}` : ''}`;
  const selected = state.values.tradeId ?? '';
  const options = [`<option value="">Choisissez votre métier</option>`]
    .concat(
      trades.map(
        (t) => `<option value="${attr(t.id)}"${t.id === selected ? ' selected=""' : ''}>${text(t.label)}</option>`,
      ),
    )
    .join('');
  const tradeError = state.errors.tradeId;
  const consentError = state.errors.consent;
  const alert = state.alert
    ? `<div role="alert" class="rounded-md border border-red-200 bg-red-50 px-4 py-3 text-sm font-medium text-red-800">${text(state.alert)}</div>`
    : '';
  return `<form action="${attr(action)}" method="post" aria-label="Inscription à la réunion" class="flex flex-col gap-4" novalidate="">${alert}${field(
    'name',
    'Nom complet',
    input('name', 'text', state, ' autocomplete="name" required=""'),
    state.errors.name,
  )}${field(
    'tradeId',
    'Métier',
    `<select id="visite-tradeId" name="tradeId" class="${inputClass}"${tradeError ? ' aria-invalid="true" aria-describedby="visite-tradeId-error"' : ''}>${options}</select>`,
    tradeError,
  )}${field('company', 'Entreprise', input('company', 'text', state, ' autocomplete="organization"'), state.errors.company)}${field(
    'email',
    'Email',
    input('email', 'email', state, ' autocomplete="email" required=""'),
    state.errors.email,
  )}${field('phone', 'Téléphone', input('phone', 'tel', state, ' autocomplete="tel"'), state.errors.phone)}<div aria-hidden="true" class="hidden"><label for="visite-${VISIT_HONEYPOT_FIELD}">${text(
    visitMessages.honeypot,
  )}</label><input id="visite-${VISIT_HONEYPOT_FIELD}" name="${VISIT_HONEYPOT_FIELD}" type="text" tabindex="-1" autocomplete="off" value=""/></div><div class="flex flex-col gap-1.5"><label class="flex items-start gap-2 text-sm text-slate-800"><input type="checkbox" name="consent" value="on" class="mt-1"${
    state.values.consent ? ' checked=""' : ''
  }${consentError ? ' aria-invalid="true" aria-describedby="visite-consent-error"' : ''}/> ${text(visitMessages.consent)}</label>${
    consentError
      ? `<p id="visite-consent-error" class="text-sm font-medium text-red-700">${text(consentError)}</p>`
      : ''
  }</div><button type="submit" class="h-10 rounded-md bg-blue-700 px-4 text-sm font-semibold text-white">${text(visitMessages.submit)}</button></form>`;
}

function resultBlock(result: VisitResult) {
  const seat = result.seat.free
    ? visitMessages.seatFree(result.seat.tradeLabel)
    : `${visitMessages.seatHeld(result.seat.tradeLabel)} ${result.seat.nearestGroups.length ? visitMessages.seatElsewhere : visitMessages.seatNowhere}`;
  const nearest = result.seat.nearestGroups.length
    ? `<ul class="list-disc pl-6">${result.seat.nearestGroups
        .map(
          (g) => `<li><a class="underline" href="/groupes/${attr(g.slug)}">${text(`${g.name} (${g.city})`)}</a></li>`,
        )
        .join('')}</ul>`
    : '';
  const apply = result.apply
    ? `<p role="alert" class="rounded-md border border-amber-200 bg-amber-50 px-4 py-3 text-amber-900">${text(visitMessages.apply)} <a class="underline" href="${attr(result.applyUrl)}">${text(visitMessages.applyLink)}</a></p>`
    : '';
  return `<div role="status" class="rounded-md border border-green-200 bg-green-50 px-4 py-3 font-medium text-green-900">${text(
    result.alreadyRegistered ? visitMessages.alreadyRegistered : visitMessages.registered,
  )}</div>${apply}<p>${text(seat)}</p>${nearest}<p><a class="underline" href="${attr(result.icsUrl)}">${text(visitMessages.ics)}</a></p>`;
}

function section(page: VisitPage, body: string) {
  const invited = page.inviterName
    ? `<p class="text-slate-700">${text(visitMessages.invitedBy(page.inviterName))}</p>`
    : '';
  return `<section id="${VISIT_SERVED_ID}" class="mx-auto flex w-full max-w-xl flex-col gap-6 px-4 py-10"><h1 class="text-3xl font-bold tracking-tight text-slate-900">${text(
    visitMessages.pageTitle(page.group.name),
  )}</h1><p class="text-slate-700">${text(visitMessages.intro)}</p>${invited}${meetingBlock(page)}${body}</section>`;
}

/** The shell with the block first in its body (React skips it when hydrating; the route removes it). */
function inShell(shell: string | undefined, title: string, block: string, scripts: boolean): string {
  if (!shell) {
    return `<!doctype html><html lang="fr"><head><meta charset="utf-8"><title>${text(title)}</title></head><body><main id="contenu">${block}</main></body></html>`;
  }
  let html = scripts ? shell : withoutScripts(shell);
  html = html.replace(/<title>[^<]*<\/title>/, `<title>${text(title)}</title>`);
  if (!scripts) {
    // No React: the shell's loading message is replaced by the page.
    html = html.replace(
      /<div class="flex min-h-screen items-center justify-center" aria-busy="true">[\s\S]*?<\/div>/,
      '',
    );
  }
  return html.replace(/<body[^>]*>/, (tag) => `${tag}<main id="contenu" class="flex-1">${block}</main>`);
}

const tradesOf = async (ctx: AppContext) =>
  (await ctx.db.execute<{ id: string; label: string }>(sql`select id, label from trades order by label`)).rows;

/** The follow-up mails' unsubscribe page: a mail scanner opens links, so a click (a form) does it. */
export const VISIT_UNSUBSCRIBE_PATH = '/visite/desabonnement';

function unsubscribeBlock(jeton: string, message?: { text: string; role: 'status' | 'alert' }) {
  const notice = message
    ? `<div role="${message.role}" class="rounded-md border ${message.role === 'status' ? 'border-green-200 bg-green-50 text-green-900' : 'border-red-200 bg-red-50 text-red-800'} px-4 py-3 font-medium">${text(message.text)}</div>`
    : `<form action="${VISIT_UNSUBSCRIBE_PATH}" method="post"><input type="hidden" name="jeton" value="${attr(jeton)}"/><button type="submit" class="h-10 rounded-md bg-blue-700 px-4 text-sm font-semibold text-white">${text(visitMessages.unsubscribeConfirm)}</button></form>`;
  return `<section class="mx-auto flex w-full max-w-xl flex-col gap-6 px-4 py-10"><h1 class="text-3xl font-bold tracking-tight text-slate-900">${text(visitMessages.unsubscribeTitle)}</h1>${notice}</section>`;
}

export async function visitPageRoutes(app: FastifyInstance, { ctx, shellHtml, sendHtml }: VisitPageOptions) {
  app.get(VISIT_UNSUBSCRIBE_PATH, { schema: { hide: true }, config: { access: 'public' } }, async (request, reply) => {
    const { jeton } = request.query as { jeton?: unknown };
    const token = typeof jeton === 'string' ? jeton.slice(0, 2000) : '';
    return sendHtml(reply, inShell(shellHtml(), visitMessages.unsubscribeTitle, unsubscribeBlock(token), false), 200);
  });
  app.post(VISIT_UNSUBSCRIBE_PATH, { schema: { hide: true }, config: { access: 'public' } }, async (request, reply) => {
    const body = (request.body && typeof request.body === 'object' ? request.body : {}) as { jeton?: unknown };
    const token = typeof body.jeton === 'string' ? body.jeton.slice(0, 2000) : '';
    try {
      await unsubscribeVisitor(ctx, token);
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      const block = unsubscribeBlock(token, { text: error.message, role: 'alert' });
      return sendHtml(reply, inShell(shellHtml(), visitMessages.unsubscribeTitle, block, false), error.statusCode);
    }
    const block = unsubscribeBlock(token, { text: visitMessages.unsubscribed, role: 'status' });
    return sendHtml(reply, inShell(shellHtml(), visitMessages.unsubscribeTitle, block, false), 200);
  });

  const path = '/groupes/:slug/visiter';
  const read = async (request: FastifyRequest) => {
    const { slug } = request.params as { slug: string };
    const { invite } = request.query as { invite?: string };
    return { slug, invite: typeof invite === 'string' ? invite.slice(0, 2000) : undefined };
  };
  const notFound = (reply: FastifyReply) =>
    sendHtml(
      reply,
      inShell(shellHtml(), 'Groupe introuvable', `<p>${text(apiErrors.GROUP_NOT_FOUND.message)}</p>`, false),
      404,
    );

  app.get(path, { schema: { hide: true }, config: { access: 'public' } }, async (request, reply) => {
    const { slug, invite } = await read(request);
    let page: VisitPage;
    try {
      page = await visitPage(ctx, slug, invite);
    } catch (error) {
      if (error instanceof AppError && error.code === 'GROUP_NOT_FOUND') return notFound(reply);
      throw error;
    }
    const body = page.meeting ? formBlock(page, await tradesOf(ctx), { values: {}, errors: {} }, invite) : '';
    return sendHtml(
      reply,
      inShell(shellHtml(), visitMessages.pageTitle(page.group.name), section(page, body), true),
      200,
    );
  });

  app.post(path, { schema: { hide: true }, config: { access: 'public' } }, async (request, reply) => {
    const { slug, invite } = await read(request);
    let page: VisitPage;
    try {
      page = await visitPage(ctx, slug, invite);
    } catch (error) {
      if (error instanceof AppError && error.code === 'GROUP_NOT_FOUND') return notFound(reply);
      throw error;
    }
    const raw = (request.body && typeof request.body === 'object' ? request.body : {}) as Record<string, unknown>;
    const values: Record<string, string> = {};
    for (const name of ['name', 'email', 'phone', 'company', 'tradeId', 'consent'])
      if (typeof raw[name] === 'string') values[name] = raw[name] as string;
    const title = visitMessages.pageTitle(page.group.name);
    const again = async (status: number, state: FormState) =>
      sendHtml(
        reply,
        inShell(shellHtml(), title, section(page, formBlock(page, await tradesOf(ctx), state, invite)), false),
        status,
      );
    const parsed = visitFormSchema.safeParse(raw);
    if (!parsed.success) {
      const errors: Record<string, string> = {};
      for (const issue of parsed.error.issues) {
        const key = String(issue.path[0] ?? '');
        if (key && !(key in errors)) errors[key] = issue.message;
      }
      return again(400, { values, errors, alert: visitMessages.refused });
    }
    try {
      const result = await registerVisit(ctx, slug, parsed.data, { ip: request.ip, ...(invite ? { invite } : {}) });
      return sendHtml(reply, inShell(shellHtml(), title, section(page, resultBlock(result)), false), 201);
    } catch (error) {
      if (error instanceof AppError) {
        if (error.statusCode === 429) reply.header('retry-after', '60');
        return again(error.statusCode, { values, errors: {}, alert: error.message });
      }
      throw error;
    }
  });
}
