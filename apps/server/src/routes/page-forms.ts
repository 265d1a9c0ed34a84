import {
  apiErrors,
  authMessages,
  contactMessages,
  contactSchema,
  EMAIL_VERIFIED_PATH,
  outcomeUrl,
  type PageForm,
  pageFormMessages,
  pageFormOutcomes,
  pageFormPaths,
  resetRequestSchema,
  signInSchema,
  signUpSchema,
} from '@synergie/shared';
import { escapeText } from 'entities';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { CLIENT_IP_HEADER } from '../auth/auth';
import { frenchAuthMessage } from '../auth/messages';
import type { AppContext } from '../context';
import { sendContactMessage } from '../domain/contact';
import { AppError } from '../lib/errors';
import { fillForm, withoutScripts } from '../lib/form-page';
import { visitPageRoutes } from './visit-page';

/**
 * The public pages' forms posted without scripts (issue 20, docs/decisions/0012): POST /contact,
 * POST /auth, POST /auth/inscription and POST /reset-password, the forms' own `action`. Each reads the form's fields
 * (application/x-www-form-urlencoded; JSON is read too), checks them with the same shared schema
 * as the page's React form, does what the JSON API does, then:
 * - done: 303 to a page that says so (pageFormOutcomes), the session cookie set after a sign-in;
 * - refused: the page again (its status says why: 400, 401, 403, 409, 429...), with the French
 *   messages where React would show them and what was typed (never the password), no scripts.
 * Cross-site posts are refused by plugins/security.ts (Origin, or Sec-Fetch-Site, must be the
 * site's own), before anything here runs.
 */
export interface PageFormOptions {
  ctx: AppContext;
  /** The prerendered HTML of a page of the web build, by path; undefined when not built. */
  pageHtml: (pathname: string) => string | undefined;
  /** Sends a page built per request (its CSP from its own inline scripts, never cached). */
  sendHtml: (reply: FastifyReply, html: string, status: number) => FastifyReply;
  /** The SPA shell's HTML (the visitors' page is written into it, routes/visit-page.ts). */
  shellHtml?: () => string | undefined;
}

type Fields = Record<string, string>;

interface Refusal {
  status: number;
  alert: string;
  errors?: Fields;
  values?: Fields;
}

/** The form's fields as strings (a JSON body's non-string values are left for the schema to refuse). */
function fieldsOf(body: unknown): Record<string, unknown> {
  return body && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : {};
}

/** What was typed, as strings, to write back into the page (passwords are dropped by fillForm). */
function typedValues(body: Record<string, unknown>, names: readonly string[]): Fields {
  const values: Fields = {};
  for (const name of names) {
    const value = body[name];
    if (typeof value === 'string') values[name] = value;
  }
  return values;
}

/** The schema's first message per field: the same messages the React form shows. */
function fieldErrors(error: z.ZodError): Fields {
  const errors: Fields = {};
  for (const issue of error.issues) {
    const key = String(issue.path[0] ?? '');
    if (key && !(key in errors)) errors[key] = issue.message;
  }
  return errors;
}

/** A minimal page when the web build is missing (API-only servers, tests without pages). */
function barePage(path: string, alert: string, errors: Fields): string {
  const items = Object.values(errors)
    .map((message) => `<li>${escapeText(message)}</li>`)
    .join('');
  return `<!doctype html><html lang="fr"><head><meta charset="utf-8"><title>Formulaire refusé</title></head><body><main><div role="alert"><p>${escapeText(alert)}</p>${items ? `<ul>${items}</ul>` : ''}</div><p><a href="${path}">Revenir au formulaire</a></p></main></body></html>`;
}

/** Better Auth's own endpoint, called as the page's script would call it (hooks, limits, cookies). */
async function callAuth(ctx: AppContext, request: FastifyRequest, endpoint: string, body: Record<string, unknown>) {
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    origin: ctx.env.SITE_URL,
    [CLIENT_IP_HEADER]: request.ip,
  };
  // The referral link's cookie (a sign-up names its sponsor) and the current session, if any.
  if (request.headers.cookie) headers.cookie = request.headers.cookie;
  if (request.headers['user-agent']) headers['user-agent'] = request.headers['user-agent'];
  const response = await ctx.auth.handler(
    new Request(`${ctx.env.SITE_URL}/api/auth${endpoint}`, { method: 'POST', headers, body: JSON.stringify(body) }),
  );
  const json = (await response.json().catch(() => null)) as Record<string, unknown> | null;
  return { response, json: json ?? {} };
}

