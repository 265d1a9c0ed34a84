// How long a member waits for their own data on a phone's network, with the page's first reads
// written in by the server (decision 0033) and without them (the same build, the reads taken out
// of the page on the way, so the browser reads them itself as before).
// Chromium at 390 × 844, slow 4G (150 ms, 1.6 Mbit/s down, 750 kbit/s up), processor slowed 4×;
// a new member in a trial opens /aujourdhui; the time is from the navigation to the first card
// that needs `GET /api/me/today` (the first steps' checklist), alternating the two ways.
// The web app must be built (npm run build).
// Usage: npm run bench:member-data [-- --runs 5] [-- --page /aujourdhui --text "Choisissez d’abord"]
// packages/shared/src/served-reads.ts SERVED_READS_ID (a .ts module: Node 20 cannot import it here).
const SERVED_READS_ID = 'lectures-servies';

import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH, slowPhone } from './lib/chromium.mjs';
import { startBuiltServer } from './lib/start-server.mjs';

const args = process.argv.slice(2);
const arg = (name, fallback) => (args.includes(name) ? args[args.indexOf(name) + 1] : fallback);
const RUNS = Number(arg('--runs', '5'));
const PAGE = arg('--page', '/aujourdhui');
const TEXT = arg('--text', 'Choisissez d’abord votre métier');

const server = await startBuiltServer({ name: 'member-data' });
const { baseURL } = server;
const headers = { 'content-type': 'application/json', origin: baseURL };
const email = `mesure.${Date.now()}@exemple.fr`;
const post = (url, body, cookie) =>
  fetch(`${baseURL}${url}`, {
    method: 'POST',
    headers: { ...headers, ...(cookie ? { cookie } : {}) },
    body: JSON.stringify(body),
  });
if (!(await post('/api/auth/sign-up/email', { name: 'Mesure Données', email, password: 'Synergie2025' })).ok)
  throw new Error('sign-up failed');
const signIn = await post('/api/auth/sign-in/email', { email, password: 'Synergie2025' });
const cookies = signIn.headers
  .getSetCookie()
  .map((c) => {
    const [pair] = c.split(';');
    const i = pair.indexOf('=');
    return { name: pair.slice(0, i).trim(), value: pair.slice(i + 1).trim(), domain: '127.0.0.1', path: '/' };
  })
  .filter((c) => c.name && c.value);
const cookieHeader = cookies.map((c) => `${c.name}=${c.value}`).join('; ');
const checkout = await post('/api/billing/checkout', { planId: 'monthly' }, cookieHeader);
const session = new URL((await checkout.json()).url).searchParams.get('session');
if (!(await post('/api/billing/demo/complete', { session }, cookieHeader)).ok) throw new Error('demo checkout failed');

const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
const READS = new RegExp(`<script type="application/json" id="${SERVED_READS_ID}">[^<]*</script>`);

async function once(withReads) {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
  // The session as a header, as Lighthouse's run sends it: the built server's cookie is `__Secure-`.
  await context.setExtraHTTPHeaders({ cookie: cookieHeader });
  const page = await context.newPage();
  await slowPhone(context, page, 4);
  const apiCalls = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.startsWith('/api/')) apiCalls.push(new URL(request.url()).pathname);
  });
  if (!withReads) {
    await page.route(`${baseURL}${PAGE}`, async (route) => {
      const response = await route.fetch();
      const body = (await response.text()).replace(READS, '');
      await route.fulfill({ response, body, headers: { ...response.headers(), 'content-encoding': 'identity' } });
    });
  }
  await page.goto(`${baseURL}${PAGE}`, { waitUntil: 'commit' });
  await page.waitForFunction((text) => document.body.innerText.includes(text), TEXT, { timeout: 60_000 });
  const ms = await page.evaluate(() => Math.round(performance.now()));
  await context.close();
  return { ms, apiCalls: apiCalls.filter((p, i, all) => all.indexOf(p) === i) };
}

const results = { with: [], without: [] };
try {
  for (let i = 0; i < RUNS; i += 1) {
    for (const way of i % 2 === 0 ? ['with', 'without'] : ['without', 'with']) {
      const run = await once(way === 'with');
      results[way].push(run);
    }
  }
} finally {
  await browser.close();
  await server.stop();
}
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
console.log(`\n${PAGE}, "${TEXT}" shown, slow 4G and 4× processor, ${RUNS} runs each (alternating):`);
console.log('| the page | each run (ms) | median | API calls before it |');
console.log('| --- | --- | ---: | --- |');
for (const way of ['with', 'without']) {
  const runs = results[way];
  console.log(
    `| ${way === 'with' ? 'with its first reads (served)' : 'without (the browser reads)'} | ${runs.map((r) => r.ms).join(' / ')} | **${median(runs.map((r) => r.ms))} ms** | ${runs[0].apiCalls.join(', ') || 'none'} |`,
  );
}
