// The member app's layout around the page (root.tsx `Frame`, issue 28): a module of its own, so
// the root carries these classes without the member bars' code (shell/member-shell.tsx, lazy).

export const MEMBER_LAYOUT_CLASS = 'flex min-h-screen flex-1 flex-col lg:flex-row';
export const MEMBER_COLUMN_CLASS = 'flex min-w-0 flex-1 flex-col';
/**
 * Room for the bottom bar (and the phone's home indicator) under the last line: nothing is covered.
 * At least a screen high: the footer starts below the fold, so the page's data arriving never
 * pushes a footer already in view (a layout shift: CLS 0.20 on /aujourdhui, docs/performance.md).
 */
export const MEMBER_MAIN_CLASS = 'min-h-dvh flex-1 pb-[calc(4.5rem+env(safe-area-inset-bottom))] lg:pb-0';
export const MEMBER_FOOTER_CLASS = 'pb-[calc(4.5rem+env(safe-area-inset-bottom))] lg:pb-0';
