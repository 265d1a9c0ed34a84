// Debian's Chromium as this machine runs it headless: shared by the benches that drive a browser
// with playwright-core (bundle-size.mjs) and the end-to-end suite (e2e/helpers/browser.ts).
// Without the background-networking flags Chromium keeps calling Google's hosts, which this
// machine's closed network refuses.

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/**
 * A phone on slow 4G as Lighthouse's mobile profile has it (150 ms, 1.6 Mbit/s down, 750 kbit/s
 * up) and its processor slowed `cpu` times, on one page, through the DevTools protocol.
 * @param {import('playwright-core').BrowserContext} context
 * @param {import('playwright-core').Page} page
 */
export async function slowPhone(context, page, cpu = 4) {
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 150,
    downloadThroughput: (1.6 * 1024 * 1024) / 8,
    uploadThroughput: (750 * 1024) / 8,
  });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpu });
  return cdp;
}
