/** @jsxRuntime automatic @jsxImportSource react */
// The pragma above keeps the automatic JSX runtime when tsx runs the server from the repository
// root, where it does not read apps/server/tsconfig.json; tsc, vitest and esbuild read either.
import { createRequire } from 'node:module';
import { createContext, type ReactElement, type ReactNode, useContext } from 'react';

/**
 * A mail is one React tree rendered twice: as HTML, and as the plain-text version. The few places
 * where the two say things differently (a button in HTML, the address written out in text; the
 * team's signature only in text) ask which one is being rendered.
 */
export type MailMode = 'html' | 'text';
const MailModeContext = createContext<MailMode>('html');

export const useMailMode = (): MailMode => useContext(MailModeContext);

/** Shown in the HTML version only. */
export function HtmlOnly({ children }: { children: ReactNode }) {
  return useMailMode() === 'html' ? children : null;
}

/** Shown in the plain-text version only. */
export function TextOnly({ children }: { children: ReactNode }) {
  return useMailMode() === 'text' ? children : null;
}

/**
 * React DOM's static renderer and React Email's plain-text conversion, as its `toPlainText` (and so
 * `render(..., { plainText: true })`) does it: html-to-text with React Email's selectors (links
 * written out without brackets, images and `data-skip-in-text` skipped) and no wrapping, compiled
 * once here (`toPlainText` compiles the options on every call, which costs more than rendering the
 * mail: about 10 ms against 1).
 *
 * Loaded at the first mail, or by `preloadMailRenderer()` (server.ts, shortly after the server
 * listens), not with the server's modules: they take about 70 ms to load, which the start then
 * does not wait for (docs/performance.md, "Memory and start"). `require` keeps `renderMail`
 * synchronous; the three packages are CommonJS for Node.
 */
interface Renderer {
  renderToStaticMarkup: (element: ReactElement) => string;
  toPlainText: (html: string) => string;
}
let renderer: Renderer | undefined;

function loadRenderer(): Renderer {
  if (!renderer) {
    const require = createRequire(import.meta.url);
    const { renderToStaticMarkup } = require('react-dom/server') as typeof import('react-dom/server');
    const { plainTextSelectors } = require('@react-email/render') as typeof import('@react-email/render');
    const { compile } = require('html-to-text') as typeof import('html-to-text');
    renderer = { renderToStaticMarkup, toPlainText: compile({ wordwrap: false, selectors: plainTextSelectors }) };
  }
  return renderer;
}

/** Loads the mail renderer now, so that the first mail does not wait for it. */
export function preloadMailRenderer(): void {
  loadRenderer();
}

/** React DOM's static markup of a tree (mails, the development mailbox's page). */
export function renderStaticMarkup(element: ReactElement): string {
  return loadRenderer().renderToStaticMarkup(element);
}

/** React Email's doctype, as `render()` of @react-email/render writes it. */
const DOCTYPE =
  '<!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.0 Transitional//EN" "http://www.w3.org/TR/xhtml1/DTD/xhtml1-transitional.dtd">';

/**
 * The HTML and the plain text of a mail. React escapes every value (no hand-written escaping);
 * the text is React Email's own conversion (the one `render(..., { plainText: true })` applies),
 * so `<script>` or `&` in a member's words reach the text version intact.
 *
 * Synchronous on purpose: `render()` of @react-email/render is async (streaming, for Suspense),
 * but a mail is built inside the transaction of the change that causes it, by callers that expect
 * a plain value. With no Suspense in these templates, React DOM's static renderer gives the same
 * markup without the streaming comments (checked by the templates' tests).
 */
export function renderMail(mail: ReactElement): { html: string; text: string } {
  const { renderToStaticMarkup, toPlainText } = loadRenderer();
  const html = renderToStaticMarkup(inMailMode('html', mail));
  const textMarkup = renderToStaticMarkup(inMailMode('text', mail));
  return { html: `${DOCTYPE}${html}`, text: `${toPlainText(textMarkup)}\n` };
}

/** A mail's tree as one of its two versions (exported for the tests that compare with `render()`). */
export function inMailMode(mode: MailMode, mail: ReactElement): ReactElement {
  return <MailModeContext value={mode}>{mail}</MailModeContext>;
}
