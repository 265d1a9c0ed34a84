#!/usr/bin/env node
/**
 * The installed app's icons (issue 28, web app manifest), drawn from the site's logo
 * (public/favicon.svg, itself drawn by generate-images.mjs) and written into public/icons. The
 * outputs are committed; run this again only when the logo changes:
 *
 *   node apps/web/scripts/generate-app-icons.mjs
 *
 * - `icon-<size>.png`: the logo as it is (rounded tile, transparent corners), purpose "any".
 * - `maskable-<size>.png`: the tile filling the square and the mark inside the safe zone (the
 *   inner circle of 80 %), purpose "maskable": Android cuts it to its own shape.
 * The apple-touch-icon (180 px, a full square: iOS rounds it itself) is generate-images.mjs's.
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';

const PUBLIC_DIR = path.resolve(import.meta.dirname, '../public');
const ICONS_DIR = path.join(PUBLIC_DIR, 'icons');
/** Every size the manifest lists (public/manifest.webmanifest; its test checks both agree). */
const ANY_SIZES = [48, 72, 96, 128, 144, 152, 192, 256, 384, 512];
const MASKABLE_SIZES = [192, 512];

const logo = await readFile(path.join(PUBLIC_DIR, 'favicon.svg'), 'utf8');
const viewBox = /viewBox="0 0 (\d+) (\d+)"/.exec(logo);
const defs = /<defs>[\s\S]*?<\/defs>/.exec(logo);
// The tile is the first <rect>; the mark is everything drawn after it.
const mark = /<rect\b[^>]*\/>([\s\S]*)<\/svg>/.exec(logo);
if (!viewBox || !defs || !mark) throw new Error('public/favicon.svg: viewBox, <defs> or the tile not found');
const side = Number(viewBox[1]);
const half = side / 2;

/** The tile square to its edges, the mark scaled down around the centre into the safe zone. */
const maskable = `<svg xmlns="http://www.w3.org/2000/svg" width="${side}" height="${side}" viewBox="0 0 ${side} ${side}">${defs[0]}<rect width="${side}" height="${side}" fill="url(#bg)"/><g transform="translate(${half} ${half}) scale(0.8) translate(-${half} -${half})">${mark[1]}</g></svg>`;

const png = (markup, size) =>
  sharp(Buffer.from(markup), { density: Math.ceil((72 * size) / side) })
    .resize(size, size)
    .png({ compressionLevel: 9, palette: true, quality: 90 })
    .toBuffer();

await mkdir(ICONS_DIR, { recursive: true });
for (const size of ANY_SIZES) {
  const file = path.join(ICONS_DIR, `icon-${size}.png`);
  const data = await png(logo, size);
  await writeFile(file, data);
  process.stdout.write(`icons/icon-${size}.png`.padEnd(30) + `${(data.length / 1024).toFixed(1)} Ko\n`);
}
for (const size of MASKABLE_SIZES) {
  const file = path.join(ICONS_DIR, `maskable-${size}.png`);
  const data = await png(maskable, size);
  await writeFile(file, data);
  process.stdout.write(`icons/maskable-${size}.png`.padEnd(30) + `${(data.length / 1024).toFixed(1)} Ko\n`);
}
