#!/usr/bin/env node
/**
 * Draws the artwork shipped with the site (docs/product/decisions.md "Pictures and fixed content": no image is
 * ever loaded from another site) and writes it into apps/web/public. The outputs are committed;
 * run this again only to change the artwork:
 *
 *   node apps/web/scripts/generate-images.mjs
 *
 * Everything is plain SVG built from geometric shapes, so the output is deterministic. Event
 * categories stay SVG (their paths are stored by a database migration); the rest is rasterised
 * by sharp to WebP (card pictures and logos), PNG (icons, logo, social image) or ICO.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';

const PUBLIC_DIR = path.resolve(import.meta.dirname, '../public');
const IMAGES_DIR = path.join(PUBLIC_DIR, 'images');

const BRAND = { blue: '#1d4ed8', blueDark: '#1e40af', navy: '#1e3a8a', orange: '#ea580c', amber: '#f59e0b' };
// Shipped SVGs are drawn by the visitor's browser: the same system fonts as the site.
const WEB_FONT = "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif";
// Rasterised images are drawn here by librsvg: fonts present on the build machine.
const RASTER_FONT = "'Liberation Sans', Arial, 'DejaVu Sans', sans-serif";

// ---------------------------------------------------------------------------------------------
// Small SVG helpers

const svg = (width, height, body, title) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}"${
    title ? ` role="img" aria-label="${escapeXml(title)}"` : ''
  }>${title ? `<title>${escapeXml(title)}</title>` : ''}${body}</svg>`;

function escapeXml(text) {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}

const linear = (id, stops, x2 = 1, y2 = 1) =>
  `<linearGradient id="${id}" x1="0" y1="0" x2="${x2}" y2="${y2}">${stops
    .map((color, i) => `<stop offset="${i / (stops.length - 1)}" stop-color="${color}"/>`)
    .join('')}</linearGradient>`;

/** Soft translucent circles that give every background some depth. */
function bokeh(width, height) {
  return [
    `<circle cx="${width * 0.08}" cy="${height * 0.12}" r="${height * 0.32}" fill="#fff" opacity="0.07"/>`,
    `<circle cx="${width * 0.95}" cy="${height * 0.98}" r="${height * 0.45}" fill="#fff" opacity="0.06"/>`,
    `<circle cx="${width * 0.62}" cy="${height * 0.05}" r="${height * 0.12}" fill="#fff" opacity="0.05"/>`,
  ].join('');
}

/** A faint dot grid, clipped to a rectangle. */
function dotGrid(id, x, y, w, h, gap = 28, opacity = 0.16) {
  return `<pattern id="${id}" width="${gap}" height="${gap}" patternUnits="userSpaceOnUse"><circle cx="${gap / 2}" cy="${gap / 2}" r="2" fill="#fff"/></pattern><rect x="${x}" y="${y}" width="${w}" height="${h}" fill="url(#${id})" opacity="${opacity}"/>`;
}

/** A gear outline as one path: `teeth` trapezoid teeth around a ring. */
function gearPath(cx, cy, outer, inner, teeth) {
  const points = [];
  const step = (Math.PI * 2) / teeth;
  for (let i = 0; i < teeth; i++) {
    const a = i * step;
    const angles = [a - step * 0.25, a - step * 0.15, a + step * 0.15, a + step * 0.25];
    const radii = [inner, outer, outer, inner];
    angles.forEach((angle, k) => {
      points.push(`${(cx + radii[k] * Math.cos(angle)).toFixed(1)},${(cy + radii[k] * Math.sin(angle)).toFixed(1)}`);
    });
  }
  return `M${points.join('L')}Z`;
}

/** The network mark (three linked nodes) used by the favicon, logo and social image. */
function networkMark(x, y, size, { node = '#fff', accent = BRAND.orange, line = '#fff' } = {}) {
  const s = size / 100;
  const p = (px, py) => `${(x + px * s).toFixed(1)},${(y + py * s).toFixed(1)}`;
  const c = (px, py, r, fill) => `<circle cx="${x + px * s}" cy="${y + py * s}" r="${r * s}" fill="${fill}"/>`;
  return [
    `<path d="M${p(50, 24)}L${p(24, 74)}L${p(76, 74)}Z" fill="none" stroke="${line}" stroke-width="${7 * s}" stroke-linejoin="round" opacity="0.9"/>`,
    c(50, 24, 15, accent),
    c(24, 74, 13, node),
    c(76, 74, 13, node),
  ].join('');
}

// ---------------------------------------------------------------------------------------------
// Event categories: 1200x675 SVG, name as large text

const EVENT_W = 1200;
const EVENT_H = 675;
const MOTIF = { cx: 870, cy: 337 };

