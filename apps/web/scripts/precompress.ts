import fs from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const COMPRESSIBLE = /\.(js|css|svg|json|xml|txt|webmanifest)$/;

/**
 * Writes a Brotli (.br) and a gzip (.gz) copy next to each script, style sheet and other text
 * file of the browser build, once, at build time (`buildEnd` in react-router.config.ts, so the
 * route manifest React Router writes after Vite's bundle is included): the server sends them to
 * browsers that accept them (@fastify/static `preCompressed`), about a third of the bytes on slow
 * mobile networks. HTML pages are compressed by the server when it loads them.
 */
export function precompress(clientDir: string): number {
  let files = 0;
  const candidates = (fs.readdirSync(clientDir, { recursive: true }) as string[]).filter((f) => COMPRESSIBLE.test(f));
  for (const file of candidates) {
    const target = path.join(clientDir, file);
    const body = fs.readFileSync(target);
    if (body.length < 1024) continue;
    fs.writeFileSync(`${target}.br`, brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
    fs.writeFileSync(`${target}.gz`, gzipSync(body, { level: 9 }));
    files += 1;
  }
  return files;
}
