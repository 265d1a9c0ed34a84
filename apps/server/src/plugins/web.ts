import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import fastifyStatic from '@fastify/static';
import {
  APP_SHELL_PATH,
  appPages,
  BUILD_SITE_URL,
  findRedirect,
  isPreviewHost,
  matchRoutePattern,
  NOT_FOUND_PAGE_PATH,
  SUBSCRIPTION_REQUIRED_QUERY,
  servedParts,
} from '@synergie/shared';
import { eventsQuerySchema } from '@synergie/shared/events';
import { SERVED_READS_ID } from '@synergie/shared/served-reads';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { AppContext } from '../context';
import { eventsListKey, listEventsJson } from '../domain/events/list';
import { networkFiguresCache } from '../domain/network-figures';
import { featuredTestimonialsJson } from '../domain/testimonials';
import { sendError } from '../lib/errors';
import { type EventsPageTemplate, eventListRenderer, eventsPageTemplate, fillEventsPage } from '../lib/events-page';
import { addNotice, withoutScripts } from '../lib/form-page';
import { fillHomeTestimonials, homeTestimonialsRenderer } from '../lib/home-testimonials-page';
import { type HeadTemplate, headTemplate, renderPageHead } from '../lib/html-head';
import { isAssetName, keepAssets, newVersionModule } from '../lib/kept-assets';
import { hasSessionCookie, servedReads } from '../lib/member-page';
import { fillNetworkFigures, NETWORK_FIGURES_PAGES } from '../lib/network-figures-page';
import { pageFormNotice, pageFormRoutes } from '../routes/page-forms';
import type { DynamicPageHead } from './page-heads';
import { buildCsp } from './security';

interface HtmlPage {
  body: Buffer;
  /** The same page compressed once, for browsers that accept it. */
  br: Buffer;
  gzip: Buffer;
  csp: string;
}

/** The best encoding the request accepts among br and gzip (a `;q=0` refuses it). */
function acceptedEncoding(header: string | string[] | undefined): 'br' | 'gzip' | undefined {
  const accepted = new Set(
    String(header ?? '')
      .split(',')
      .map((part) => part.trim().toLowerCase())
      .filter((part) => !/;\s*q=0(\.0*)?$/.test(part))
      .map((part) => part.split(';')[0]),
  );
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip')) return 'gzip';
  return undefined;
}

/**
 * React Router's prerendered pages carry a few inline scripts (hydration data and the module
 * loader). Rather than allowing inline scripts, each page's CSP lists the hashes of exactly the
 * scripts that page holds.
 */