const eventMotifs = {
  atelier: () => {
    const big = gearPath(MOTIF.cx - 40, MOTIF.cy - 20, 150, 120, 12);
    const small = gearPath(MOTIF.cx + 130, MOTIF.cy + 130, 86, 66, 9);
    return [
      `<path d="${big}" fill="#fff" opacity="0.95"/>`,
      `<circle cx="${MOTIF.cx - 40}" cy="${MOTIF.cy - 20}" r="58" fill="${BRAND.blue}"/>`,
      `<circle cx="${MOTIF.cx - 40}" cy="${MOTIF.cy - 20}" r="26" fill="#fff" opacity="0.95"/>`,
      `<path d="${small}" fill="${BRAND.orange}"/>`,
      `<circle cx="${MOTIF.cx + 130}" cy="${MOTIF.cy + 130}" r="30" fill="#fff"/>`,
      // a pencil crossing behind
      `<g transform="rotate(-35 ${MOTIF.cx + 150} ${MOTIF.cy - 130})"><rect x="${MOTIF.cx + 60}" y="${MOTIF.cy - 150}" width="190" height="38" rx="6" fill="#fde68a"/><path d="M${MOTIF.cx + 250} ${MOTIF.cy - 150}l46 19l-46 19z" fill="#fed7aa"/><rect x="${MOTIF.cx + 40}" y="${MOTIF.cy - 150}" width="26" height="38" rx="6" fill="#fff"/></g>`,
    ].join('');
  },
  afterwork: () => {
    const glass = (dx, angle, fill) =>
      `<g transform="rotate(${angle} ${MOTIF.cx + dx} ${MOTIF.cy + 150})"><path d="M${MOTIF.cx + dx - 70} ${MOTIF.cy - 150}h140c0 110-30 170-70 170s-70-60-70-170z" fill="#fff" opacity="0.95"/><path d="M${MOTIF.cx + dx - 62} ${MOTIF.cy - 80}h124c-6 60-30 92-62 92s-56-32-62-92z" fill="${fill}"/><rect x="${MOTIF.cx + dx - 6}" y="${MOTIF.cy + 18}" width="12" height="120" fill="#fff"/><rect x="${MOTIF.cx + dx - 52}" y="${MOTIF.cy + 132}" width="104" height="14" rx="7" fill="#fff"/></g>`;
    const bubbles = [
      [MOTIF.cx - 20, MOTIF.cy - 215, 10],
      [MOTIF.cx + 18, MOTIF.cy - 245, 7],
      [MOTIF.cx - 2, MOTIF.cy - 280, 5],
    ]
      .map(([x, y, r]) => `<circle cx="${x}" cy="${y}" r="${r}" fill="#fff" opacity="0.9"/>`)
      .join('');
    const sparks = [-60, -30, 0, 30, 60]
      .map(
        (a) =>
          `<line x1="0" y1="-70" x2="0" y2="-110" stroke="#fff" stroke-width="8" stroke-linecap="round" transform="translate(${MOTIF.cx} ${MOTIF.cy - 150}) rotate(${a})"/>`,
      )
      .join('');
    return glass(-95, 14, BRAND.amber) + glass(95, -14, '#fb7185') + bubbles + sparks;
  },
  conference: () => {
    const { cx, cy } = MOTIF;
    const waves = [1, 2, 3]
      .map((i) => {
        const r = 110 + i * 36;
        return `<path d="M${cx - r * 0.6} ${cy - 60 - r * 0.8}a${r} ${r} 0 0 0 0 ${r * 1.6}M${cx + r * 0.6} ${cy - 60 - r * 0.8}a${r} ${r} 0 0 1 0 ${r * 1.6}" fill="none" stroke="#fff" stroke-width="10" stroke-linecap="round" opacity="${0.75 - i * 0.18}"/>`;
      })
      .join('');
    return [
      waves,
      `<rect x="${cx - 62}" y="${cy - 230}" width="124" height="210" rx="62" fill="#fff"/>`,
      ...[0, 1, 2, 3].map(
        (i) =>
          `<line x1="${cx - 40}" y1="${cy - 170 + i * 32}" x2="${cx + 40}" y2="${cy - 170 + i * 32}" stroke="${BRAND.navy}" stroke-width="6" stroke-linecap="round" opacity="0.35"/>`,
      ),
      `<path d="M${cx - 100} ${cy - 90}v20a100 100 0 0 0 200 0v-20" fill="none" stroke="#fff" stroke-width="14" stroke-linecap="round"/>`,
      `<rect x="${cx - 8}" y="${cy + 28}" width="16" height="120" fill="#fff"/>`,
      `<rect x="${cx - 90}" y="${cy + 140}" width="180" height="22" rx="11" fill="${BRAND.orange}"/>`,
    ].join('');
  },
  forum: () => {
    const { cx, cy } = MOTIF;
    const lines = (x, y, color, widths) =>
      widths
        .map((w, i) => `<rect x="${x}" y="${y + i * 38}" width="${w}" height="16" rx="8" fill="${color}"/>`)
        .join('');
    return [
      `<path d="M${cx - 250} ${cy - 190}h290a40 40 0 0 1 40 40v150a40 40 0 0 1-40 40h-190l-70 60v-60h-30a40 40 0 0 1-40-40v-150a40 40 0 0 1 40-40z" fill="#fff" opacity="0.95"/>`,
      lines(cx - 220, cy - 140, '#0f766e', [240, 200, 140]),
      `<path d="M${cx - 40} ${cy + 20}h250a40 40 0 0 1 40 40v130a40 40 0 0 1-40 40h-30v56l-66-56h-154a40 40 0 0 1-40-40v-130a40 40 0 0 1 40-40z" fill="${BRAND.orange}"/>`,
      ...[0, 1, 2].map((i) => `<circle cx="${cx + 40 + i * 62}" cy="${cy + 125}" r="17" fill="#fff"/>`),
    ].join('');
  },
  reunion: () => {
    const { cx, cy } = MOTIF;
    const seats = Array.from({ length: 6 }, (_, i) => {
      const a = (i / 6) * Math.PI * 2 - Math.PI / 2;
      return [cx + Math.cos(a) * 200, cy + Math.sin(a) * 200];
    });
    return [
      `<circle cx="${cx}" cy="${cy}" r="230" fill="none" stroke="#fff" stroke-width="4" stroke-dasharray="6 16" opacity="0.6"/>`,
      ...seats.map(
        ([x, y]) =>
          `<line x1="${cx}" y1="${cy}" x2="${x.toFixed(1)}" y2="${y.toFixed(1)}" stroke="#fff" stroke-width="6" opacity="0.45"/>`,
      ),
      `<circle cx="${cx}" cy="${cy}" r="120" fill="#fff" opacity="0.95"/>`,
      `<rect x="${cx - 46}" y="${cy - 30}" width="92" height="64" rx="8" fill="#0891b2" opacity="0.35"/>`,
      `<rect x="${cx - 30}" y="${cy - 18}" width="60" height="8" rx="4" fill="#fff"/>`,
      `<rect x="${cx - 30}" y="${cy}" width="44" height="8" rx="4" fill="#fff"/>`,
      ...seats.map(
        ([x, y], i) =>
          `<circle cx="${x.toFixed(1)}" cy="${y.toFixed(1)}" r="46" fill="${i === 0 ? BRAND.orange : '#fff'}"/><circle cx="${x.toFixed(1)}" cy="${(y - 10).toFixed(1)}" r="14" fill="${i === 0 ? '#fff' : BRAND.blueDark}"/><path d="M${(x - 24).toFixed(1)} ${(y + 28).toFixed(1)}a24 22 0 0 1 48 0z" fill="${i === 0 ? '#fff' : BRAND.blueDark}"/>`,
      ),
    ].join('');
  },
  lancement: () => {
    const { cx, cy } = MOTIF;
    const stars = [
      [cx - 260, cy - 200, 6],
      [cx + 230, cy - 230, 8],
      [cx + 260, cy + 40, 5],
      [cx - 200, cy + 40, 4],
      [cx + 120, cy - 270, 4],
    ]
      .map(([x, y, r]) => `<circle cx="${x}" cy="${y}" r="${r}" fill="#fff" opacity="0.85"/>`)
      .join('');
    return [
      stars,
      `<path d="M${cx - 170} ${cy + 320}C${cx - 120} ${cy + 250} ${cx - 80} ${cy + 160} ${cx - 30} ${cy + 80}" fill="none" stroke="#fff" stroke-width="8" stroke-dasharray="4 18" stroke-linecap="round" opacity="0.7"/>`,
      `<g transform="rotate(40 ${cx} ${cy})">`,
      `<path d="M${cx - 34} ${cy + 120}q34 120 68 0z" fill="${BRAND.amber}"/>`,
      `<path d="M${cx - 18} ${cy + 120}q18 70 36 0z" fill="#fff7ed"/>`,
      `<path d="M${cx - 60} ${cy + 40}l-50 90h70zM${cx + 60} ${cy + 40}l50 90h-70z" fill="${BRAND.orange}"/>`,
      `<path d="M${cx} ${cy - 240}c80 70 84 200 62 360h-124c-22-160-18-290 62-360z" fill="#fff"/>`,
      `<circle cx="${cx}" cy="${cy - 70}" r="36" fill="${BRAND.navy}"/>`,
      `<circle cx="${cx}" cy="${cy - 70}" r="22" fill="#93c5fd"/>`,
      `<path d="M${cx - 56} ${cy + 60}h112" stroke="${BRAND.orange}" stroke-width="14"/>`,
      '</g>',
    ].join('');
  },
};

