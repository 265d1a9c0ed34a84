import { decodeHTML, decodeHTMLAttribute } from 'entities';
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
