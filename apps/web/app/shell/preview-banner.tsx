import { isPreviewHost, PREVIEW_BANNER_TEXT, servedParts } from '@synergie/shared/site';

/**
 * The banner of preview hosts (spec section 1; which hosts: isPreviewHost). In the flow at the top
 * of the page, never over it. Prerendered hidden; the server shows it in the HTML it sends to a
 * preview host (plugins/web.ts, `data-served`), and the browser's first render reads the same
 * host, so it is there before any script and hydration agrees.
 */
export function PreviewBanner() {
  const show = typeof window !== 'undefined' && isPreviewHost(window.location.hostname);
  return (
    <div
      data-served={servedParts.previewBanner}
      hidden={!show}
      role="status"
      className="bg-amber-400 px-4 py-1 text-center text-sm font-semibold text-amber-950"
    >
      {PREVIEW_BANNER_TEXT}
    </div>
  );
}