// Nudges so that wide motifs keep clear of the category name on the left.
const MOTIF_OFFSET = { afterwork: '70 30', conference: '70 10', lancement: '60 0' };

const eventCategories = [
  { slug: 'atelier', name: 'Atelier', colors: ['#1e40af', '#0284c7'] },
  { slug: 'afterwork', name: 'Afterwork', colors: ['#9a3412', '#be185d'] },
  { slug: 'conference', name: 'Conférence', colors: ['#1e3a8a', '#6d28d9'] },
  { slug: 'forum', name: 'Forum', colors: ['#115e59', '#1d4ed8'] },
  { slug: 'reunion', name: 'Réunion', colors: ['#1e3a8a', '#0e7490'] },
  { slug: 'lancement', name: 'Lancement', colors: ['#7c2d12', '#c2410c'] },
];

function eventCategorySvg({ slug, name, colors }) {
  const body = [
    `<defs>${linear('bg', colors)}</defs>`,
    `<rect width="${EVENT_W}" height="${EVENT_H}" fill="url(#bg)"/>`,
    bokeh(EVENT_W, EVENT_H),
    dotGrid('dots', 40, 40, 360, 200, 30, 0.14),
    `<g transform="translate(${MOTIF_OFFSET[slug] ?? '0 0'})">${eventMotifs[slug]()}</g>`,
    `<rect x="80" y="440" width="96" height="10" rx="5" fill="${BRAND.orange}"/>`,
    `<text x="80" y="410" font-family="${WEB_FONT}" font-size="30" font-weight="600" letter-spacing="5" fill="#fff" opacity="0.85">ÉVÉNEMENT</text>`,
    `<text x="76" y="560" font-family="${WEB_FONT}" font-size="112" font-weight="800" fill="#fff">${escapeXml(name)}</text>`,
  ].join('');
  return svg(EVENT_W, EVENT_H, body, `${name} - illustration de catégorie d'événement`);
}

// ---------------------------------------------------------------------------------------------
// Showcase services: 800x500 WebP

