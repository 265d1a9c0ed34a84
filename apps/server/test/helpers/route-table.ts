import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { RouteOptions } from 'fastify';
import sharp from 'sharp';
import { afterAll } from 'vitest';
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
}

/**
 * A test app that serves a small stand-in web build (so the web catch-all route exists) and
 * records its own route table as Fastify builds it. HEAD routes are Fastify's automatic mirrors
 * of GET routes (or a plugin's HEAD next to its GET): left out.
 */
export async function createAppWithRouteTable(env: Record<string, string> = {}) {
  const webDir = fs.mkdtempSync(path.join(os.tmpdir(), 'synergie-web-'));
  const page = (title: string) =>
    `<!doctype html><html lang="fr"><head><title>${title}</title></head><body><h1>${title}</h1></body></html>`;
  fs.writeFileSync(path.join(webDir, 'index.html'), page('Accueil'));
  fs.writeFileSync(path.join(webDir, '__spa-fallback.html'), page('Chargement'));
  afterAll(() => fs.rmSync(webDir, { recursive: true, force: true }));

  const routes = new Map<string, TableRoute>();
  const onRoute = (route: RouteOptions) => {
    const methods = (Array.isArray(route.method) ? route.method : [route.method])
      .map((m) => String(m).toUpperCase())
      .filter((m) => m !== 'HEAD');
    if (methods.length === 0) return;
    const key = `${methods.join(',')} ${route.url}`;
    const schema = (route.schema ?? {}) as { body?: unknown; querystring?: unknown };
    routes.set(key, {
      key,
      methods,
      url: route.url,
      hasBody: Boolean(schema.body),
      hasQuery: Boolean(schema.querystring),
    });
  };
  const t = await createTestApp({ webDir, env, onRoute });
  return { t, routes: [...routes.values()] };
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
