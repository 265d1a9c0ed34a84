import fs from 'node:fs';
import path from 'node:path';

/**
 * Puts the style sheet inside every HTML page of the build (`buildEnd` in
 * react-router.config.ts, after prerendering): the page paints as soon as its HTML arrives,
 * without waiting for a render-blocking request, which is most of the first paint on a slow
 * mobile network. The sheet is small (Tailwind, about 8 KB compressed).
 *
 * The <link> stays where React rendered it, so hydration finds the element it expects, but
 * `disabled`: the browser neither fetches nor applies it (with `media="print"` it was still
 * fetched and parsed after the first paint, a long task on a slow phone), and the inline copy
 * applies everywhere, in print too.
 * The pages' CSP allows inline styles (style-src 'unsafe-inline'), never inline scripts.
 * The scripts of prerendered pages then wait for the first paint (scripts/start-after-paint.ts).
 */
export function inlineStylesheets(clientDir: string): number {
  let pages = 0;
  const htmlFiles = (fs.readdirSync(clientDir, { recursive: true }) as string[]).filter((f) => f.endsWith('.html'));
  for (const file of htmlFiles) {
    const target = path.join(clientDir, file);
    const html = fs.readFileSync(target, 'utf8');
    const inlined = html.replace(
      /<link rel="stylesheet" href="(\/assets\/[^"?#]+\.css)"\/>/g,
      (_link, href: string) => {
        const css = fs.readFileSync(path.join(clientDir, href), 'utf8');
        if (/<\/style/i.test(css)) throw new Error(`${href} cannot be inlined: it contains </style`);
        return `<style>${css}</style><link rel="stylesheet" href="${href}" disabled=""/>`;
      },
    );
    if (inlined !== html) {
      fs.writeFileSync(target, inlined);
      pages += 1;
    }
  }
  return pages;
}