const CARD_W = 800;
const CARD_H = 500;
const serviceArt = {
  'developpement-web': {
    colors: ['#1e3a8a', '#2563eb'],
    draw: () => [
      `<rect x="190" y="95" width="420" height="300" rx="18" fill="#fff"/>`,
      `<path d="M190 113a18 18 0 0 1 18-18h384a18 18 0 0 1 18 18v37h-420z" fill="#dbeafe"/>`,
      ...['#f87171', '#fbbf24', '#34d399'].map((c, i) => `<circle cx="${220 + i * 26}" cy="123" r="8" fill="${c}"/>`),
      `<rect x="310" y="114" width="260" height="18" rx="9" fill="#fff"/>`,
      `<path d="M330 210l-55 55l55 55M470 210l55 55l-55 55" fill="none" stroke="${BRAND.blue}" stroke-width="22" stroke-linecap="round" stroke-linejoin="round"/>`,
      `<path d="M425 195l-50 140" stroke="${BRAND.orange}" stroke-width="22" stroke-linecap="round"/>`,
    ],
  },
  'applications-mobiles': {
    colors: ['#1e40af', '#7c3aed'],
    draw: () => [
      `<rect x="250" y="120" width="210" height="300" rx="24" fill="#fff" opacity="0.35" transform="rotate(-12 355 270)"/>`,
      `<rect x="320" y="60" width="200" height="380" rx="30" fill="#fff"/>`,
      `<rect x="336" y="92" width="168" height="312" rx="10" fill="#eef2ff"/>`,
      `<rect x="390" y="72" width="60" height="8" rx="4" fill="#c7d2fe"/>`,
      `<rect x="350" y="108" width="140" height="80" rx="10" fill="${BRAND.blue}"/>`,
      `<circle cx="380" cy="148" r="18" fill="#fff" opacity="0.9"/>`,
      `<rect x="408" y="138" width="66" height="8" rx="4" fill="#fff"/><rect x="408" y="154" width="44" height="8" rx="4" fill="#fff" opacity="0.7"/>`,
      ...[0, 1, 2].map(
        (i) =>
          `<rect x="350" y="${204 + i * 62}" width="140" height="50" rx="10" fill="#fff"/><rect x="362" y="${216 + i * 62}" width="26" height="26" rx="6" fill="${i === 1 ? BRAND.orange : '#a5b4fc'}"/><rect x="398" y="${220 + i * 62}" width="78" height="7" rx="3.5" fill="#c7d2fe"/><rect x="398" y="${234 + i * 62}" width="52" height="7" rx="3.5" fill="#e0e7ff"/>`,
      ),
    ],
  },
  cloud: {
    colors: ['#0c4a6e', '#0284c7'],
    draw: () => [
      `<path d="M260 300a70 70 0 0 1 14-138a100 100 0 0 1 190-30a80 80 0 0 1 92 86a56 56 0 0 1-6 112z" fill="#fff"/>`,
      `<path d="M372 270v-80M342 220l30-30l30 30" fill="none" stroke="${BRAND.blue}" stroke-width="16" stroke-linecap="round" stroke-linejoin="round"/>`,
      `<path d="M442 190v80M412 240l30 30l30-30" fill="none" stroke="${BRAND.orange}" stroke-width="16" stroke-linecap="round" stroke-linejoin="round"/>`,
      `<path d="M300 330v40h200v-40M400 330v40" fill="none" stroke="#fff" stroke-width="6" opacity="0.8"/>`,
      ...[300, 400, 500].map(
        (x) =>
          `<rect x="${x - 42}" y="370" width="84" height="56" rx="10" fill="#fff" opacity="0.92"/><circle cx="${x - 22}" cy="398" r="6" fill="#22c55e"/><rect x="${x - 8}" y="394" width="34" height="8" rx="4" fill="#bae6fd"/>`,
      ),
    ],
  },
  'gestion-donnees': {
    colors: ['#134e4a', '#1d4ed8'],
    draw: () => {
      const disk = (y, fill) =>
        `<path d="M200 ${y}v60a100 30 0 0 0 200 0v-60" fill="${fill}"/><ellipse cx="300" cy="${y}" rx="100" ry="30" fill="#fff"/>`;
      return [
        disk(300, '#e0f2fe'),
        disk(220, '#dbeafe'),
        disk(140, '#eff6ff'),
        `<ellipse cx="300" cy="140" rx="100" ry="30" fill="#fff"/><ellipse cx="300" cy="140" rx="60" ry="16" fill="${BRAND.blue}" opacity="0.25"/>`,
        ...[0, 1, 2].map(
          (i) => `<circle cx="370" cy="${196 + i * 80}" r="7" fill="${i === 0 ? BRAND.orange : '#22c55e'}"/>`,
        ),
        `<line x1="450" y1="390" x2="640" y2="390" stroke="#fff" stroke-width="6" stroke-linecap="round"/>`,
        ...[
          [470, 120],
          [515, 190],
          [560, 150],
          [605, 240],
        ].map(
          ([x, h], i) =>
            `<rect x="${x}" y="${380 - h}" width="32" height="${h}" rx="6" fill="${i === 3 ? BRAND.orange : '#fff'}" opacity="${i === 3 ? 1 : 0.92}"/>`,
        ),
      ];
    },
  },
  securite: {
    colors: ['#1e3a8a', '#0f766e'],
    draw: () => [
      `<path d="M400 70l150 56v110c0 96-64 162-150 194c-86-32-150-98-150-194v-110z" fill="#fff"/>`,
      `<path d="M400 104l118 44v88c0 76-50 128-118 154z" fill="#dbeafe"/>`,
      `<rect x="340" y="228" width="120" height="96" rx="14" fill="${BRAND.blue}"/>`,
      `<path d="M364 228v-30a36 36 0 0 1 72 0v30" fill="none" stroke="${BRAND.blue}" stroke-width="16"/>`,
      `<circle cx="400" cy="268" r="14" fill="#fff"/><rect x="394" y="274" width="12" height="28" rx="6" fill="#fff"/>`,
      `<circle cx="560" cy="380" r="40" fill="${BRAND.orange}"/><path d="M540 380l14 14l26-28" fill="none" stroke="#fff" stroke-width="10" stroke-linecap="round" stroke-linejoin="round"/>`,
    ],
  },
  optimisation: {
    colors: ['#9a3412', '#1d4ed8'],
    draw: () => {
      const ticks = Array.from({ length: 9 }, (_, i) => {
        const a = Math.PI + (i / 8) * Math.PI;
        const x1 = 400 + Math.cos(a) * 150;
        const y1 = 320 + Math.sin(a) * 150;
        const x2 = 400 + Math.cos(a) * 128;
        const y2 = 320 + Math.sin(a) * 128;
        return `<line x1="${x1.toFixed(1)}" y1="${y1.toFixed(1)}" x2="${x2.toFixed(1)}" y2="${y2.toFixed(1)}" stroke="${BRAND.navy}" stroke-width="6" stroke-linecap="round" opacity="0.5"/>`;
      });
      return [
        `<path d="M200 320a200 200 0 0 1 400 0z" fill="#fff"/>`,
        `<path d="M230 320a170 170 0 0 1 85-147" fill="none" stroke="#fca5a5" stroke-width="18"/>`,
        `<path d="M315 173a170 170 0 0 1 170 0" fill="none" stroke="#fde68a" stroke-width="18"/>`,
        `<path d="M485 173a170 170 0 0 1 85 147" fill="none" stroke="#86efac" stroke-width="18"/>`,
        ...ticks,
        `<path d="M400 320l120-110" stroke="${BRAND.orange}" stroke-width="14" stroke-linecap="round"/>`,
        `<circle cx="400" cy="320" r="22" fill="${BRAND.navy}"/>`,
        `<rect x="170" y="318" width="460" height="12" rx="6" fill="#fff" opacity="0.9"/>`,
        `<path d="M190 450l90-26l70 14l110-36l90 10l80-34" fill="none" stroke="#fff" stroke-width="10" stroke-linecap="round" stroke-linejoin="round"/>`,
        `<path d="M612 372l20 6l-8 20" fill="none" stroke="#fff" stroke-width="10" stroke-linecap="round" stroke-linejoin="round"/>`,
      ];
    },
  },
};

