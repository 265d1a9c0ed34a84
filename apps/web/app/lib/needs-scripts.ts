/**
 * The class of a control that works through React only (a button with an onClick): hidden until
 * the page has hydrated (root.tsx sets data-hydrated on <html>), so a page read without scripts
 * shows no control that does nothing (issue 20, docs/decisions/0012). Plain CSS: the prerendered
 * markup and React's first render stay the same.
 */
export const NEEDS_SCRIPTS = '[html:not([data-hydrated])_&]:hidden';
