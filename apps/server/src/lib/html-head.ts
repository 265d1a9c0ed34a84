import { decodeHTML, decodeHTMLAttribute, escapeAttribute, escapeText } from 'entities';
import { Parser } from 'htmlparser2';

/**
 * What a link preview needs from a page's <head>: title, description, Open Graph image and icon.
 * No DOM: htmlparser2's streaming tokenizer (which knows that script, style and title hold raw
 * text, and reads comments, unquoted attributes and broken markup as browsers do) is fed the
 * page in slices and stopped at </head> or <body>: nothing later is read. The page itself is
 * capped by the safe fetch (1 MB). Character references are decoded by `entities` (the full
 * HTML table, with the attribute rules: `?a=1&copy=2` in a URL stays as written). Relative URLs
 * are resolved against the page's final URL (or its first <base href>); only http(s) URLs are kept.
 */
export interface HeadInfo {
  title: string | null;
  description: string | null;
  ogImage: string | null;
  favicon: string | null;
}

/** Decodes HTML character references in text (named, decimal, hexadecimal); invalid ones become U+FFFD. */
export function decodeEntities(text: string): string {
  return decodeHTML(text);
}

/** How much of the page is given to the tokenizer at a time: a head is read without touching the body. */
const SLICE = 16 * 1024;
const TITLE_MAX = 200;
const DESCRIPTION_MAX = 500;

/** Collapses whitespace and drops control characters; long texts are cut at `max`. */
function clean(text: string | undefined, max: number): string | null {
  if (text === undefined) return null;
  // Control characters (code points below 32, and 127) become spaces.
  const value = [...text]
    .map((c) => ((c.codePointAt(0) ?? 0) < 32 || c === '\u007f' ? ' ' : c))
    .join('')
    .replace(/\s+/g, ' ')
    .trim();
  if (value === '') return null;
  return value.length > max ? `${value.slice(0, max - 1).trimEnd()}…` : value;
}