function serviceSvg(slug) {
  const art = serviceArt[slug];
  return svg(
    CARD_W,
    CARD_H,
    [
      `<defs>${linear('bg', art.colors)}</defs>`,
      `<rect width="${CARD_W}" height="${CARD_H}" fill="url(#bg)"/>`,
      bokeh(CARD_W, CARD_H),
      dotGrid('dots', 30, 30, 200, 120, 24, 0.18),
      ...art.draw(),
    ].join(''),
  );
}

// ---------------------------------------------------------------------------------------------
// Sample projects: 800x500 WebP, drawn as light "mockups" to set them apart from services

const projectArt = {
  'boutique-artisanale': {
    colors: ['#fff7ed', '#fed7aa'],
    draw: () => [
      browserFrame(120, 70, 480, 340, '#ffedd5'),
      ...[0, 1, 2].flatMap((col) =>
        [0, 1].map(
          (row) =>
            `<rect x="${150 + col * 148}" y="${150 + row * 124}" width="128" height="108" rx="10" fill="#fff" stroke="#fed7aa" stroke-width="2"/><rect x="${162 + col * 148}" y="${162 + row * 124}" width="104" height="54" rx="6" fill="${['#fdba74', '#93c5fd', '#fcd34d'][(col + row) % 3]}"/><rect x="${162 + col * 148}" y="${226 + row * 124}" width="70" height="8" rx="4" fill="#cbd5e1"/><rect x="${162 + col * 148}" y="${240 + row * 124}" width="40" height="8" rx="4" fill="${BRAND.orange}"/>`,
        ),
      ),
      `<path d="M590 300h120l-14 130h-92z" fill="${BRAND.orange}"/><path d="M620 300v-22a30 30 0 0 1 60 0v22" fill="none" stroke="${BRAND.orange}" stroke-width="10"/><circle cx="650" cy="362" r="16" fill="#fff"/>`,
    ],
  },
  'reservation-cabinet-dentaire': {
    colors: ['#ecfeff', '#a5f3fc'],
    draw: () => [
      `<rect x="140" y="80" width="360" height="340" rx="18" fill="#fff" stroke="#a5f3fc" stroke-width="3"/>`,
      `<path d="M140 98a18 18 0 0 1 18-18h324a18 18 0 0 1 18 18v42h-360z" fill="#0e7490"/>`,
      `<rect x="180" y="100" width="140" height="16" rx="8" fill="#fff"/>`,
      ...Array.from({ length: 20 }, (_, i) => {
        const col = i % 5;
        const row = Math.floor(i / 5);
        const fill = i === 7 ? BRAND.orange : i === 13 ? '#0e7490' : '#ecfeff';
        return `<rect x="${168 + col * 64}" y="${164 + row * 60}" width="48" height="44" rx="8" fill="${fill}"/>`;
      }),
      `<rect x="520" y="150" width="170" height="270" rx="26" fill="#fff" stroke="#a5f3fc" stroke-width="3"/>`,
      `<path d="M565 222c0-26 22-38 40-30c18-8 40 4 40 30c0 24-8 56-18 74c-8 12-14-18-22-18s-14 30-22 18c-10-18-18-50-18-74z" fill="#fff" stroke="#0e7490" stroke-width="6" stroke-linejoin="round"/>`,
      `<rect x="548" y="330" width="114" height="34" rx="17" fill="${BRAND.orange}"/><rect x="572" y="343" width="66" height="8" rx="4" fill="#fff"/>`,
    ],
  },
  'site-cabinet-avocats': {
    colors: ['#f8fafc', '#cbd5e1'],
    draw: () => [
      browserFrame(110, 60, 580, 380, '#e2e8f0'),
      `<rect x="110" y="110" width="580" height="150" fill="${BRAND.navy}"/>`,
      `<path d="M400 140l70 30h-140z" fill="#fff"/>`,
      ...[0, 1, 2, 3].map((i) => `<rect x="${346 + i * 30}" y="176" width="14" height="52" fill="#fff"/>`),
      `<rect x="326" y="230" width="148" height="12" fill="#fff"/>`,
      `<rect x="150" y="156" width="130" height="14" rx="7" fill="#fff" opacity="0.9"/><rect x="150" y="180" width="90" height="10" rx="5" fill="#fff" opacity="0.6"/>`,
      `<rect x="530" y="166" width="120" height="36" rx="18" fill="${BRAND.orange}"/>`,
      ...[0, 1, 2].map(
        (i) =>
          `<rect x="${150 + i * 172}" y="290" width="150" height="120" rx="10" fill="#fff" stroke="#e2e8f0" stroke-width="2"/><circle cx="${180 + i * 172}" cy="322" r="14" fill="${i === 1 ? BRAND.orange : BRAND.blue}" opacity="0.85"/><rect x="${168 + i * 172}" y="352" width="110" height="8" rx="4" fill="#cbd5e1"/><rect x="${168 + i * 172}" y="368" width="80" height="8" rx="4" fill="#e2e8f0"/>`,
      ),
    ],
  },
  'tableau-de-bord-immobilier': {
    colors: ['#eff6ff', '#bfdbfe'],
    draw: () => [
      `<rect x="90" y="70" width="620" height="360" rx="18" fill="#fff" stroke="#bfdbfe" stroke-width="3"/>`,
      `<rect x="90" y="70" width="130" height="360" rx="18" fill="${BRAND.blueDark}"/><rect x="200" y="70" width="20" height="360" fill="${BRAND.blueDark}"/>`,
      ...[0, 1, 2, 3].map(
        (i) =>
          `<rect x="114" y="${110 + i * 40}" width="${i === 0 ? 82 : 66}" height="12" rx="6" fill="#fff" opacity="${i === 0 ? 1 : 0.55}"/>`,
      ),
      `<path d="M290 200l70-56l70 56v90h-140z" fill="#dbeafe"/><path d="M276 206l84-68l84 68" fill="none" stroke="${BRAND.blue}" stroke-width="12" stroke-linecap="round" stroke-linejoin="round"/><rect x="344" y="236" width="32" height="54" rx="4" fill="${BRAND.orange}"/>`,
      `<line x1="470" y1="330" x2="680" y2="330" stroke="#cbd5e1" stroke-width="4"/>`,
      ...[90, 150, 120, 200, 170].map(
        (h, i) =>
          `<rect x="${484 + i * 40}" y="${330 - h}" width="26" height="${h}" rx="5" fill="${i === 3 ? BRAND.orange : BRAND.blue}" opacity="${i === 3 ? 1 : 0.75}"/>`,
      ),
      ...[0, 1, 2].map(
        (i) =>
          `<rect x="${250 + i * 150}" y="360" width="130" height="46" rx="10" fill="#eff6ff"/><rect x="${264 + i * 150}" y="376" width="70" height="12" rx="6" fill="${BRAND.blue}" opacity="0.6"/>`,
      ),
    ],
  },
  'suivi-de-chantier': {
    colors: ['#fefce8', '#fde68a'],
    draw: () => [
      `<path d="M120 420v-170l150-110l150 110v170z" fill="#fff" stroke="#a16207" stroke-width="6" stroke-linejoin="round"/>`,
      `<path d="M100 262l170-126l170 126" fill="none" stroke="${BRAND.orange}" stroke-width="18" stroke-linecap="round" stroke-linejoin="round"/>`,
      `<rect x="170" y="290" width="70" height="70" fill="#fde68a" stroke="#a16207" stroke-width="4"/><rect x="290" y="310" width="70" height="110" fill="#fcd34d" stroke="#a16207" stroke-width="4"/>`,
      `<path d="M180 250h180M200 230v40M330 230v40" stroke="#a16207" stroke-width="4" opacity="0.4"/>`,
      `<rect x="470" y="90" width="220" height="320" rx="16" fill="#fff" stroke="#fde68a" stroke-width="3"/>`,
      `<rect x="540" y="78" width="80" height="28" rx="8" fill="#a16207"/>`,
      ...[0, 1, 2, 3].map((i) => {
        const done = i < 3;
        return `<rect x="496" y="${140 + i * 62}" width="32" height="32" rx="8" fill="${done ? '#16a34a' : '#fff'}" stroke="${done ? '#16a34a' : '#cbd5e1'}" stroke-width="3"/>${
          done
            ? `<path d="M503 ${156 + i * 62}l7 7l12-14" fill="none" stroke="#fff" stroke-width="5" stroke-linecap="round" stroke-linejoin="round"/>`
            : ''
        }<rect x="542" y="${150 + i * 62}" width="${120 - i * 14}" height="12" rx="6" fill="#cbd5e1"/>`;
      }),
    ],
  },
  'portail-gestion-patrimoine': {
    colors: ['#f0fdf4', '#bbf7d0'],
    draw: () => {
      // donut chart: three arcs on one circle
      const r = 100;
      const circumference = 2 * Math.PI * r;
      const parts = [
        [0.45, BRAND.blueDark],
        [0.3, '#16a34a'],
        [0.25, BRAND.orange],
      ];
      let offset = 0;
      const arcs = parts.map(([share, color]) => {
        const arc = `<circle cx="250" cy="250" r="${r}" fill="none" stroke="${color}" stroke-width="46" stroke-dasharray="${(share * circumference).toFixed(1)} ${circumference.toFixed(1)}" stroke-dashoffset="${(-offset * circumference).toFixed(1)}" transform="rotate(-90 250 250)"/>`;
        offset += share;
        return arc;
      });
      return [
        `<rect x="110" y="90" width="280" height="320" rx="18" fill="#fff" stroke="#bbf7d0" stroke-width="3"/>`,
        ...arcs,
        `<rect x="420" y="90" width="280" height="320" rx="18" fill="#fff" stroke="#bbf7d0" stroke-width="3"/>`,
        `<rect x="446" y="118" width="120" height="14" rx="7" fill="#cbd5e1"/><rect x="446" y="142" width="80" height="20" rx="6" fill="#166534"/>`,
        `<path d="M446 360l50-40l44 20l50-70l40 10l44-80v160z" fill="#bbf7d0"/>`,
        `<path d="M446 360l50-40l44 20l50-70l40 10l44-80" fill="none" stroke="#16a34a" stroke-width="8" stroke-linecap="round" stroke-linejoin="round"/>`,
        `<circle cx="674" cy="200" r="10" fill="${BRAND.orange}"/>`,
      ];
    },
  },
};

