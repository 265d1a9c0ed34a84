/**
 * Prerendered pages start their scripts after their first paint (`buildEnd` in
 * react-router.config.ts, after prerendering).
 *
 * A prerendered page is readable from its HTML and inline style alone; its scripts (about 150 KB
 * for React, the router and the page) only make it interactive. React Router writes them as
 * `modulepreload` links plus an inline module script that imports them at once, so on a fast
 * connection they are fetched, parsed and run before the browser paints anything, and the first
 * paint waits for them. Lighthouse then counts the whole script load in the largest paint (2 to
 * 3 s on its simulated mobile instead of under 1 s; docs/performance.md).
 *
 * Here the links leave the HTML and the inline script waits for the first frame
 * (`requestAnimationFrame`, then a task: the frame has been painted), adds the same
 * `modulepreload` links (every script is still fetched in parallel, ten links per task), then
 * imports the same modules in the same order and hands over to React Router's entry exactly as
 * before. A hidden tab (opened in the background) paints nothing, so it starts at once. A form
 * sent before hydration is held instead of going out as a GET with its fields in the address,
 * and sent again through React once the page has hydrated. If a script cannot be loaded, the page
 * says so and offers to reload.
 *
 * A visitor's page does not start its scripts at all until they are needed (decision 0010): the
 * visitor uses the page (pointer, touch, key, focus), a member is signed in on this browser, or a
 * region the scripts fill in (`aria-busy`) comes into view. Meanwhile a click on a control only
 * React drives is held and made again once hydrated.
 *
 * The rewrite expects React Router's script word for word (see `MODULE_SCRIPT`); when a new
 * version writes something else the build fails here instead of shipping a page that does not
 * start. The SPA shell of the member area shows nothing until its scripts run: left as is.
 */
import fs from 'node:fs';
import path from 'node:path';
import { SIGNED_IN_KEY } from '../app/lib/signed-in-hint';

/** What a page says when its scripts could not be loaded (shown by the loader, outside React). */
export const LOAD_FAILED = 'La page n’a pas pu être chargée entièrement. Vérifiez votre connexion, puis rechargez-la.';
export const RELOAD = 'Recharger la page';
const ALERT_STYLE =
  'position:fixed;left:0;right:0;bottom:0;z-index:60;padding:12px 16px;background:#fef2f2;color:#991b1b;border-top:1px solid #fecaca;text-align:center;font-size:15px';
const BUTTON_STYLE =
  'margin-left:8px;padding:4px 8px;border:1px solid #991b1b;border-radius:6px;background:#fff;color:#991b1b;font-weight:600;cursor:pointer';

/** What tells the loader a visitor is about to use the page: its scripts start. */
const INTERACTIONS = ['pointerdown', 'pointermove', 'touchstart', 'keydown', 'focusin'];
/** Controls that work without scripts: a click on them is left to the browser. */
const NATIVE_CONTROLS =
  'a[href], summary, label, input, select, textarea, form button:not([type="button"]), form [type="submit"]';
/** Controls that only React drives: a click before hydration is held and made again after. */
const SCRIPTED_CONTROLS =
  'button, [role="button"], [role="tab"], [role="menuitem"], [role="switch"], [role="checkbox"]';

/** React Router 7's loader script on a prerendered page. */
const MODULE_SCRIPT = /<script type="module" async="">([\s\S]*?)<\/script>/g;
const STATIC_IMPORT = /^import (?:\* as (route\d+) from )?"(\/assets\/[^"]+\.js)";$/;
const ROUTE_MODULES = /^window\.__reactRouterRouteModules = (\{[^<]*\});$/;
const ENTRY_IMPORT = /^import\("(\/assets\/[^"]+\.js)"\);$/;
const PRELOAD_LINK = /<link rel="modulepreload" href="(\/assets\/[^"]+\.js)"\/>/g;

