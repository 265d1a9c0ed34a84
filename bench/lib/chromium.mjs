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
