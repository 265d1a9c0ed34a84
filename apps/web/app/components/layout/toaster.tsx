import { TOAST_DURATION_MS } from '@synergie/shared/constants';
import { lazy, Suspense, useEffect, useState } from 'react';

const SonnerToaster = lazy(() => import('sonner').then((m) => ({ default: m.Toaster })));

/** Mounts the toast area once the page is interactive; its code is fetched then, not before. */
export function Toaster() {
  const [ready, setReady] = useState(false);
  useEffect(() => setReady(true), []);
  if (!ready) return null;
  return (
    <Suspense fallback={null}>
      <SonnerToaster position="top-right" richColors closeButton duration={TOAST_DURATION_MS} />
    </Suspense>
  );
}
