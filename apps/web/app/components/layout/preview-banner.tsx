import { isPreviewHost, PREVIEW_BANNER_TEXT } from '@synergie/shared/site';
import { useEffect, useState } from 'react';

/** Fixed top banner on preview hosts (spec section 1); which hosts is decided by isPreviewHost. */
export function PreviewBanner() {
  // Decided after hydration: the prerendered HTML cannot know which host serves it.
  const [show, setShow] = useState(false);
  useEffect(() => setShow(isPreviewHost(window.location.hostname)), []);
  if (!show) return null;
  return (
    <div
      role="status"
      className="fixed inset-x-0 top-0 z-50 bg-amber-400 px-4 py-1 text-center text-sm font-semibold text-amber-950"
    >
      {PREVIEW_BANNER_TEXT}
    </div>
  );
}
