// The first tap on a public page (issue 28): a visitor's page starts its scripts when it is used
// (decision 0010), and a tap on a control only React drives is held, then made again once the
// page has hydrated (apps/web/scripts/start-after-paint.ts). Measured in Chromium on a phone's
// profile (390 × 844, touch; slow 4G: 150 ms, 1.6 Mbit/s; processor slowed 4 times): on /events,
// `S'inscrire` tapped at first paint by a visitor is refused in French and leads to /auth. Prints,
// per run and as the median, the time from the arrival of the last script that came before the
// result (the page's, and any the action loads) to the result (the refusal shown, or the address
// become /auth). Budget: 300 ms. The web app must be built (npm run build).
// Usage: npm run bench:first-tap [-- --runs 5] [-- --cpu 4]
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH, slowPhone } from './lib/chromium.mjs';
import { startBuiltServer } from './lib/start-server.mjs';

const args = process.argv.slice(2);
const arg = (name, fallback) => (args.includes(name) ? args[args.indexOf(name) + 1] : fallback);
const RUNS = Number(arg('--runs', '5'));
const CPU = Number(arg('--cpu', '4'));
const BUDGET_MS = 300;

const server = await startBuiltServer({ name: 'first-tap' });
const { baseURL } = server;

/** An event on the list, published by a subscriber (the demo checkout), so `S'inscrire` is there. */
async function publishEvent() {
  const headers = { 'content-type': 'application/json', origin: baseURL };
  const email = `orga.${Date.now()}@exemple.fr`;
  await fetch(`${baseURL}/api/auth/sign-up/email`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ name: 'Organisatrice', email, password: 'Synergie2025' }),
  });
  // A sign-up signs nobody in (issue 33): the organiser signs in with the password.
  const signIn = await fetch(`${baseURL}/api/auth/sign-in/email`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ email, password: 'Synergie2025' }),
  });
  const cookie = signIn.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  const call = async (url, body) => {
    const res = await fetch(`${baseURL}${url}`, {
      method: 'POST',
      headers: { ...headers, cookie },
      body: JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`${url}: ${res.status} ${await res.text()}`);
    return res.json();
  };
  const checkout = await call('/api/billing/checkout', { planId: 'monthly' });
  await call('/api/billing/demo/complete', { session: new URL(checkout.url).searchParams.get('session') });
  const date = new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10);
  await call('/api/events', {
    title: 'Petit-déjeuner des entrepreneurs',
    description: null,
    date,
    time: '08:00',
    location: 'Lyon 2e',
    maxAttendees: 40,
    categoryId: null,
    maxGuestsPerRegistration: 0,
    groupId: null,
  });
}

const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
const results = [];
try {
  await publishEvent();
  for (let run = 0; run < RUNS; run++) {
    const context = await browser.newContext({
      viewport: { width: 390, height: 844 },
      hasTouch: true,
      isMobile: true,
      locale: 'fr-FR',
    });
    // When the page hydrated and when its address became /auth, on the page's own clock.
    await context.addInitScript(() => {
      const marks = { hydrated: 0, result: 0 };
      window.__firstTap = marks;
      new MutationObserver(() => {
        if (!marks.hydrated && document.documentElement?.dataset.hydrated === 'true')
          marks.hydrated = performance.now();
      }).observe(document, { attributes: true, subtree: true, attributeFilter: ['data-hydrated'] });
      // The result: the French refusal shown (`Vous devez être connecté pour vous inscrire`) or
      // the address become /auth, whichever comes first.
      const watch = () => {
        if (!marks.result && (location.pathname === '/auth' || document.querySelector('[data-sonner-toast]')))
          marks.result = performance.now();
        if (!marks.result) requestAnimationFrame(watch);
      };
      requestAnimationFrame(watch);
    });
    const page = await context.newPage();
    await slowPhone(context, page, CPU);
    await page.goto(`${baseURL}/events`, { waitUntil: 'commit' });
    const button = page.getByRole('button', { name: "S'inscrire" }).first();
    await button.waitFor();
    await button.tap();
    await page.waitForURL((url) => url.pathname === '/auth', { timeout: 60_000 });
    const marks = await page.evaluate(() => {
      const { hydrated, result } = window.__firstTap;
      // Every script that arrived before the result: the page's, and the lazy ones the action needed.
      const scripts = performance
        .getEntriesByType('resource')
        .filter((e) => e.name.endsWith('.js') && e.responseEnd <= result)
        .map((e) => e.responseEnd);
      return { hydrated, result, lastScript: Math.max(...scripts) };
    });
    results.push({ ...marks, delay: Math.round(marks.result - marks.lastScript) });
    await context.close();
  }
} finally {
  await browser.close();
  await server.stop();
}
const delays = results.map((r) => r.delay).sort((a, b) => a - b);
const median = delays[Math.floor(delays.length / 2)];
console.log(`First tap on /events (S'inscrire → /auth), phone profile, slow 4G, CPU ×${CPU}, ${RUNS} runs`);
for (const [i, r] of results.entries()) {
  console.log(
    `  run ${i + 1}: last script at ${Math.round(r.lastScript)} ms, hydrated at ${Math.round(r.hydrated)} ms, result at ${Math.round(r.result)} ms: ${r.delay} ms after the scripts`,
  );
}
console.log(`Median: ${median} ms after the last script (budget ${BUDGET_MS} ms)`);
if (median > BUDGET_MS) {
  console.error('First tap over its budget.');
  process.exit(1);
}
