import { TOAST_DURATION_MS } from '@synergie/shared/constants';
import type * as React from 'react';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { registerToastHost } from '~/lib/toast';

/**
 * Sonner's rich colours put their text at 4.3:1 on its tinted backgrounds (3.1:1 for warnings),
 * under WCAG AA's 4.5:1: same hues, darker text (5.7:1 and more).
 */
const contrastFix = {
  '--success-text': 'hsl(140, 100%, 22%)',
  '--info-text': 'hsl(210, 92%, 38%)',
  '--warning-text': 'hsl(31, 92%, 30%)',
  '--error-text': 'hsl(360, 100%, 38%)',
} as React.CSSProperties;

const SonnerToaster = lazy(() => import('sonner').then((m) => ({ default: m.Toaster })));

/** The toast area, mounted with the first toast (lib/toast.ts): its code is fetched then, not before. */
export function Toaster() {
  const [wanted, setWanted] = useState(false);
  const ready = useRef<() => void>(() => {});
  useEffect(() => {
    const mounted = new Promise<void>((resolve) => {
      ready.current = resolve;
    });
    return registerToastHost(() => {
      setWanted(true);
      return mounted;
    });
  }, []);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      {/*
       * Under the header, never over it: the bell, `Mon profil` and the menu stay in reach
       * (issue 31); the latest toast alone, so two in a row do not pile up over the page.
       */}
      <SonnerToaster
        position="top-center"
        offset={{ top: '5rem' }}
        mobileOffset={{ top: '4.25rem' }}
        visibleToasts={1}
        richColors
        closeButton
        duration={TOAST_DURATION_MS}
        style={contrastFix}
      />
      <Listening ready={ready} />
    </Suspense>
  );
}

/** Its effect runs after the toast area's own (siblings in order): the area listens by then. */
function Listening({ ready }: { ready: React.RefObject<() => void> }) {
  useEffect(() => ready.current(), [ready]);
  return null;
}