function browserFrame(x, y, w, h, bar) {
  return [
    `<rect x="${x}" y="${y}" width="${w}" height="${h}" rx="16" fill="#fff" stroke="#e2e8f0" stroke-width="2"/>`,
    `<path d="M${x} ${y + 16}a16 16 0 0 1 16-16h${w - 32}a16 16 0 0 1 16 16v34h-${w}z" fill="${bar}"/>`,
    ...[0, 1, 2].map((i) => `<circle cx="${x + 26 + i * 22}" cy="${y + 25}" r="7" fill="#fff"/>`),
    `<rect x="${x + 110}" y="${y + 16}" width="${w * 0.5}" height="18" rx="9" fill="#fff"/>`,
  ].join('');
}

function projectSvg(slug) {
  const art = projectArt[slug];
  return svg(
    CARD_W,
    CARD_H,
    [
      `<defs>${linear('bg', art.colors)}</defs>`,
      `<rect width="${CARD_W}" height="${CARD_H}" fill="url(#bg)"/>`,
      `<circle cx="720" cy="60" r="140" fill="#fff" opacity="0.35"/><circle cx="60" cy="470" r="110" fill="#fff" opacity="0.35"/>`,
      ...art.draw(),
    ].join(''),
  );
}

// ---------------------------------------------------------------------------------------------
// Partner company logos: 256x256 WebP (fictitious companies shown on /companies)

