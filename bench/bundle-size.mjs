// Builds the web app and reports the gzip size of the JavaScript and CSS the home page loads.
// Fails above the budget. Usage: npm run bench:bundle [-- --skip-build] [-- --page /contact]
import { execSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

/** Budgets in bytes, gzipped. */
// React 19 and React Router 7 alone weigh about 105 KB gzipped: docs/decisions/0002-bundle-budget.md.
const BUDGET = { js: 156 * 1024, css: 20 * 1024 };

const root = path.resolve(import.meta.dirname, '..');
const clientDir = path.join(root, 'apps/web/build/client');
const args = process.argv.slice(2);
const pageArg = args.includes('--page') ? args[args.indexOf('--page') + 1] : '/';

if (!args.includes('--skip-build')) {
  execSync('npm run build', { cwd: root, stdio: 'inherit' });
}

const htmlFile = path.join(clientDir, pageArg === '/' ? '' : pageArg, 'index.html');
const html = fs.readFileSync(htmlFile, 'utf8');

const js = new Set();
const css = new Set();
for (const m of html.matchAll(/<script[^>]+src="([^"]+)"/g)) js.add(m[1]);
for (const m of html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+)"/g)) js.add(m[1]);
for (const m of html.matchAll(/<link[^>]+href="([^"]+)"[^>]+rel="modulepreload"/g)) js.add(m[1]);
for (const m of html.matchAll(/<link[^>]+rel="stylesheet"[^>]+href="([^"]+)"/g)) css.add(m[1]);
const inlineJs = [...html.matchAll(/<script(?![^>]*\bsrc=)(?![^>]*application\/ld\+json)[^>]*>([\s\S]*?)<\/script>/g)]
  .map((m) => m[1])
  .join('\n');
// Modules the inline loader imports or preloads once the page has painted
// (apps/web/scripts/start-after-paint.ts).
for (const m of inlineJs.matchAll(/["'](\/assets\/[^"']+\.js)["']/g)) js.add(m[1]);

const measure = (files) =>
  [...files].map((file) => {
    const buf = fs.readFileSync(path.join(clientDir, file));
    return { file, raw: buf.length, gzip: gzipSync(buf, { level: 9 }).length };
  });

const jsFiles = measure(js);
const cssFiles = measure(css);
const inlineGzip = gzipSync(Buffer.from(inlineJs), { level: 9 }).length;
const sum = (rows) => rows.reduce((n, r) => n + r.gzip, 0);
const jsTotal = sum(jsFiles) + inlineGzip;
const cssTotal = sum(cssFiles);
const kb = (n) => `${(n / 1024).toFixed(1)} KB`;

console.log(`Initial load of ${pageArg} (gzip level 9)`);
for (const r of [...jsFiles, ...cssFiles].sort((a, b) => b.gzip - a.gzip)) {
  console.log(`  ${kb(r.gzip).padStart(9)}  (${kb(r.raw).padStart(9)} raw)  ${r.file}`);
}
console.log(`  ${kb(inlineGzip).padStart(9)}  inline scripts`);
console.log(`JavaScript: ${kb(jsTotal)} gzipped (budget ${kb(BUDGET.js)})`);
console.log(`CSS:        ${kb(cssTotal)} gzipped (budget ${kb(BUDGET.css)})`);

let failed = false;
if (jsTotal > BUDGET.js) {
  console.error(`JavaScript over budget by ${kb(jsTotal - BUDGET.js)}`);
  failed = true;
}
if (cssTotal > BUDGET.css) {
  console.error(`CSS over budget by ${kb(cssTotal - BUDGET.css)}`);
  failed = true;
}
process.exit(failed ? 1 : 0);
