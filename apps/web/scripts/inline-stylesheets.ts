import fs from 'node:fs';
import path from 'node:path';

/**
 * Puts the style sheet inside every HTML page of the build (`buildEnd` in
 * react-router.config.ts, after prerendering): the page paints as soon as its HTML arrives,
 * without waiting for a render-blocking request, which is most of the first paint on a slow
 * mobile network. The sheet is small (Tailwind, about 8 KB compressed).
 *
 * The <link> stays where React rendered it, so hydration finds the element it expects, but as
 * `media="print"`: it no longer blocks rendering, and the inline copy applies everywhere.
 * The pages' CSP allows inline styles (style-src 'unsafe-inline'), never inline scripts.
 *
 * The same pass gives the scripts' `modulepreload` links `fetchpriority="low"`: a prerendered
 * page is readable before any script runs, so on a slow network its HTML, style and images go
 * first and the scripts (about 150 KB for React and the router) follow; they still start at once.
 * Not in the SPA shell of the member area, which shows nothing until its scripts run.
 */
export function inlineStylesheets(clientDir: string): number {
  let pages = 0;
  const htmlFiles = (fs.readdirSync(clientDir, { recursive: true }) as string[]).filter((f) => f.endsWith('.html'));
  for (const file of htmlFiles) {
    const target = path.join(clientDir, file);
    const html = fs.readFileSync(target, 'utf8');
    const prerendered = !file.endsWith('__spa-fallback.html');
    const inlined = html
      .replace(/<link rel="modulepreload" href="([^"]+)"\/>/g, (link, href: string) =>
        prerendered ? `<link rel="modulepreload" href="${href}" fetchpriority="low"/>` : link,
      )
      .replace(/<link rel="stylesheet" href="(\/assets\/[^"?#]+\.css)"\/>/g, (_link, href: string) => {
        const css = fs.readFileSync(path.join(clientDir, href), 'utf8');
        if (/<\/style/i.test(css)) throw new Error(`${href} cannot be inlined: it contains </style`);
        return `<style>${css}</style><link rel="stylesheet" href="${href}" media="print"/>`;
      });
    if (inlined !== html) {
      fs.writeFileSync(target, inlined);
      pages += 1;
    }
  }
  return pages;
}
