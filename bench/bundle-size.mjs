// What a browser downloads for the first view of the public pages: every script response from the
// navigation until the network is idle (Playwright's `networkidle`: no request for 500 ms), counted
// in Chromium against the built production server, not read from the HTML's tags. Each script is
// counted gzipped (its .gz, as a browser that does not take Brotli gets it) and as transferred (the
// browser takes Brotli). Fails above the budget (issue 20, docs/decisions/0002-bundle-budget.md).
// Usage: npm run bench:bundle [-- --skip-build] [-- --pages /,/events,/pricing]
//        [-- --budget-kb N] [-- --max-requests N] [-- --used-budget-kb N] [-- --verbose]
import { execSync } from 'node:child_process';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './lib/chromium.mjs';
import { startBuiltServer } from './lib/start-server.mjs';

const root = path.resolve(import.meta.dirname, '..');
const args = process.argv.slice(2);
const arg = (name, fallback) => (args.includes(name) ? args[args.indexOf(name) + 1] : fallback);

const PAGES = arg('--pages', '/,/events,/pricing').split(',');
/**
 * Issue 20's goal for a page's first view: at most 100 KB of gzipped JavaScript, every script
 * response counted, in fewer than 15 requests. The three pages' first view needs no script
 * (decision 0010; /events has its lists written in by the server, decision 0013).
 * Once used (hydrated), every page stays under USED_KB.
 */
const TARGET = { kb: 100, requests: 14 };
/** A page's own first-view budget when it cannot meet the target (none today). */
const FIRST_VIEW = {};
const USED_KB = Number(arg('--used-budget-kb', '170'));
const budgetOf = (page) => {
  const own = FIRST_VIEW[page] ?? TARGET;
  return {
    js: Number(arg('--budget-kb', String(own.kb))) * 1024,
    requests: Number(arg('--max-requests', String(own.requests))),
  };
};

if (!args.includes('--skip-build')) execSync('npm run build', { cwd: root, stdio: 'inherit' });

const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
const server = await startBuiltServer({ name: 'bundle' });
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });

/** The .gz a server sends to a browser that accepts gzip only (the precompressed copy). */
async function gzipSize(url) {
  const response = await fetch(url, { headers: { 'accept-encoding': 'gzip' } });
  const body = Buffer.from(await response.arrayBuffer());
  // fetch() decodes the body: gzip it again at the level of the precompressed copies.
  return { raw: body.length, gzip: gzipSync(body, { level: 9 }).length };
}

let failed = false;
const summary = [];
try {
  for (const pagePath of PAGES) {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'fr-FR' });
    const page = await context.newPage();
    const scripts = [];
    page.on('requestfinished', async (request) => {
      if (request.resourceType() !== 'script') return;
      scripts.push({ url: request.url(), sizes: request.sizes() });
    });
    await page.goto(`${server.baseURL}${pagePath}`, { waitUntil: 'networkidle' });
    const inline = await page.evaluate(() =>
      [...document.querySelectorAll('script:not([src])')]
        .filter((s) => s.type !== 'application/ld+json' && s.type !== 'application/json')
        .map((s) => s.textContent ?? '')
        .join('\n'),
    );
    const measure = async (list) => {
      const out = [];
      for (const s of list) {
        const { responseBodySize } = await s.sizes;
        out.push({ file: new URL(s.url).pathname, transferred: responseBodySize, ...(await gzipSize(s.url)) });
      }
      return out;
    };
    const rows = await measure(scripts.splice(0));
    // Then the visitor uses the page (the pointer moves): React and the page's modules start.
    await page.mouse.move(10, 10);
    await page.waitForSelector('html[data-hydrated="true"]', { state: 'attached', timeout: 60_000 });
    await page.waitForLoadState('networkidle');
    await new Promise((r) => setTimeout(r, 600));
    const later = await measure(scripts.splice(0));
    await context.close();
    const total = (key, list = rows) => list.reduce((n, r) => n + r[key], 0);
    const inlineGzip = gzipSync(Buffer.from(inline), { level: 9 }).length;
    console.log(`\nFirst view of ${pagePath}: ${rows.length} script requests until the network is idle`);
    for (const r of rows.sort((a, b) => b.gzip - a.gzip)) {
      console.log(
        `  ${kb(r.gzip).padStart(9)} gzip  ${kb(r.transferred).padStart(9)} sent  (${kb(r.raw).padStart(9)} raw)  ${r.file}`,
      );
    }
    console.log(`  ${kb(inlineGzip).padStart(9)} gzip  inline scripts of the HTML (counted with the page, not above)`);
    const js = total('gzip');
    const { js: BUDGET_JS, requests: MAX_REQUESTS } = budgetOf(pagePath);
    console.log(
      `JavaScript of ${pagePath}: ${kb(js)} gzipped, ${kb(total('transferred'))} as sent (Brotli), ${rows.length} requests (budget ${kb(BUDGET_JS)}, at most ${MAX_REQUESTS} requests)`,
    );
    if (js > TARGET.kb * 1024 || rows.length > TARGET.requests) {
      console.log(
        `  issue 20's target (${TARGET.kb} KB, fewer than ${TARGET.requests + 1} requests) is not met on ${pagePath}`,
      );
    }
    const all = [...rows, ...later];
    if (total('gzip', all) > USED_KB * 1024) {
      console.error(
        `${pagePath}: once used, JavaScript over ${USED_KB} KB by ${kb(total('gzip', all) - USED_KB * 1024)}`,
      );
      failed = true;
    }
    console.log(
      `  and once used (hydrated, network idle again): ${kb(total('gzip', all))} gzipped, ${kb(total('transferred', all))} as sent, ${all.length} requests`,
    );
    if (args.includes('--verbose')) {
      for (const r of later.sort((a, b) => b.gzip - a.gzip)) {
        console.log(
          `  ${kb(r.gzip).padStart(9)} gzip  ${kb(r.transferred).padStart(9)} sent  (${kb(r.raw).padStart(9)} raw)  ${r.file}`,
        );
      }
    }
    summary.push({
      page: pagePath,
      js,
      sent: total('transferred'),
      requests: rows.length,
      usedJs: total('gzip', all),
      usedRequests: all.length,
    });
    if (js > BUDGET_JS) {
      console.error(`${pagePath}: JavaScript over budget by ${kb(js - BUDGET_JS)}`);
      failed = true;
    }
    if (rows.length > MAX_REQUESTS) {
      console.error(`${pagePath}: ${rows.length} script requests, more than ${MAX_REQUESTS}`);
      failed = true;
    }
  }
} finally {
  await browser.close();
  await server.stop();
}
console.log(
  '\n| page | first view: JavaScript (gzip) | as sent (Brotli) | script requests | once used: JavaScript (gzip) | requests |\n|---|---:|---:|---:|---:|---:|',
);
for (const s of summary) {
  console.log(`| ${s.page} | ${kb(s.js)} | ${kb(s.sent)} | ${s.requests} | ${kb(s.usedJs)} | ${s.usedRequests} |`);
}
process.exit(failed ? 1 : 0);
