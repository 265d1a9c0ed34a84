import type * as React from 'react';
import { useEffect, useRef } from 'react';

/**
 * The title of a step that replaces another (code step, two-factor step): it takes the focus
 * when it appears, so keyboard and screen reader users land on the new step.
 */
export function StepHeading({ children, focusOnMount = true }: { children: React.ReactNode; focusOnMount?: boolean }) {
  const ref = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (focusOnMount) ref.current?.focus();
  }, [focusOnMount]);
  return (
    <h2 ref={ref} tabIndex={-1} className="text-lg font-semibold text-slate-900 focus:outline-none">
      {children}
    </h2>
  );
}