/** Refusal of a Better Auth call: its status and its message in French (as plugins/auth.ts answers). */
function authRefusal(response: Response, json: Record<string, unknown>): Refusal {
  if (response.status >= 500) return { status: 503, alert: apiErrors.UNAVAILABLE.message };
  const code = typeof json.code === 'string' ? json.code : undefined;
  const message = typeof json.message === 'string' ? json.message : undefined;
  return { status: response.status, alert: frenchAuthMessage(code, response.status, message) };
}

export async function pageFormRoutes(app: FastifyInstance, { ctx, pageHtml, sendHtml, shellHtml }: PageFormOptions) {
  // A browser posts a form as application/x-www-form-urlencoded; JSON stays readable (Fastify's own).
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 16 * 1024 },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
  );

  const refuse = (reply: FastifyReply, form: PageForm, refusal: Refusal) => {
    const path = pageFormPaths[form];
    const html = pageHtml(path);
    const errors = refusal.errors ?? {};
    const page = html
      ? fillForm(withoutScripts(html), { action: path, values: refusal.values ?? {}, errors, alert: refusal.alert })
      : barePage(path, refusal.alert, errors);
    return sendHtml(reply, page, refusal.status);
  };

  // What fails before a handler answers (a cross-site post, a rate limit, an unreadable body):
  // the page again with the French message, never a JSON error in front of a visitor.
  const formOf = (request: FastifyRequest): PageForm =>
    (Object.entries(pageFormPaths).find(([, path]) => request.url.split('?')[0] === path)?.[0] as PageForm) ??
    'contact';
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const form = formOf(request);
    if (error instanceof AppError) {
      const alert = error.code === 'INVALID_ORIGIN' ? pageFormMessages.forbidden : error.message;
      if (error.statusCode === 429 && !reply.hasHeader('retry-after')) reply.header('retry-after', '60');
      return refuse(reply, form, { status: error.statusCode, alert });
    }
    if (error.statusCode === 429) return refuse(reply, form, { status: 429, alert: apiErrors.RATE_LIMITED.message });
    if (error.statusCode === 413)
      return refuse(reply, form, { status: 413, alert: apiErrors.PAYLOAD_TOO_LARGE.message });
    if (error.statusCode === 415) {
      return refuse(reply, form, { status: 415, alert: apiErrors.UNSUPPORTED_MEDIA_TYPE.message });
    }
    if (error.statusCode && error.statusCode < 500) {
      return refuse(reply, form, { status: 400, alert: apiErrors.BAD_REQUEST.message });
    }
    request.log.error({ err: error }, 'form posted without scripts failed');
    return refuse(reply, form, { status: 500, alert: apiErrors.INTERNAL.message });
  });

  // The visitors' page (issue 30): its GET and its form, in this context (same body parser).
  await visitPageRoutes(app, { ctx, sendHtml, shellHtml: shellHtml ?? (() => undefined) });

  app.post(
    pageFormPaths.contact,
    {
      schema: { hide: true },
      // The JSON API's limit (routes/contact.ts), counted for this route on its own.
      config: { access: 'public', rateLimit: { max: ctx.env.CONTACT_RATE_LIMIT, timeWindow: '10 minutes' } },
    },
    async (request, reply) => {
      const body = fieldsOf(request.body);
      const values = typedValues(body, ['name', 'email', 'message']);
      const parsed = contactSchema.safeParse(body);
      if (!parsed.success) {
        return refuse(reply, 'contact', {
          status: 400,
          alert: pageFormMessages.refused,
          errors: fieldErrors(parsed.error),
          values,
        });
      }
      await sendContactMessage(ctx, parsed.data, request.ip);
      return reply.redirect(outcomeUrl('contactSent'), 303);
    },
  );

  app.post(pageFormPaths.signIn, { schema: { hide: true }, config: { access: 'public' } }, async (request, reply) => {
    const body = fieldsOf(request.body);
    const values = typedValues(body, ['email']);
    const parsed = signInSchema.safeParse(body);
    if (!parsed.success) {
      return refuse(reply, 'signIn', {
        status: 400,
        alert: pageFormMessages.refused,
        errors: fieldErrors(parsed.error),
        values,
      });
    }
    const { response, json } = await callAuth(ctx, request, '/sign-in/email', {
      email: parsed.data.email,
      password: parsed.data.password,
    });
    if (!response.ok) return refuse(reply, 'signIn', { ...authRefusal(response, json), values });
    await ctx.sessionCache.clear();
    const cookies = response.headers.getSetCookie();
    if (cookies.length > 0) reply.header('set-cookie', cookies);
    reply.header('cache-control', 'no-store');
    // Password right, second factor asked: its step needs the page's scripts.
    const outcome = json.twoFactorRedirect ? 'secondFactor' : 'signedIn';
    return reply.redirect(outcomeUrl(outcome), 303);
  });

  app.post(pageFormPaths.signUp, { schema: { hide: true }, config: { access: 'public' } }, async (request, reply) => {
    const body = fieldsOf(request.body);
    const values = typedValues(body, ['fullName', 'email']);
    const parsed = signUpSchema.safeParse(body);
    if (!parsed.success) {
      return refuse(reply, 'signUp', {
        status: 400,
        alert: pageFormMessages.refused,
        errors: fieldErrors(parsed.error),
        values,
      });
    }
    // As the React form (features/auth/api/sign-up.ts): the verification link leads to
    // `Aujourd'hui`, which says `Adresse confirmée` (issue 31).
    const { response, json } = await callAuth(ctx, request, '/sign-up/email', {
      name: parsed.data.fullName,
      email: parsed.data.email,
      password: parsed.data.password,
      callbackURL: EMAIL_VERIFIED_PATH,
    });
    if (!response.ok) return refuse(reply, 'signUp', { ...authRefusal(response, json), values });
    // No session: the verification link signs the new member in (the referral cookie is cleared).
    const cookies = response.headers.getSetCookie();
    if (cookies.length > 0) reply.header('set-cookie', cookies);
    reply.header('cache-control', 'no-store');
    return reply.redirect(outcomeUrl('signedUp'), 303);
  });

  app.post(
    pageFormPaths.resetRequest,
    { schema: { hide: true }, config: { access: 'public' } },
    async (request, reply) => {
      const body = fieldsOf(request.body);
      const values = typedValues(body, ['email']);
      const parsed = resetRequestSchema.safeParse(body);
      if (!parsed.success) {
        return refuse(reply, 'resetRequest', {
          status: 400,
          alert: pageFormMessages.refused,
          errors: fieldErrors(parsed.error),
          values,
        });
      }
      // As the React form (features/auth/api/request-password-reset.ts): the link leads to /update-password.
      const { response, json } = await callAuth(ctx, request, '/request-password-reset', {
        email: parsed.data.email,
        redirectTo: '/update-password',
      });
      if (!response.ok) return refuse(reply, 'resetRequest', { ...authRefusal(response, json), values });
      return reply.redirect(outcomeUrl('resetRequested'), 303);
    },
  );
}

