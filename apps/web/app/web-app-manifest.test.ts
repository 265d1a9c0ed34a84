// The installed app's manifest (public/manifest.webmanifest, issue 28): French, every icon size
// on disk at its size, the theme of the site, and shortcuts that open real member pages.
import fs from 'node:fs';
import path from 'node:path';
import { appPages, matchRoutePattern } from '@synergie/shared/site';
import { describe, expect, it } from 'vitest';
import routes from './routes';
import { places, TODAY_PATH } from './shell/member-places';

const publicDir = path.join(import.meta.dirname, '..', 'public');
const manifest = JSON.parse(fs.readFileSync(path.join(publicDir, 'manifest.webmanifest'), 'utf8')) as {
  name: string;
  short_name: string;
  description: string;
  lang: string;
  start_url: string;
  scope: string;
  display: string;
  theme_color: string;
  background_color: string;
  icons: { src: string; sizes: string; type: string; purpose: string }[];
  shortcuts: { name: string; url: string; icons: { src: string }[] }[];
};

/** A PNG's width and height, from its IHDR chunk. */
function pngSize(file: string): [number, number] {
  const data = fs.readFileSync(file);
  expect(data.subarray(1, 4).toString('latin1')).toBe('PNG');
  return [data.readUInt32BE(16), data.readUInt32BE(20)];
}

const routePaths = (routes as { path?: string; index?: boolean }[]).map((r) => (r.index ? '/' : `/${r.path}`));

describe('the web app manifest', () => {
  it('names the app in French and opens the member’s home, standalone, in the site’s colours', () => {
    expect(manifest.name).toBe('Synergie Pro');
    expect(manifest.short_name.length).toBeLessThanOrEqual(12);
    expect(manifest.lang).toBe('fr');
    expect(manifest.description).toMatch(/réseau d’affaires/);
    // French typography: a no-break space before the colon, no straight apostrophe.
    expect(manifest.description).not.toMatch(/ :|'/);
    expect(manifest.start_url).toBe(TODAY_PATH);
    expect(manifest.scope).toBe('/');
    expect(manifest.display).toBe('standalone');
    const css = fs.readFileSync(path.join(import.meta.dirname, 'app.css'), 'utf8');
    expect(css).toContain(`--color-brand-800: ${manifest.theme_color};`);
    const root = fs.readFileSync(path.join(import.meta.dirname, 'root.tsx'), 'utf8');
    expect(root).toContain(`<meta name="theme-color" content="${manifest.theme_color}" />`);
    expect(manifest.background_color).toBe('#ffffff');
  });

  it('lists every icon size, each file on disk at its size, and maskable icons at 192 and 512', () => {
    const any = manifest.icons.filter((icon) => icon.purpose === 'any').map((icon) => icon.sizes);
    expect(any).toEqual([48, 72, 96, 128, 144, 152, 192, 256, 384, 512].map((s) => `${s}x${s}`));
    const maskable = manifest.icons.filter((icon) => icon.purpose === 'maskable').map((icon) => icon.sizes);
    expect(maskable).toEqual(['192x192', '512x512']);
    for (const icon of [...manifest.icons, ...manifest.shortcuts.flatMap((s) => s.icons)]) {
      const size = 'sizes' in icon ? Number((icon as { sizes: string }).sizes.split('x')[0]) : undefined;
      const [width, height] = pngSize(path.join(publicDir, icon.src));
      expect(width).toBe(height);
      if (size) expect(width, icon.src).toBe(size);
    }
    expect(pngSize(path.join(publicDir, 'apple-touch-icon.png'))).toEqual([180, 180]);
  });

  it('has shortcuts to Recommander and Pointer ma présence, member pages of the route table', () => {
    expect(manifest.shortcuts.map((s) => [s.name, s.url])).toEqual([
      ['Recommander', '/recommandations/nouvelle'],
      ['Pointer ma présence', '/pointage'],
    ]);
    for (const { url } of manifest.shortcuts) {
      expect(routePaths, url).toContain(url);
      expect(appPages.some((pattern) => matchRoutePattern(pattern, url))).toBe(true);
    }
    // The same Recommander as the bottom bar's central action.
    expect(places.find((p) => p.primary)?.to).toBe(manifest.shortcuts[0]?.url);
  });
});
