import AxeBuilder from '@axe-core/playwright';
import { type Browser, type BrowserContext, chromium, type Locator, type Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, expect, inject } from 'vitest';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../bench/lib/chromium.mjs';

export const baseURL = () => inject('baseURL');

/**
 * One Chromium per test file (Debian's, launched with the flags this machine needs), a fresh
 * context per test. Every page fails its test on a console error or a request to another site.
 */
export function useBrowser(
  launch: { /** Extra Chromium flags (a fake camera, qr-scanner.e2e.ts). */ args?: string[] } = {},
) {
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  const problems: string[] = [];

  // Playwright gives every launch a fresh, empty profile of its own (no --user-data-dir).
  const launchWith = (args: string[]) =>
    chromium.launch({ executablePath: CHROMIUM_PATH, args: [...CHROMIUM_ARGS, ...args] });

  beforeAll(async () => {
    browser = await launchWith(launch.args ?? []);
  });

  afterEach(async () => {
    await Promise.all(contexts.splice(0).map((c) => c.close()));
    const found = problems.splice(0);
    expect(found, 'console errors or requests to other sites').toEqual([]);
  });

  afterAll(async () => {
    await browser?.close();
  });

  async function newPage(
    options: {
      viewport?: { width: number; height: number };
      allowConsoleErrors?: RegExp;
      allowPageErrors?: RegExp;
      /** Other origins this page may reach (a sign-in provider's pages). */
      allowOrigins?: string[];
      /** false: the page as a browser shows it before (or without) any script (issue 20). */
      javaScriptEnabled?: boolean;
      /** Permissions granted to the site's origin, e.g. `camera`. */
      permissions?: string[];
      /** A phone: touch events and a mobile viewport (tap() instead of click()). */
      touch?: boolean;
      /**
       * 'allow' only where the service worker is the subject (pwa.e2e.ts). Elsewhere it is
       * blocked: a worker answering from its caches would hide the server's answers from the
       * test, `page.route` does not see what a worker fetches, and each fresh context would
       * precache the member app's files on the shared server at every member test.
       */
      serviceWorkers?: 'allow' | 'block';
    } = {},
  ): Promise<Page> {
    const context = await browser.newContext({
      baseURL: baseURL(),
      viewport: options.viewport ?? { width: 1280, height: 800 },
      locale: 'fr-FR',
      javaScriptEnabled: options.javaScriptEnabled ?? true,
      permissions: options.permissions,
      hasTouch: options.touch ?? false,
      isMobile: options.touch ?? false,
      serviceWorkers: options.serviceWorkers ?? 'block',
    });
    contexts.push(context);
    const page = await context.newPage();
    const origin = new URL(baseURL()).origin;
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (
        ['http:', 'https:'].includes(url.protocol) &&
        url.origin !== origin &&
        !options.allowOrigins?.includes(url.origin)
      )
        problems.push(`request to another site: ${request.url()}`);
    });
    page.on('console', (message) => {
      if (message.type() !== 'error') return;
      const text = message.text();
      // A 404 page is requested on purpose by some tests; the browser logs the status.
      if (/status of 404/.test(text) || options.allowConsoleErrors?.test(text)) return;
      problems.push(`console error on ${page.url()}: ${text}`);
    });
    page.on('pageerror', (error) => {
      if (options.allowPageErrors?.test(error.message)) return;
      problems.push(`page error on ${page.url()}: ${error.message}`);
    });
    return page;
  }

  /**
   * Closes this file's browser and launches it again with other flags, for a test that writes a
   * file Chromium reads (a fake camera's video: Chromium may read it once, early, and keep it).
   */
  async function relaunch(args: string[]) {
    await Promise.all(contexts.splice(0).map((c) => c.close()));
    await browser.close();
    browser = await launchWith(args);
  }

  return { newPage, relaunch };
}

/** axe-core on the current page: no serious or critical violation. */
export async function expectAccessible(page: Page) {
  // A toast still fading in, or already fading out, is half transparent: axe would measure a
  // contrast nobody reads. Wait for the ones coming in; leave out the ones going away and those
  // stacked behind the front one.
  await page
    .waitForFunction(
      () =>
        [...document.querySelectorAll('[data-sonner-toast]:not([data-removed="true"])')].every(
          (t) => getComputedStyle(t).opacity === '1',
        ),
      null,
      { timeout: 3000 },
    )
    .catch(() => undefined);
  // A toast that starts leaving while axe runs (it takes seconds on a busy machine) fades under
  // its measures: the pointer on a toast pauses their timers (sonner), so none leaves meanwhile.
  const shown = page.locator('[data-sonner-toast][data-front="true"]:not([data-removed="true"])');
  if ((await shown.count()) > 0)
    await shown
      .first()
      .hover({ timeout: 2000 })
      .catch(() => undefined);
  const analyze = async () =>
    (
      await new AxeBuilder({ page })
        .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
        .exclude('[data-sonner-toast][data-removed="true"]')
        // Older toasts stacked behind the front one are mostly hidden by it: axe measures their text
        // against the toast that covers them. The front toast is checked.
        .exclude('[data-sonner-toast][data-front="false"]')
        .analyze()
    ).violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map(
        (v) =>
          `${v.id} (${v.impact}): ${v.help} -> ${v.nodes
            .map((n) => n.target.join(' '))
            .slice(0, 3)
            .join(', ')}`,
      );
  let blocking = await analyze();
  // A colour measured in the middle of a transition (a toast sliding in on a busy machine) is
  // measured again once: a real violation is still there a second later.
  if (blocking.length > 0 && blocking.every((b) => b.startsWith('color-contrast'))) {
    await new Promise((resolve) => setTimeout(resolve, 1500));
    blocking = await analyze();
  }
  expect(blocking, `accessibility violations on ${page.url()}`).toEqual([]);
}

/** Waits until React has hydrated the prerendered page, so clicks reach their handlers. */
export async function waitForHydration(page: Page) {
  // A visitor's public page starts its scripts when they use it (decision 0010): the pointer
  // moves, as a person's would before anything else.
  await page.mouse.move(1, 1);
  await page.waitForSelector('html[data-hydrated="true"]', { state: 'attached' });
}

/**
 * Presses Tab from the top of the page until the focused element's name matches `name`
 * (keyboard reachability). It first waits for `target` (the element expected) to be shown: the
 * member app's bars arrive as their own chunk after hydration, and a Tab pressed before they are
 * there walks the page's content instead.
 */
export async function tabTo(page: Page, name: RegExp, target: Locator, max = 80) {
  await target.waitFor({ state: 'visible' });
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  for (let i = 0; i < max; i++) {
    await page.keyboard.press('Tab');
    const focused = await page.evaluate(() => {
      const el = document.activeElement as HTMLElement | null;
      return el ? `${el.getAttribute('aria-label') ?? ''} ${el.innerText ?? ''}`.trim() : '';
    });
    if (name.test(focused)) return;
  }
  throw new Error(`${name} is not reachable with the Tab key`);
}