/** The deferred loader for one page, from React Router's script and the page's preload links. */
export function startAfterPaintScript(reactRouterScript: string, preloads: string[]): string {
  const lines = reactRouterScript
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);
  const imports: { name?: string; href: string }[] = [];
  let routeModules: string | undefined;
  let entry: string | undefined;
  for (const line of lines) {
    const staticImport = STATIC_IMPORT.exec(line);
    const modules = ROUTE_MODULES.exec(line);
    const entryImport = ENTRY_IMPORT.exec(line);
    if (staticImport?.[2] && routeModules === undefined) imports.push({ name: staticImport[1], href: staticImport[2] });
    else if (modules?.[1] && routeModules === undefined && imports.length > 0) routeModules = modules[1];
    else if (entryImport?.[1] && routeModules !== undefined && entry === undefined) entry = entryImport[1];
    else throw new Error(`Unexpected line in React Router's module script: ${line}`);
  }
  if (routeModules === undefined || entry === undefined) {
    throw new Error("React Router's module script no longer sets the route modules then imports the entry");
  }
  const q = (value: string) => JSON.stringify(value);
  return [
    // Until React has hydrated the page, a form sent with Enter or its button would be sent by
    // the browser itself (a public page's form is posted to the server, which answers without
    // React, docs/decisions/0012; any other would go out as a GET with its fields in the
    // address). Hold it, then send it again once hydrated (root.tsx sets data-hydrated on
    // <html>), through React's handler: the fields keep what was typed, and the Enter is not lost.
    'const html = document.documentElement;',
    'let held = null;',
    'let failed = false;',
    "document.addEventListener('submit', (event) => {",
    "  if (html.dataset.hydrated === 'true') return;",
    // The scripts could not be loaded: a form the server answers (posted) goes as the browser sends it.
    "  if (failed && event.target.method === 'post') return;",
    '  event.preventDefault();',
    '  held = { form: event.target, submitter: event.submitter };',
    '}, true);',
    'new MutationObserver((_, observer) => {',
    "  if (html.dataset.hydrated !== 'true') return;",
    '  observer.disconnect();',
    '  const { form, submitter } = held ?? {};',
    '  held = null;',
    '  if (form?.isConnected) form.requestSubmit(submitter?.form === form ? submitter : undefined);',
    "}).observe(html, { attributes: true, attributeFilter: ['data-hydrated'] });",
    // Before hydration a click on a control that only React drives (a button that opens a
    // dialog, say) would do nothing: hold the last one and click it again once hydrated. Links,
    // summaries, labels, fields and a form's submit buttons work by themselves and go through.
    'let heldClick = null;',
    "document.addEventListener('click', (event) => {",
    "  if (html.dataset.hydrated === 'true') return;",
    '  const target = event.target instanceof Element ? event.target : null;',
    `  if (!target || target.closest(${q(NATIVE_CONTROLS)})) return;`,
    `  const control = target.closest(${q(SCRIPTED_CONTROLS)});`,
    '  if (!control) return;',
    '  event.preventDefault();',
    '  event.stopPropagation();',
    '  heldClick = control;',
    '}, true);',
    'new MutationObserver((_, observer) => {',
    "  if (html.dataset.hydrated !== 'true') return;",
    '  observer.disconnect();',
    '  const control = heldClick;',
    '  heldClick = null;',
    '  if (control?.isConnected) control.click();',
    "}).observe(html, { attributes: true, attributeFilter: ['data-hydrated'] });",
    // When to start (docs/decisions/0010-scripts-when-needed.md). A visitor who reads a page does
    // not need its scripts: every control works without them. They start, after the first
    // paint, when one of these happens: the visitor signed in on this browser (their header is
    // React's), a part of the page still loading (aria-busy) comes into view, the visitor
    // moves the pointer, touches, presses a key or focuses a control. `?scripts=now` forces it.
    'await new Promise((start) => {',
    '  let started = false;',
    `  const interactions = ${JSON.stringify(INTERACTIONS)};`,
    '  let observer = null;',
    '  const go = () => {',
    '    if (started) return;',
    '    started = true;',
    '    for (const type of interactions) window.removeEventListener(type, go, true);',
    '    observer?.disconnect();',
    "    if (document.visibilityState === 'hidden') start();",
    '    else requestAnimationFrame(() => setTimeout(start, 0));',
    '  };',
    '  let signedIn = false;',
    '  try {',
    `    signedIn = window.localStorage.getItem(${q(SIGNED_IN_KEY)}) === '1';`,
    '  } catch {}',
    "  if (signedIn || new URLSearchParams(window.location.search).has('scripts')) return go();",
    '  for (const type of interactions) window.addEventListener(type, go, { capture: true, passive: true });',
    '  const busy = document.querySelectorAll(\'[aria-busy="true"]\');',
    '  if (busy.length > 0 && window.IntersectionObserver) {',
    "    observer = new window.IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && go(), { rootMargin: '300px' });",
    '    for (const element of busy) observer.observe(element);',
    '  } else if (busy.length > 0) go();',
    '});',
    // Starting a request costs the main thread about 0.3 ms (more than 1 ms on a slow phone):
    // the forty links go in groups of ten, one task each, so none of them is a long task.
    `const preloads = ${JSON.stringify(preloads)};`,
    'for (let i = 0; i < preloads.length; i += 10) {',
    '  if (i > 0) await new Promise((next) => setTimeout(next, 0));',
    "  document.head.append(...preloads.slice(i, i + 10).map((href) => Object.assign(document.createElement('link'), { rel: 'modulepreload', href })));",
    '}',
    'try {',
    ...imports.map(({ name, href }) =>
      name ? `  const ${name} = await import(${q(href)});` : `  await import(${q(href)});`,
    ),
    `  window.__reactRouterRouteModules = ${routeModules};`,
    `  await import(${q(entry)});`,
    '} catch (error) {',
    // A posted form held meanwhile is answered by the server without scripts (decision 0012):
    // send it now rather than lose what was typed.
    '  failed = true;',
    '  const pending = held?.form;',
    '  held = null;',
    "  if (pending?.isConnected && pending.method === 'post') pending.submit();",
    // A script could not be loaded (the network dropped): the page stays readable, but its links
    // and forms would wait for nothing. Say so, with a way out.
    "  const alert = document.createElement('div');",
    "  alert.setAttribute('role', 'alert');",
    `  alert.style.cssText = ${q(ALERT_STYLE)};`,
    `  alert.textContent = ${q(LOAD_FAILED)};`,
    "  const reload = document.createElement('button');",
    "  reload.type = 'button';",
    `  reload.style.cssText = ${q(BUTTON_STYLE)};`,
    `  reload.textContent = ${q(RELOAD)};`,
    "  reload.addEventListener('click', () => location.reload());",
    "  alert.append(' ', reload);",
    '  document.body.prepend(alert);',
    '  throw error;',
    '}',
  ].join('\n');
}

