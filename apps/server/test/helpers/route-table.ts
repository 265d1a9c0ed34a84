import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { RouteOptions } from 'fastify';
import sharp from 'sharp';
import { afterAll } from 'vitest';
import { accessRule, type RouteAccess } from '../../src/plugins/access';
import { authorizationMatrix } from '../authorization-matrix';
import { createTestApp, type TestApp } from './app';
import { ORIGIN } from './auth';

export interface TableRoute {
  /** "GET /api/services", "GET,POST /api/auth/*": methods as registered, HEAD left out. */
  key: string;
  methods: string[];
  url: string;
  /** The route validates a body / a query string / path params with a schema. */
  hasBody: boolean;
  hasQuery: boolean;
  /** Who may call it, as the route declares (plugins/access.ts; set for every route). */
  access: RouteAccess;
}

/**
 * Records an app's route table as Fastify builds it, with each route's access declaration: pass
 * `onRoute` to buildApp / createTestApp. HEAD routes are Fastify's automatic mirrors of GET
 * routes (or a plugin's HEAD next to its GET): left out.
 */
export function routeRecorder() {
  const routes = new Map<string, TableRoute>();
  const onRoute = (route: RouteOptions) => {
    const methods = (Array.isArray(route.method) ? route.method : [route.method])
      .map((m) => String(m).toUpperCase())
      .filter((m) => m !== 'HEAD');
    if (methods.length === 0) return;
    const key = `${methods.join(',')} ${route.url}`;
    const schema = (route.schema ?? {}) as { body?: unknown; querystring?: unknown };
    const access = route.config?.access;
    if (access === undefined) throw new Error(`${key}: no access declaration reached the route table`);
    routes.set(key, {
      key,
      methods,
      url: route.url,
      hasBody: Boolean(schema.body),
      hasQuery: Boolean(schema.querystring),
      access,
    });
  };
  return { onRoute, routes: () => [...routes.values()] };
}

/**
 * A test app that serves a small stand-in web build (so the web catch-all route exists) and
 * records its own route table (routeRecorder).
 */
export async function createAppWithRouteTable(env: Record<string, string> = {}) {
  const webDir = fs.mkdtempSync(path.join(os.tmpdir(), 'synergie-web-'));
  const page = (title: string) =>
    `<!doctype html><html lang="fr"><head><title>${title}</title></head><body><h1>${title}</h1></body></html>`;
  fs.writeFileSync(path.join(webDir, 'index.html'), page('Accueil'));
  fs.writeFileSync(path.join(webDir, '__spa-fallback.html'), page('Chargement'));
  afterAll(() => fs.rmSync(webDir, { recursive: true, force: true }));

  const { onRoute, routes } = routeRecorder();
  const t = await createTestApp({ webDir, env, onRoute });
  return { t, routes: routes() };
}

/** An id no row has: a subscriber's call to a gated route with it answers 404, never 401/403. */
export const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';

export interface GatedCall {
  key: string;
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  url: string;
  body?: Record<string, unknown>;
}

/**
 * Every route of the table declared for subscribers, as a call: ids unknown, the body of its
 * authorization matrix entry (a valid one, so that a subscriber is not answered 400).
 */
export function subscriberCalls(routes: TableRoute[]): GatedCall[] {
  return routes
    .filter((route) => accessRule(route.access).level === 'subscriber')
    .map((route) => {
      const entry = authorizationMatrix.find((e) => `${e.method} ${e.route}` === route.key);
      const body = entry && typeof entry.body === 'object' ? entry.body : undefined;
      return {
        key: route.key,
        method: (route.methods[0] ?? 'GET') as GatedCall['method'],
        url: route.url.replace(/:\w+/g, UNKNOWN_ID),
        body: body ?? (route.methods[0] === 'GET' ? undefined : {}),
      };
    });
}

/** A small real PNG, as a browser uploads it. */
export const smallPng = () =>
  sharp({ create: { width: 64, height: 48, channels: 3, background: { r: 30, g: 120, b: 60 } } })
    .png()
    .toBuffer();

/** POST a file as multipart/form-data (field "file") with the cookies of `jar`. */
export async function uploadFile(
  t: TestApp,
  url: string,
  jar: { header(): string } | null,
  file: { body: Buffer; filename: string; type: string },
  remoteAddress: string,
) {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(file.body)], { type: file.type }), file.filename);
  const encoded = new Response(form);
  return t.app.inject({
    method: 'POST',
    url,
    headers: { origin: ORIGIN, cookie: jar?.header() ?? '', 'content-type': encoded.headers.get('content-type') ?? '' },
    payload: Buffer.from(await encoded.arrayBuffer()),
    remoteAddress,
  });
}

/**
 * Opens an event stream (text/event-stream) and answers as soon as its head is written: a refusal
 * with its body, a 200 with its head only, the stream then closed (it never ends by itself).
 */
export async function openStream(t: TestApp, url: string, jar: { header(): string } | null) {
  const res = await t.app.inject({
    method: 'GET',
    url,
    headers: { origin: ORIGIN, cookie: jar?.header() ?? '' },
    payloadAsStream: true,
  });
  const stream = res.stream();
  if (res.statusCode === 200) {
    stream.destroy();
    return { statusCode: res.statusCode, headers: res.headers, body: '' };
  }
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk));
  return { statusCode: res.statusCode, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') };
}
