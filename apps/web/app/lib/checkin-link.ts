/** What a check-in QR code of this site opens: a meeting's (/pointage) or an event's (/events/pointage). */
export type CheckinLink = { kind: 'meeting' | 'event'; token: string; path: string };

const PATHS: Record<string, CheckinLink['kind']> = { '/pointage': 'meeting', '/events/pointage': 'event' };

/**
 * Reads a scanned text as one of our check-in links, or null: another site's address, another
 * page of ours or plain text is not a check-in code. `origins` are the addresses the site answers on
 * (the page's own and the configured public one, which the server writes into the codes).
 */
export function parseCheckinLink(text: string, origins: readonly string[]): CheckinLink | null {
  let url: URL;
  try {
    url = new URL(text.trim());
  } catch {
    return null;
  }
  if (!origins.includes(url.origin)) return null;
  const kind = PATHS[url.pathname.replace(/\/+$/, '')];
  const token = url.searchParams.get('jeton')?.trim() ?? '';
  if (!kind || token === '') return null;
  const path = `${kind === 'meeting' ? '/pointage' : '/events/pointage'}?jeton=${encodeURIComponent(token)}`;
  return { kind, token, path };
}

/**
 * The addresses our codes may carry: this page's own and the public one the server writes into
 * them (SITE_URL, read here rather than from lib/site so tests need no build settings).
 */
export function siteOrigins(): string[] {
  const origins = [window.location.origin];
  try {
    // The served SITE_URL (lib/site.ts), read from the page as lib/site does.
    const configured = document.documentElement.dataset.siteUrl;
    if (configured) origins.push(new URL(configured).origin);
  } catch {
    // A malformed build setting: this page's own address still works.
  }
  return origins;
}