function absoluteUrl(href: string | undefined, base: URL): string | null {
  const value = href?.trim() ?? '';
  if (!value) return null;
  try {
    const url = new URL(value, base);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}

/** Content that is not part of the document as a script-enabled browser sees it. */
const INERT = new Set(['noscript', 'template']);

type Attributes = Map<string, string>;

export function parseHead(html: string, pageUrl: URL): HeadInfo {
  // Set from the parser's callbacks (an object, so that TypeScript does not narrow it away).
  const found: { title?: string; titleText: string[] | null; baseHref?: string; inert: number; done: boolean } = {
    titleText: null,
    inert: 0,
    done: false,
  };
  const metas: Attributes[] = [];
  const icons: { rel: string; href: string; type: string }[] = [];
  const endTitle = () => {
    if (found.titleText === null) return;
    found.title = decodeHTML(found.titleText.join(''));
    found.titleText = null;
  };

  const parser = new Parser(
    {
      onopentag(name, raw) {
        if (found.done) return;
        if (name === 'body') {
          found.done = true;
          parser.pause();
          return;
        }
        if (INERT.has(name)) found.inert += 1;
        if (found.inert > 0) return;
        // Attribute values decoded once, by the attribute rules; the first of a repeated name wins.
        const attributes: Attributes = new Map(Object.entries(raw).map(([k, v]) => [k, decodeHTMLAttribute(v)]));
        if (name === 'title' && found.title === undefined) found.titleText = [];
        else if (name === 'meta') metas.push(attributes);
        else if (name === 'link') {
          const rel = (attributes.get('rel') ?? '').toLowerCase();
          const href = attributes.get('href');
          if (href && /(^|\s)(icon|apple-touch-icon|apple-touch-icon-precomposed)(\s|$)/.test(rel)) {
            icons.push({ rel, href, type: (attributes.get('type') ?? '').toLowerCase() });
          }
        } else if (name === 'base' && found.baseHref === undefined && attributes.get('href')) {
          // The first <base href> counts, as in browsers.
          found.baseHref = attributes.get('href');
        }
      },
      ontext(text) {
        found.titleText?.push(text);
      },
      onclosetag(name, isImplied) {
        if (found.done) return;
        if (name === 'head' && !isImplied) {
          found.done = true;
          parser.pause();
        } else if (INERT.has(name) && found.inert > 0) found.inert -= 1;
        else if (name === 'title') endTitle();
      },
    },
    // Decoding is done above with the pinned `entities`, text and attribute rules apart.
    { decodeEntities: false },
  );
  for (let at = 0; at < html.length && !found.done; at += SLICE) parser.write(html.slice(at, at + SLICE));
  if (!found.done) parser.end();
  // A title cut off by the end of the page still counts.
  endTitle();
  const title = found.title;

  const baseUrl = new URL(absoluteUrl(found.baseHref, pageUrl) ?? pageUrl);
  const meta = (...keys: string[]) => {
    for (const key of keys) {
      const found = metas.find((m) => (m.get('property') ?? m.get('name') ?? '').toLowerCase() === key);
      const content = found?.get('content');
      if (content?.trim()) return content;
    }
    return undefined;
  };
  // An icon a logo can be made of: apple-touch-icon (large PNG), then PNG/JPEG/WebP icons, then any.
  const rank = (icon: { rel: string; href: string; type: string }) => {
    if (icon.rel.includes('apple-touch-icon')) return 0;
    if (/\.(ico|svg)(\?|#|$)/i.test(icon.href) || /icon|svg/.test(icon.type)) return 2;
    return 1;
  };
  const icon = [...icons].sort((a, b) => rank(a) - rank(b))[0];

  return {
    title: clean(title?.trim() ? title : meta('og:title'), TITLE_MAX),
    description: clean(meta('description', 'og:description', 'twitter:description'), DESCRIPTION_MAX),
    ogImage: absoluteUrl(meta('og:image', 'og:image:url', 'og:image:secure_url', 'twitter:image'), baseUrl),
    favicon: absoluteUrl(icon?.href ?? '/favicon.ico', baseUrl),
  };
}

// ---------------------------------------------------------------------------
// Writing a page's own head into the SPA shell (plugins/web.ts, dynamic page heads)
// ---------------------------------------------------------------------------

/** What a dynamic page says about itself in the served HTML (search engines, link previews). */
export interface PageHead {
  /** The whole <title>, e.g. pageTitle(group.name). */
  title: string;
  description: string;
  /** Absolute URL of the page: canonical link and og:url. */
  url: string;
  siteName: string;
  /** Absolute URL of the preview image. */
  image?: string;
  /** schema.org data, written as JSON-LD (its '<' escaped). */
  jsonLd?: Record<string, unknown>;
}

/**
 * The shell cut around its <head> content: `before` + the page's tags + `after`. The tags a page
 * writes for itself (title, description, canonical, Open Graph, Twitter, JSON-LD) are taken out of
 * the shell so that a page never carries two of them. Scripts other than JSON-LD are left as they
 * are, so the hashes of the shell's CSP still match.
 */
export interface HeadTemplate {
  before: string;
  after: string;
}

const OWN_META = /^(description|og:.+|twitter:.+)$/i;

export function headTemplate(html: string): HeadTemplate | null {
  const cuts: [number, number][] = [];
  const found: { headEnd: number | null; titleStart: number | null; ldStart: number | null; done: boolean } = {
    headEnd: null,
    titleStart: null,
    ldStart: null,
    done: false,
  };
  const parser = new Parser(
    {
      onopentag(name, raw) {
        if (found.done) return;
        if (name === 'body') {
          found.done = true;
          return;
        }
        const attr = (key: string) => decodeHTMLAttribute(raw[key] ?? '').trim();
        const whole: [number, number] = [parser.startIndex, parser.endIndex + 1];
        if (name === 'title') found.titleStart = parser.startIndex;
        else if (name === 'script' && /^application\/ld\+json$/i.test(attr('type'))) found.ldStart = parser.startIndex;
        else if (name === 'meta' && OWN_META.test(attr('name') || attr('property'))) cuts.push(whole);
        else if (name === 'link' && /(^|\s)canonical(\s|$)/i.test(attr('rel'))) cuts.push(whole);
      },
      onclosetag(name, isImplied) {
        if (found.done) return;
        if (name === 'title' && found.titleStart !== null) {
          cuts.push([found.titleStart, parser.endIndex + 1]);
          found.titleStart = null;
        } else if (name === 'script' && found.ldStart !== null) {
          cuts.push([found.ldStart, parser.endIndex + 1]);
          found.ldStart = null;
        } else if (name === 'head' && !isImplied) {
          found.headEnd = parser.startIndex;
          found.done = true;
        }
      },
    },
    { decodeEntities: false },
  );
  parser.write(html);
  parser.end();
  if (found.headEnd === null) return null;
  const headEnd = found.headEnd;
  let before = '';
  let at = 0;
  for (const [start, end] of cuts.filter(([, end]) => end <= headEnd).sort((a, b) => a[0] - b[0])) {
    if (start < at) continue;
    before += html.slice(at, start);
    at = end;
  }
  before += html.slice(at, headEnd);
  return { before, after: html.slice(headEnd) };
}

/** JSON for a <script type="application/ld+json">: nothing in it can close the element or open a comment. */
export function jsonLdText(data: unknown): string {
  return JSON.stringify(data)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/** The tags of a page head, every value escaped (text by the text rules, attributes by theirs). */
export function renderPageHead(head: PageHead): string {
  const meta = (key: 'name' | 'property', name: string, content: string) =>
    `<meta ${key}="${name}" content="${escapeAttribute(content)}"/>`;
  const tags = [
    `<title>${escapeText(head.title)}</title>`,
    meta('name', 'description', head.description),
    `<link rel="canonical" href="${escapeAttribute(head.url)}"/>`,
    meta('property', 'og:type', 'website'),
    meta('property', 'og:site_name', head.siteName),
    meta('property', 'og:locale', 'fr_FR'),
    meta('property', 'og:title', head.title),
    meta('property', 'og:description', head.description),
    meta('property', 'og:url', head.url),
    ...(head.image ? [meta('property', 'og:image', head.image)] : []),
    meta('name', 'twitter:card', head.image ? 'summary_large_image' : 'summary'),
    meta('name', 'twitter:title', head.title),
    meta('name', 'twitter:description', head.description),
    ...(head.image ? [meta('name', 'twitter:image', head.image)] : []),
    ...(head.jsonLd ? [`<script type="application/ld+json">${jsonLdText(head.jsonLd)}</script>`] : []),
  ];
  return tags.join('');
}