/** The reset request's answer, as the React form shows it. */
const RESET_REQUESTED = `${authMessages.resetSent}. ${authMessages.resetSentDetail}`;

/**
 * The message a prerendered page carries when a form posted without scripts lands on it
 * (pageFormOutcomes): null when the address carries no such flag, or the flag does not apply (a
 * "signed in" flag without a session says nothing).
 */
export async function pageFormNotice(
  request: FastifyRequest,
  pathname: string,
): Promise<{ message: string; role: 'status' | 'alert'; link?: { href: string; text: string } } | null> {
  const query = new URL(request.url, 'http://localhost').searchParams;
  const flagged = (outcome: keyof typeof pageFormOutcomes) =>
    pageFormOutcomes[outcome].path === pathname && query.has(pageFormOutcomes[outcome].flag);
  if (flagged('contactSent')) return { message: contactMessages.success, role: 'status' };
  if (flagged('secondFactor')) {
    // This answer has no scripts: the link leads to the page as built, where the code is entered.
    const link = { href: pageFormPaths.signIn, text: pageFormMessages.signInAgain };
    return { message: pageFormMessages.secondFactor, role: 'alert', link };
  }
  if (flagged('resetRequested')) return { message: RESET_REQUESTED, role: 'status' };
  // A sign-up signs nobody in and says the same whether or not the address had an account.
  if (flagged('signedUp')) return { message: pageFormMessages.signedUp, role: 'status' };
  if (flagged('signedIn')) {
    const user = await request.getUser();
    if (!user) return null;
    return {
      message: `${pageFormMessages.signedIn(user.name)} ${pageFormMessages.memberAreaNeedsScripts}`,
      role: 'status',
    };
  }
  return null;
}