/** Rewrites every prerendered page of the client build; returns how many it changed. */
export function startAfterPaint(clientDir: string): number {
  let pages = 0;
  const htmlFiles = (fs.readdirSync(clientDir, { recursive: true }) as string[]).filter(
    (f) => f.endsWith('.html') && !f.endsWith('__spa-fallback.html'),
  );
  for (const file of htmlFiles) {
    const target = path.join(clientDir, file);
    const html = fs.readFileSync(target, 'utf8');
    const scripts = [...html.matchAll(MODULE_SCRIPT)];
    const [script] = scripts;
    if (!script) {
      // A page that loads scripts some other way: React Router changed how it writes them.
      if (/rel="modulepreload"|__reactRouterContext/.test(html)) {
        throw new Error(`${file}: React Router's module script was not found`);
      }
      continue;
    }
    if (scripts.length > 1) throw new Error(`${file}: more than one module script`);
    const preloads = [...html.matchAll(PRELOAD_LINK)].flatMap((m) => (m[1] ? [m[1]] : []));
    const loader = startAfterPaintScript(script[1] ?? '', preloads);
    if (loader.includes('</')) throw new Error(`${file}: the loader cannot be inlined`);
    const rewritten = html
      .replace(PRELOAD_LINK, '')
      .replace(script[0], () => `<script type="module" async="">${loader}</script>`);
    if (/rel="modulepreload"/.test(rewritten)) throw new Error(`${file}: a modulepreload link was not recognised`);
    fs.writeFileSync(target, rewritten);
    pages += 1;
  }
  return pages;
}