function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  const re = /<script(?![^>]*\bsrc=)([^>]*)>([\s\S]*?)<\/script>/gi;
  for (const match of html.matchAll(re)) {
    const attrs = match[1] ?? '';
    const content = match[2] ?? '';
    if (/type=["']application\/(ld\+)?json["']/i.test(attrs) || content.length === 0) continue;
    hashes.add(`'sha256-${createHash('sha256').update(content, 'utf8').digest('base64')}'`);
  }
  return [...hashes];
}

/**
 * A prerendered page on this server's address: the build writes its absolute addresses (canonical
 * link, og:url, JSON-LD, `<html data-site-url>`) on BUILD_SITE_URL, replaced here by SITE_URL as
 * it is when the server starts, so one build is right wherever it is served.
 */
export function onSiteUrl(html: string, siteUrl: string): string {
  const escaped = BUILD_SITE_URL.replaceAll('/', '\\/');
  return html.replaceAll(BUILD_SITE_URL, siteUrl).replaceAll(escaped, siteUrl.replaceAll('/', '\\/'));
}

/**
 * Shows the parts of a page built hidden for the server to reveal (`data-served`, packages/
 * shared/src/site.ts servedParts): the preview banner on a preview host, the pricing page's
 * "subscription required" notice when the query asks for it.
 */
export function showServedParts(html: string, names: readonly string[]): string {
  if (names.length === 0) return html;
  return html.replace(/<[a-z]+\b[^>]*\bdata-served="([a-z-]+)"[^>]*>/g, (tag, name: string) =>
    names.includes(name) ? tag.replace(/\shidden(="")?(?=[\s/>])/, '') : tag,
  );
}

/** Which served parts a request shows: what the server knows and the prerendered page does not. */
export function servedPartsFor(hostname: string, pathname: string, search: URLSearchParams): string[] {
  const names: string[] = [];
  if (isPreviewHost(hostname)) names.push(servedParts.previewBanner);
  const notice = SUBSCRIPTION_REQUIRED_QUERY;
  if (pathname === notice.page && search.get(notice.param) === notice.value)
    names.push(servedParts.subscriptionRequired);
  return names;
}

function loadHtml(file: string, production: boolean, imgSources: string[], siteUrl: string): HtmlPage | undefined {
  if (!fs.existsSync(file)) return undefined;
  const body = Buffer.from(onSiteUrl(fs.readFileSync(file, 'utf8'), siteUrl), 'utf8');
  return {
    body,
    br: brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
    gzip: gzipSync(body, { level: 9 }),
    csp: buildCsp({ scriptHashes: inlineScriptHashes(body.toString('utf8')), imgSources, production }),
  };
}

export interface WebOptions {
  /** apps/web/build/client: the production build of the web app. */
  dir: string;
  production: boolean;
  /** SITE_URL: written into the prerendered pages in place of the build's stand-in. */
  siteUrl: string;
  /**
   * Where the hashed files of earlier builds are kept (lib/kept-assets.ts), DATA_DIR/web-assets;
   * without it a file missing from the build is a 404.
   */
  keptAssetsDir?: string;
  /** Origins of uploaded images when not this one (S3). */
  imgSources?: string[];
  /**
   * App pages whose served shell carries their own head (plugins/page-heads.ts), read with `ctx`.
   * A pattern whose head is null is a page that does not exist: the 404 page, status 404.
   */
  pageHeads?: readonly DynamicPageHead[];
  ctx?: AppContext;
  /**
   * The web app's renderer of the events list (apps/web/app/ssr/events-list.tsx), which /events
   * is served with (lib/events-page.ts); by default `../ssr/events-list.js` next to `dir`.
   */
  eventListModule?: string;
  /**
   * The web app's renderer of the home page's testimonials (apps/web/app/ssr/home-testimonials.tsx,
   * lib/home-testimonials-page.ts); by default `../ssr/home-testimonials.js` next to `dir`.
   */
  homeTestimonialsModule?: string;
  /** How long this instance keeps the network's figures (domain/network-figures.ts); 10 minutes by default. */
  networkFiguresMaxAgeMs?: number;
}

/** The service worker's file at the build's root (apps/web/scripts/service-worker.ts). */
const SERVICE_WORKER_FILE = 'sw.js';

/** The page whose lists the server writes in (lib/events-page.ts). */
const EVENTS_PAGE = '/events';

/** The values of a pattern's ':name' segments in a path that matches it (matchRoutePattern). */
function routeParams(pattern: string, path: string): Record<string, string> {
  const names = pattern.split('/').filter(Boolean);
  const values = path.split('/').filter(Boolean);
  const params: Record<string, string> = {};
  names.forEach((name, i) => {
    if (name.startsWith(':')) params[name.slice(1)] = values[i] ?? '';
  });
  return params;
}

export const webPlugin = fp(async (app: FastifyInstance, opts: WebOptions) => {
  const dir = path.resolve(opts.dir);
  const cache = new Map<string, HtmlPage | undefined>();
  const page = (file: string) => {
    if (!cache.has(file)) cache.set(file, loadHtml(file, opts.production, opts.imgSources ?? [], opts.siteUrl));
    return cache.get(file);
  };
  // A page with parts the server shows (servedPartsFor), kept beside the page it was made from.
  const variants = new WeakMap<HtmlPage, Map<string, HtmlPage>>();
  const withServedParts = (html: HtmlPage, names: string[]): HtmlPage => {
    if (names.length === 0) return html;
    const key = names.join(',');
    let kept = variants.get(html);
    if (!kept) {
      kept = new Map();
      variants.set(html, kept);
    }
    let variant = kept.get(key);
    if (!variant) {
      const body = Buffer.from(showServedParts(html.body.toString('utf8'), names), 'utf8');
      variant = {
        body,
        br: brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } }),
        gzip: gzipSync(body, { level: 6 }),
        csp: html.csp,
      };
      kept.set(key, variant);
    }
    return variant;
  };
  const partsOf = (reply: FastifyReply) => {
    const url = new URL(reply.request.url, 'http://localhost');
    return servedPartsFor(reply.request.hostname, url.pathname.replace(/\/+$/, '') || '/', url.searchParams);
  };
  const spaShell = path.join(dir, '__spa-fallback.html');
  const notFoundPage = path.join(dir, NOT_FOUND_PAGE_PATH, 'index.html');
  // The shell cut around its head, once (undefined: not read yet; null: no shell or no </head>).
  let shellTemplate: HeadTemplate | null | undefined;
  const template = (shell: HtmlPage) => {
    if (shellTemplate === undefined) shellTemplate = headTemplate(shell.body.toString('utf8'));
    return shellTemplate;
  };

  const sendPage = (reply: FastifyReply, prepared: HtmlPage, status: number) => {
    const html = withServedParts(prepared, partsOf(reply));
    const encoding = acceptedEncoding(reply.request.headers['accept-encoding']);
    if (encoding) reply.header('content-encoding', encoding);
    return reply
      .status(status)
      .header('content-type', 'text/html; charset=utf-8')
      .header('content-security-policy', html.csp)
      .header('cache-control', 'no-cache')
      .header('vary', 'accept-encoding')
      .send(encoding ? html[encoding] : html.body);
  };

  /** An HTML built for one request, compressed at a fast setting in what the browser accepts. */
  const compressForRequest = (reply: FastifyReply, html: string) => {
    const body = Buffer.from(html, 'utf8');
    const encoding = acceptedEncoding(reply.request.headers['accept-encoding']);
    if (encoding) reply.header('content-encoding', encoding);
    return encoding === 'br'
      ? brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } })
      : encoding === 'gzip'
        ? gzipSync(body, { level: 6 })
        : body;
  };

  /**
   * The shell with a page's own head: built per request (public data only, nothing cached),
   * compressed at a fast setting. Its CSP is the shell's: the tags added are no scripts but
   * JSON-LD, which a CSP does not govern (loadHtml skips it too).
   */
  const sendShellWithHead = (reply: FastifyReply, shell: HtmlPage, cut: HeadTemplate, head: string) =>
    sendShellBuilt(reply, shell, cut.before + head + cut.after, 'no-cache', 'accept-encoding');

  /** The shell made for one request (`html`), with the shell's CSP: its added parts are no scripts. */
  const sendShellBuilt = (reply: FastifyReply, shell: HtmlPage, html: string, cacheControl: string, vary: string) =>
    reply
      .status(200)
      .header('content-type', 'text/html; charset=utf-8')
      .header('content-security-policy', shell.csp)
      .header('cache-control', cacheControl)
      .header('vary', vary)
      .send(compressForRequest(reply, showServedParts(html, partsOf(reply))));

  /**
   * A page built for one request (a form's answer, a page with a message, routes/page-forms.ts):
   * compressed at a fast setting, its CSP from its own inline scripts, never cached (it may name
   * the member).
   */
  const sendHtml = (reply: FastifyReply, built: string, status: number) => {
    const html = showServedParts(built, partsOf(reply));
    const sent = compressForRequest(reply, html);
    const csp = buildCsp({
      scriptHashes: inlineScriptHashes(html),
      imgSources: opts.imgSources ?? [],
      production: opts.production,
    });
    return reply
      .status(status)
      .header('content-type', 'text/html; charset=utf-8')
      .header('content-security-policy', csp)
      .header('cache-control', 'no-store')
      .header('vary', 'accept-encoding')
      .send(sent);
  };
  /**
   * /events with the first page of both lists written in, for everyone a visitor's view; the
   * prerendered page as it is when the renderer or the database is missing (its scripts then load
   * the lists).
   */
  const renderer = eventListRenderer(opts.eventListModule ?? path.join(dir, '..', 'ssr', 'events-list.js'), (error) =>
    app.log.error({ err: error }, 'the events list renderer could not be loaded: /events is served without its lists'),
  );
  let eventsTemplate: EventsPageTemplate | null | undefined;
  // The last page written, kept while the visitor cache gives the same lists (the same strings).
  let lastEventsPage: { upcoming: string; past: string; page: HtmlPage } | undefined;
  const sendEventsPage = async (reply: FastifyReply, prerendered: HtmlPage) => {
    if (!opts.ctx) return sendPage(reply, prerendered, 200);
    const { db, visitorCache } = opts.ctx;
    let served: HtmlPage;
    try {
      const render = await renderer();
      if (eventsTemplate === undefined && render) {
        eventsTemplate = eventsPageTemplate(prerendered.body.toString('utf8'));
        if (!eventsTemplate) app.log.error('/events has no list regions to fill in: served as prerendered');
      }
      if (!render || !eventsTemplate) return sendPage(reply, prerendered, 200);
      // The same visitor's lists as GET /api/events answers, from the same cache.
      const visitorList = (when: 'upcoming' | 'past') => {
        const query = eventsQuerySchema.parse({ when });
        return visitorCache.get(eventsListKey(query), () => listEventsJson(db, null, query));
      };
      const [upcoming, past] = await Promise.all([visitorList('upcoming'), visitorList('past')]);
      if (lastEventsPage && lastEventsPage.upcoming === upcoming && lastEventsPage.past === past) {
        served = lastEventsPage.page;
      } else {
        const filled = fillEventsPage(eventsTemplate, render, upcoming, past);
        const body = Buffer.from(onSiteUrl(filled, opts.siteUrl), 'utf8');
        served = {
          body,
          br: brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } }),
          gzip: gzipSync(body, { level: 6 }),
          csp: prerendered.csp,
        };
        lastEventsPage = { upcoming, past, page: served };
      }
    } catch (error) {
      reply.request.log.error({ err: error }, 'the events page was served without its lists');
      return sendPage(reply, prerendered, 200);
    }
    return sendPage(reply, served, 200);
  };

  /**
   * `/` and `/groupes` with the network's figures written in (lib/network-figures-page.ts), from
   * this instance's cache (counted at most every 10 minutes); the prerendered page as it is (the
   * figures' block hidden) when the database cannot be read.
   */
  const figures = opts.ctx ? networkFiguresCache(opts.ctx.db, opts.networkFiguresMaxAgeMs) : undefined;
  const figurePages = new Map<string, { key: string; page: HtmlPage }>();
  // `/` also carries the published testimonials (issue 31), rendered by the web app's components.
  const testimonialsRenderer = homeTestimonialsRenderer(
    opts.homeTestimonialsModule ?? path.join(dir, '..', 'ssr', 'home-testimonials.js'),
    (error) => app.log.error({ err: error }, 'the testimonials renderer could not be loaded: / is served without them'),
  );
  const sendFiguresPage = async (reply: FastifyReply, pathname: string, prerendered: HtmlPage) => {
    if (!figures || !opts.ctx) return sendPage(reply, prerendered, 200);
    const ctx = opts.ctx;
    let served: HtmlPage;
    try {
      const counted = await figures.get();
      const renderTestimonials = pathname === '/' ? await testimonialsRenderer() : undefined;
      const testimonials = renderTestimonials ? await featuredTestimonialsJson(ctx) : '';
      const key = JSON.stringify(counted) + testimonials;
      const last = figurePages.get(pathname);
      if (last && last.key === key) {
        served = last.page;
      } else {
        let html = fillNetworkFigures(prerendered.body.toString('utf8'), counted);
        if (renderTestimonials) html = fillHomeTestimonials(html, renderTestimonials, testimonials);
        const body = Buffer.from(html, 'utf8');
        served = {
          body,
          br: brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } }),
          gzip: gzipSync(body, { level: 6 }),
          csp: prerendered.csp,
        };
        figurePages.set(pathname, { key, page: served });
      }
    } catch (error) {
      reply.request.log.error({ err: error }, 'the network figures could not be counted: page served without them');
      return sendPage(reply, prerendered, 200);
    }
    return sendPage(reply, served, 200);
  };

  /**
   * A member page: for a request with a session cookie, the shell with the page's first reads
   * written in (lib/member-page.ts, never kept by a cache); the shell as it is otherwise.
   */
  const sendMemberPage = async (reply: FastifyReply, shell: HtmlPage, pathname: string) => {
    const reads =
      opts.ctx && hasSessionCookie(reply.request) ? await servedReads(app, reply.request, pathname) : undefined;
    if (!reads) return sendPage(reply, shell, 200);
    if (reads.setCookies.length > 0) reply.header('set-cookie', reads.setCookies);
    if (!reads.json) return sendPage(reply, shell, 200);
    const html = shell.body.toString('utf8');
    const end = html.lastIndexOf('</body>');
    const data = `<script type="application/json" id="${SERVED_READS_ID}">${reads.json}</script>`;
    const filled = end < 0 ? html + data : html.slice(0, end) + data + html.slice(end);
    return sendShellBuilt(reply, shell, filled, 'private, no-store', 'accept-encoding, cookie');
  };

  // The previous builds' files, for tabs opened before a deployment (lib/kept-assets.ts).
  const assetsDir = path.join(dir, 'assets');
  if (opts.keptAssetsDir) {
    const kept = keepAssets(assetsDir, opts.keptAssetsDir);
    app.log.debug({ kept: kept.kept, removed: kept.removed }, 'assets of earlier builds kept');
  }
  const sendKeptAsset = async (request: FastifyRequest, reply: FastifyReply, name: string) => {
    const keptDir = opts.keptAssetsDir;
    if (keptDir && isAssetName(name)) {
      const file = path.join(keptDir, name);
      const encoding = acceptedEncoding(request.headers['accept-encoding']);
      const compressed = encoding ? `${file}.${encoding === 'br' ? 'br' : 'gz'}` : undefined;
      const chosen = compressed && fs.existsSync(compressed) ? compressed : fs.existsSync(file) ? file : undefined;
      if (chosen) {
        if (chosen !== file) reply.header('content-encoding', encoding);
        const type = name.endsWith('.js')
          ? 'text/javascript; charset=utf-8'
          : name.endsWith('.css')
            ? 'text/css; charset=utf-8'
            : 'application/octet-stream';
        return reply
          .status(200)
          .type(type)
          .header('cache-control', 'public, max-age=31536000, immutable')
          .header('vary', 'accept-encoding')
          .send(fs.createReadStream(chosen));
      }
    }
    // A script a page of a build gone for good asks for: say so, never a reload loop.
    if (name.endsWith('.js') && ['script', 'empty', undefined].includes(request.headers['sec-fetch-dest'] as string)) {
      return reply
        .status(200)
        .type('text/javascript; charset=utf-8')
        .header('cache-control', 'no-store')
        .send(newVersionModule());
    }
    return reply.status(404).type('text/plain; charset=utf-8').send('Fichier introuvable');
  };

  const prerenderedHtml = (pathname: string) => page(path.join(dir, pathname, 'index.html'))?.body.toString('utf8');

  // The public pages' forms, posted without scripts (docs/decisions/0012).
  const shellHtml = () => page(spaShell)?.body.toString('utf8');
  if (opts.ctx) await app.register(pageFormRoutes, { ctx: opts.ctx, pageHtml: prerenderedHtml, sendHtml, shellHtml });

  await app.register(fastifyStatic, {
    root: dir,
    prefix: '/',
    index: false,
    redirect: false,
    wildcard: true,
    // The .br and .gz copies the build writes next to scripts and styles (apps/web/vite.config.ts).
    preCompressed: true,
    // HTML goes through the page handler below, which sets its CSP.
    allowedPath: (pathname) => !pathname.endsWith('.html') && !pathname.endsWith('/') && !pathname.startsWith('/api/'),
    setHeaders(res, filePath) {
      const immutable = filePath.startsWith(path.join(dir, 'assets') + path.sep);
      // The service worker is checked at every visit: a new build reaches installed apps at once.
      const checked = filePath.startsWith(path.join(dir, SERVICE_WORKER_FILE));
      res.header(
        'cache-control',
        immutable ? 'public, max-age=31536000, immutable' : checked ? 'no-cache' : 'public, max-age=3600',
      );
    },
  });

  app.setNotFoundHandler(async (request, reply) => {
    const url = new URL(request.url, 'http://localhost');
    const pathname = decodeURIComponent(url.pathname);
    if (pathname.startsWith('/api/') || pathname === '/api' || !['GET', 'HEAD'].includes(request.method)) {
      return sendError(reply, 'NOT_FOUND');
    }
    if (pathname.startsWith('/assets/')) return sendKeptAsset(request, reply, pathname.slice('/assets/'.length));
    const target = findRedirect(pathname);
    if (target) return reply.redirect(target + url.search, 301);

    const clean = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
    // The shell by its own address, for the service worker's precache (docs/decisions/0018).
    if (clean === APP_SHELL_PATH) {
      const shell = page(spaShell);
      if (shell) return sendPage(reply, shell, 200);
    }
    if (!clean.includes('..') && !clean.startsWith(`${NOT_FOUND_PAGE_PATH}`)) {
      const prerendered = page(path.join(dir, clean, 'index.html'));
      if (prerendered && url.search) {
        // Where a form posted without scripts lands: the page says what happened.
        const notice = await pageFormNotice(request, clean);
        if (notice) {
          const html = addNotice(
            withoutScripts(prerendered.body.toString('utf8')),
            notice.message,
            notice.role,
            notice.link,
          );
          return sendHtml(reply, html, 200);
        }
      }
      if (prerendered && clean === EVENTS_PAGE) return sendEventsPage(reply, prerendered);
      if (prerendered && NETWORK_FIGURES_PAGES.includes(clean)) return sendFiguresPage(reply, clean, prerendered);
      if (prerendered) return sendPage(reply, prerendered, 200);
      if (appPages.some((pattern) => matchRoutePattern(pattern, clean))) {
        const shell = page(spaShell);
        const dynamic = opts.pageHeads?.find((entry) => matchRoutePattern(entry.pattern, clean));
        if (shell && dynamic && opts.ctx) {
          const head = await dynamic.head(routeParams(dynamic.pattern, clean), opts.ctx);
          const cut = head ? template(shell) : null;
          if (head && cut) return sendShellWithHead(reply, shell, cut, renderPageHead(head));
          if (head) return sendPage(reply, shell, 200);
        } else if (shell) return sendMemberPage(reply, shell, clean);
      }
    }
    const missing = page(notFoundPage) ?? page(spaShell);
    if (missing) return sendPage(reply, missing, 404);
    return reply.status(404).type('text/plain; charset=utf-8').send('Page introuvable');
  });
});
