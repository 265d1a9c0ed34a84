/**
 * A small parser for what a link preview needs from a page's <head>: title, description, Open
 * Graph image and icon. No DOM: tags are read with a tokenizer that skips comments, scripts and
 * styles, and stops at </head> or <body> (anything later is ignored). Relative URLs are resolved
 * against the page's final URL; only http(s) URLs are kept.
 */
export interface HeadInfo {
  title: string | null;
  description: string | null;
  ogImage: string | null;
  favicon: string | null;
}

const NAMED_ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: '\u00a0',
  eacute: 'é',
  egrave: 'è',
  ecirc: 'ê',
  agrave: 'à',
  acirc: 'â',
  ccedil: 'ç',
  ocirc: 'ô',
  ucirc: 'û',
  ugrave: 'ù',
  icirc: 'î',
  iuml: 'ï',
  euml: 'ë',
  Eacute: 'É',
  Egrave: 'È',
  Agrave: 'À',
  Ccedil: 'Ç',
  rsquo: '’',
  lsquo: '‘',
  rdquo: '”',
  ldquo: '“',
  laquo: '«',
  raquo: '»',
  hellip: '…',
  ndash: '–',
  mdash: '—',
  euro: '€',
  copy: '©',
  reg: '®',
  trade: '™',
};

export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);?/gi, (match, entity: string) => {
    if (entity[0] === '#') {
      const code =
        entity[1] === 'x' || entity[1] === 'X' ? Number.parseInt(entity.slice(2), 16) : Number(entity.slice(1));
      if (!Number.isFinite(code) || code <= 0 || code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff)) return '\ufffd';
      return String.fromCodePoint(code);
    }
    return NAMED_ENTITIES[entity] ?? match;
  });
}

/** Collapses whitespace and drops control characters; long texts are cut at `max`. */
function clean(text: string | undefined, max: number): string | null {
  if (text === undefined) return null;
  // Control characters (code points below 32, and 127) become spaces.
  const value = [...decodeEntities(text)]
    .map((c) => ((c.codePointAt(0) ?? 0) < 32 || c === '\u007f' ? ' ' : c))
    .join('')
    .replace(/\s+/g, ' ')
    .trim();
  if (value === '') return null;
  return value.length > max ? `${value.slice(0, max - 1).trimEnd()}…` : value;
}

function absoluteUrl(href: string | undefined, base: URL): string | null {
  const value = href ? decodeEntities(href).trim() : '';
  if (!value) return null;
  try {
    const url = new URL(value, base);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}

const ATTRIBUTE = /([^\s"'<>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/g;

function parseAttributes(source: string): Map<string, string> {
  const attributes = new Map<string, string>();
  for (const match of source.matchAll(ATTRIBUTE)) {
    const name = match[1]?.toLowerCase();
    if (name && !attributes.has(name)) attributes.set(name, match[2] ?? match[3] ?? match[4] ?? '');
  }
  return attributes;
}

const RAW_TEXT = new Set(['script', 'style', 'noscript', 'template', 'textarea']);

export function parseHead(html: string, pageUrl: URL): HeadInfo {
  let title: string | undefined;
  let baseUrl = pageUrl;
  const metas: Map<string, string>[] = [];
  const icons: { rel: string; href: string; type: string }[] = [];

  let index = 0;
  while (index < html.length) {
    const open = html.indexOf('<', index);
    if (open < 0) break;
    if (html.startsWith('<!--', open)) {
      const end = html.indexOf('-->', open + 4);
      index = end < 0 ? html.length : end + 3;
      continue;
    }
    const tag = /^<\/?([a-zA-Z][a-zA-Z0-9-]*)/.exec(html.slice(open, open + 64));
    if (!tag?.[1]) {
      index = open + 1;
      continue;
    }
    const name = tag[1].toLowerCase();
    const closing = html[open + 1] === '/';
    const close = html.indexOf('>', open);
    if (close < 0) break;
    index = close + 1;
    if (closing) {
      if (name === 'head') break;
      continue;
    }
    if (name === 'body') break;
    const attributes = parseAttributes(html.slice(open + 1 + name.length, close));
    if (name === 'title' || RAW_TEXT.has(name)) {
      const end = html.toLowerCase().indexOf(`</${name}`, index);
      const inner = html.slice(index, end < 0 ? html.length : end);
      if (name === 'title' && title === undefined) title = inner;
      index = end < 0 ? html.length : end;
      continue;
    }
    if (name === 'meta') metas.push(attributes);
    else if (name === 'link') {
      const rel = (attributes.get('rel') ?? '').toLowerCase();
      const href = attributes.get('href');
      if (href && /(^|\s)(icon|apple-touch-icon|apple-touch-icon-precomposed)(\s|$)/.test(rel)) {
        icons.push({ rel, href, type: (attributes.get('type') ?? '').toLowerCase() });
      }
    } else if (name === 'base') {
      const href = absoluteUrl(attributes.get('href'), pageUrl);
      if (href) baseUrl = new URL(href);
    }
  }

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
    title: clean(title?.trim() ? title : meta('og:title'), 200),
    description: clean(meta('description', 'og:description', 'twitter:description'), 500),
    ogImage: absoluteUrl(meta('og:image', 'og:image:url', 'og:image:secure_url', 'twitter:image'), baseUrl),
    favicon: absoluteUrl(icon?.href ?? '/favicon.ico', baseUrl),
  };
}
