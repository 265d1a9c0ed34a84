// The member app opening offline from its service worker (issue 28: "the shell opens offline from
// the service worker in under 1 s on Lighthouse's mobile profile"). A member signs in, opens /plus
// once online (the worker installs and precaches the shell and the places' scripts), then, with
// the network cut, opens a place never opened before, RUNS times, on Lighthouse's mobile profile:
// its phone's screen (412×823, 1.75 dppx, touch) and its processor slowed down (CDP
// Emulation.setCPUThrottlingRate) by Lighthouse's 4× calibrated as bench/lighthouse.mjs does:
// 4× on a host whose Lighthouse benchmark index is 2500, proportionally less on a slower or busier
// one, measured here with Lighthouse's own page function (`--cpu-multiplier N` forces a value). Printed per run and as
// medians: the first contentful paint, and the shell ready (React has hydrated: `data-hydrated`
// on <html>, what the end-to-end tests wait for) from the navigation's start. Fails (exit 1)
// when the median shell-ready time is 1 s or more (`--budget-ms N`).
// The web app must be built (npm run build).
// Usage: node bench/offline-shell.mjs [-- --runs 7] [-- --page /mon-groupe] [-- --cpu-multiplier 4]
import { pageFunctions } from 'lighthouse/core/lib/page-functions.js';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './lib/chromium.mjs';
import { startBuiltServer } from './lib/start-server.mjs';

const args = process.argv.slice(2);
const arg = (name, fallback) => (args.includes(name) ? args[args.indexOf(name) + 1] : fallback);
const RUNS = Number(arg('--runs', '7'));
const PAGE = arg('--page', '/mon-groupe');
const FORCED_CPU = arg('--cpu-multiplier', undefined);
/** bench/lighthouse.mjs's REFERENCE_INDEX: the host the Lighthouse budgets were set on. */
const REFERENCE_INDEX = 2500;
const BUDGET_MS = Number(arg('--budget-ms', '1000'));

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
};

const server = await startBuiltServer({ name: 'offline-shell' });
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
let failed = false;
try {
  const email = `bench.hors-ligne.${Date.now()}@synergie.test`;
  const signUp = await fetch(`${server.baseURL}/api/auth/sign-up/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: server.baseURL },
    body: JSON.stringify({ name: 'Camille Bench', email, password: 'Synergie2025' }),
  });
  if (!signUp.ok) throw new Error(`sign-up failed: ${signUp.status}`);
  // A sign-up signs nobody in (issue 33): the member signs in with the password.
  const signedIn = await fetch(`${server.baseURL}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: server.baseURL },
    body: JSON.stringify({ email, password: 'Synergie2025' }),
  });
  if (!signedIn.ok) throw new Error(`sign-in failed: ${signedIn.status}`);
  const cookies = signedIn.headers
    .getSetCookie()
    .map((header) => header.split(';')[0])
    .map((pair) => ({ name: pair.slice(0, pair.indexOf('=')), value: pair.slice(pair.indexOf('=') + 1) }))
    .filter((c) => c.name && c.value)
    // Production cookies are `__Secure-`: Chromium keeps them on 127.0.0.1, a secure context.
    .map((c) => ({ ...c, domain: '127.0.0.1', path: '/', httpOnly: true, secure: true, sameSite: 'Lax' }));

  // Lighthouse's mobile screen (its default `screenEmulation`).
  const context = await browser.newContext({
    baseURL: server.baseURL,
    viewport: { width: 412, height: 823 },
    deviceScaleFactor: 1.75,
    isMobile: true,
    hasTouch: true,
    locale: 'fr-FR',
    serviceWorkers: 'allow',
  });
  await context.addCookies(cookies);
  // The moment React marks the page hydrated, on the page's own clock.
  await context.addInitScript(() => {
    new MutationObserver((_, observer) => {
      if (document.documentElement.dataset.hydrated === 'true') {
        window.__hydratedAt = performance.now();
        observer.disconnect();
      }
      // The document, not <html>: the parser has not made it yet when this runs.
    }).observe(document, { subtree: true, attributes: true, attributeFilter: ['data-hydrated'] });
  });
  const page = await context.newPage();
  await page.goto('/plus');
  await page.waitForSelector('html[data-hydrated="true"]', { state: 'attached' });
  await page.waitForFunction(() => navigator.serviceWorker.controller?.state === 'activated', null, {
    timeout: 60_000,
  });
  const precached = await page.evaluate(async () => {
    const name = (await caches.keys()).find((n) => n.startsWith('workbox-precache'));
    return name ? (await (await caches.open(name)).keys()).length : 0;
  });

  const indexes = [];
  for (let i = 0; i < 3; i++) indexes.push(await page.evaluate(`(${pageFunctions.computeBenchmarkIndex})()`));
  const index = median(indexes);
  const CPU = FORCED_CPU
    ? Number(FORCED_CPU)
    : Math.min(4, Math.max(1, Math.round((4 * index * 10) / REFERENCE_INDEX) / 10));
  process.stdout.write(`benchmark index ${Math.round(index)}: processor ${CPU}× slower\n`);

  await context.setOffline(true);
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU });
  const runs = [];
  for (let i = 0; i < RUNS; i++) {
    // A different query each run: the router renders the same place, the worker serves the shell.
    const response = await page.goto(`${PAGE}?essai=${i}`);
    if (!response?.fromServiceWorker()) throw new Error(`run ${i}: ${PAGE} was not answered by the service worker`);
    await page.waitForFunction(() => typeof window.__hydratedAt === 'number', null, { timeout: 30_000 });
    const timing = await page.evaluate(() => ({
      fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Number.NaN,
      ready: window.__hydratedAt,
    }));
    runs.push(timing);
    process.stdout.write(
      `run ${i + 1}: first contentful paint ${timing.fcp.toFixed(0)} ms, shell ready ${timing.ready.toFixed(0)} ms\n`,
    );
  }
  const fcp = median(runs.map((r) => r.fcp));
  const ready = median(runs.map((r) => r.ready));
  process.stdout.write(
    `\n${PAGE} offline from the service worker (${precached} files precached), processor ${CPU}× slower, ${RUNS} runs:\n` +
      `  median first contentful paint ${fcp.toFixed(0)} ms, median shell ready ${ready.toFixed(0)} ms (budget ${BUDGET_MS} ms)\n`,
  );
  if (!(ready < BUDGET_MS)) {
    failed = true;
    process.stdout.write('over budget\n');
  }
} finally {
  await browser.close();
  await server.stop();
}
process.exit(failed ? 1 : 0);