const companies = [
  { slug: 'batireno', name: 'Batiréno', line: 'Rénovation', bg: '#fff7ed', color: '#c2410c', mark: 'roof' },
  { slug: 'immo-horizon', name: 'Immo Horizon', line: 'Immobilier', bg: '#eff6ff', color: '#1d4ed8', mark: 'horizon' },
  { slug: 'patrimoine-conseil', name: 'Patrimoine', line: 'Conseil', bg: '#f0fdf4', color: '#15803d', mark: 'leaf' },
  { slug: 'lefevre-avocats', name: 'Lefèvre', line: 'Avocats', bg: '#f8fafc', color: '#1e3a8a', mark: 'pillars' },
  { slug: 'dentalis', name: 'Dentalis', line: 'Cabinet dentaire', bg: '#ecfeff', color: '#0e7490', mark: 'smile' },
  { slug: 'novatech', name: 'NovaTech', line: 'Solutions', bg: '#f5f3ff', color: '#6d28d9', mark: 'star' },
];

const companyMarks = {
  roof: (c) =>
    `<path d="M78 112l50-40l50 40" fill="none" stroke="${c}" stroke-width="14" stroke-linecap="round" stroke-linejoin="round"/><rect x="104" y="104" width="48" height="30" rx="3" fill="${c}"/>`,
  horizon: (c) =>
    `<path d="M88 124a40 40 0 0 1 80 0z" fill="${BRAND.orange}"/><path d="M70 124h116M86 138h84" stroke="${c}" stroke-width="10" stroke-linecap="round"/>`,
  leaf: (c) =>
    `<path d="M86 134c0-50 34-72 84-72c0 50-26 82-70 82c-6 0-10-2-14-10z" fill="${c}"/><path d="M96 132c16-24 36-40 58-52" stroke="#fff" stroke-width="6" stroke-linecap="round" fill="none"/>`,
  pillars: (c) =>
    `<path d="M128 64l56 24h-112z" fill="${c}"/>${[0, 1, 2, 3].map((i) => `<rect x="${86 + i * 24}" y="96" width="12" height="36" fill="${c}"/>`).join('')}<rect x="74" y="134" width="108" height="10" fill="${c}"/>`,
  smile: (c) =>
    `<circle cx="128" cy="104" r="42" fill="none" stroke="${c}" stroke-width="10"/><path d="M108 110a22 20 0 0 0 40 0" fill="none" stroke="${c}" stroke-width="9" stroke-linecap="round"/><circle cx="112" cy="92" r="6" fill="${c}"/><circle cx="144" cy="92" r="6" fill="${c}"/>`,
  star: (c) => {
    const pts = Array.from({ length: 8 }, (_, i) => {
      const a = (i / 8) * Math.PI * 2 - Math.PI / 2;
      const r = i % 2 === 0 ? 46 : 16;
      return `${(128 + Math.cos(a) * r).toFixed(1)},${(104 + Math.sin(a) * r).toFixed(1)}`;
    });
    return `<path d="M${pts.join('L')}Z" fill="${c}"/><circle cx="164" cy="70" r="8" fill="${BRAND.orange}"/>`;
  },
};

function companySvg({ name, line, bg, color, mark }) {
  return svg(
    256,
    256,
    [
      `<rect width="256" height="256" rx="40" fill="${bg}"/>`,
      `<rect x="6" y="6" width="244" height="244" rx="36" fill="none" stroke="${color}" stroke-width="3" opacity="0.25"/>`,
      companyMarks[mark](color),
      `<text x="128" y="192" text-anchor="middle" font-family="${RASTER_FONT}" font-size="30" font-weight="700" fill="${color}">${escapeXml(name)}</text>`,
      `<text x="128" y="220" text-anchor="middle" font-family="${RASTER_FONT}" font-size="17" fill="#334155" letter-spacing="1">${escapeXml(line.toUpperCase())}</text>`,
    ].join(''),
  );
}

// ---------------------------------------------------------------------------------------------
// Brand: favicon, touch icon, logo, social image

/** The square icon: blue tile with the network mark. `rounded` is off where the OS rounds it. */
function iconSvg(size, { rounded = true } = {}) {
  const radius = rounded ? size * 0.22 : 0;
  const pad = size * 0.12;
  return svg(
    size,
    size,
    [
      `<defs>${linear('bg', [BRAND.blue, BRAND.blueDark])}</defs>`,
      `<rect width="${size}" height="${size}" rx="${radius}" fill="url(#bg)"/>`,
      networkMark(pad, pad, size - pad * 2),
    ].join(''),
  );
}

function ogSvg() {
  const W = 1200;
  const H = 630;
  return svg(
    W,
    H,
    [
      `<defs>${linear('bg', [BRAND.navy, BRAND.blueDark, BRAND.blue])}</defs>`,
      `<rect width="${W}" height="${H}" fill="url(#bg)"/>`,
      bokeh(W, H),
      dotGrid('dots', 820, 60, 320, 200, 32, 0.16),
      `<rect x="96" y="150" width="160" height="160" rx="36" fill="#fff" opacity="0.12"/>`,
      networkMark(106, 160, 140),
      `<text x="96" y="420" font-family="${RASTER_FONT}" font-size="104" font-weight="700" fill="#fff">Synergie Pro</text>`,
      `<rect x="100" y="452" width="120" height="10" rx="5" fill="${BRAND.orange}"/>`,
      `<text x="96" y="525" font-family="${RASTER_FONT}" font-size="44" fill="#dbeafe">${escapeXml("Réseau d'Affaires Multi-Métiers")}</text>`,
      // network of members on the right
      ...[
        [900, 380, 930, 500],
        [900, 380, 1060, 330],
        [1060, 330, 1100, 470],
        [930, 500, 1100, 470],
        [1060, 330, 980, 220],
      ].map(
        ([x1, y1, x2, y2]) =>
          `<line x1="${x1}" y1="${y1}" x2="${x2}" y2="${y2}" stroke="#fff" stroke-width="5" opacity="0.45"/>`,
      ),
      ...[
        [900, 380, 26, '#fff'],
        [930, 500, 18, '#fff'],
        [1060, 330, 32, BRAND.orange],
        [1100, 470, 22, '#fff'],
        [980, 220, 16, '#fff'],
      ].map(([x, y, r, fill]) => `<circle cx="${x}" cy="${y}" r="${r}" fill="${fill}"/>`),
    ].join(''),
  );
}

/** An ICO file holding one PNG image (allowed since Windows Vista, read by every browser). */
function pngToIco(png, size) {
  const header = Buffer.alloc(6);
  header.writeUInt16LE(0, 0); // reserved
  header.writeUInt16LE(1, 2); // type: icon
  header.writeUInt16LE(1, 4); // one image
  const entry = Buffer.alloc(16);
  entry.writeUInt8(size >= 256 ? 0 : size, 0);
  entry.writeUInt8(size >= 256 ? 0 : size, 1);
  entry.writeUInt8(0, 2); // no palette
  entry.writeUInt8(0, 3);
  entry.writeUInt16LE(1, 4); // colour planes
  entry.writeUInt16LE(32, 6); // bits per pixel
  entry.writeUInt32LE(png.length, 8);
  entry.writeUInt32LE(header.length + entry.length, 12);
  return Buffer.concat([header, entry, png]);
}

// ---------------------------------------------------------------------------------------------

const written = [];

async function write(file, data) {
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, data);
  written.push([path.relative(PUBLIC_DIR, file), data.length]);
}

const toWebp = (markup) => sharp(Buffer.from(markup)).webp({ quality: 80, effort: 6 }).toBuffer();
const toPng = (markup) =>
  sharp(Buffer.from(markup)).png({ compressionLevel: 9, palette: true, quality: 90 }).toBuffer();

for (const category of eventCategories) {
  await write(path.join(IMAGES_DIR, 'event-categories', `${category.slug}.svg`), `${eventCategorySvg(category)}\n`);
}
for (const slug of Object.keys(serviceArt)) {
  await write(path.join(IMAGES_DIR, 'services', `${slug}.webp`), await toWebp(serviceSvg(slug)));
}
for (const slug of Object.keys(projectArt)) {
  await write(path.join(IMAGES_DIR, 'projects', `${slug}.webp`), await toWebp(projectSvg(slug)));
}
for (const company of companies) {
  await write(path.join(IMAGES_DIR, 'companies', `${company.slug}.webp`), await toWebp(companySvg(company)));
}

await write(path.join(PUBLIC_DIR, 'favicon.svg'), `${iconSvg(64)}\n`);
await write(
  path.join(PUBLIC_DIR, 'favicon.ico'),
  pngToIco(
    await sharp(Buffer.from(iconSvg(32)))
      .png()
      .toBuffer(),
    32,
  ),
);
// iOS rounds the corners itself and shows transparency as black: a full square tile.
await write(path.join(PUBLIC_DIR, 'apple-touch-icon.png'), await toPng(iconSvg(180, { rounded: false })));
await write(path.join(IMAGES_DIR, 'logo.png'), await toPng(iconSvg(512)));
await write(path.join(IMAGES_DIR, 'og-default.png'), await toPng(ogSvg()));

for (const [file, bytes] of written) {
  process.stdout.write(`${file.padEnd(50)} ${(bytes / 1024).toFixed(1).padStart(6)} Ko\n`);
}
