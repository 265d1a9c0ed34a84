import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { LOAD_FAILED, RELOAD, startAfterPaint, startAfterPaintScript } from './start-after-paint';

/** React Router 7's script on a prerendered page, as it writes it. */
const REACT_ROUTER_SCRIPT = `import "/assets/manifest-b1ee78c4.js";
import * as route0 from "/assets/root-CNPlNcZS.js";
import * as route1 from "/assets/pricing-Cyz9MWEp.js";
  
  window.__reactRouterRouteModules = {"root":route0,"routes/pricing":route1};

import("/assets/entry.client-DFv_BgkL.js");`;

const PRELOADS = Array.from({ length: 23 }, (_, i) => `/assets/chunk-${i}.js`);

/** Just enough of an element for the loader's failure message. */
class FakeElement {
  attributes: Record<string, string> = {};
  style = { cssText: '' };
  textContent = '';
  type = '';
  children: (FakeElement | string)[] = [];
  listeners: Record<string, () => void> = {};
  constructor(readonly tag: string) {}
  setAttribute(name: string, value: string) {
    this.attributes[name] = value;
  }
  append(...nodes: (FakeElement | string)[]) {
    this.children.push(...nodes);
  }
  addEventListener(type: string, listener: () => void) {
    this.listeners[type] = listener;
  }
  text(): string {
    return [
      this.textContent,
      ...this.children.map((c) => (typeof c === 'string' ? c : `[${c.tag}: ${c.text()}]`)),
    ].join('');
  }
}

/** Runs a loader with a fake page; returns what it did, in order. */
async function run(
  loader: string,
  visibility: 'visible' | 'hidden' = 'visible',
  failing: string | null = null,
  /** What starts the scripts: a member signed in here (the default), an interaction, or nothing yet. */
  start: 'signed-in' | 'interaction' | 'none' = 'signed-in',
  busy = 0,
  /** A form the member sends before the scripts start (held by the loader). */
  heldForm: unknown = null,
) {
  const steps: string[] = [];
  const frames: (() => void)[] = [];
  const submitListeners: ((event: SubmitEvent) => void)[] = [];
  const clickListeners: ((event: MouseEvent) => void)[] = [];
  const html = { dataset: {} as Record<string, string> };
  // The loader watches <html> for data-hydrated: `hydrate()` sets it and tells the observer.
  const observers: { callback: (records: unknown[], observer: { disconnect(): void }) => void; on: boolean }[] = [];
  class FakeMutationObserver {
    private readonly entry;
    constructor(callback: (records: unknown[], observer: { disconnect(): void }) => void) {
      this.entry = { callback, on: false };
      observers.push(this.entry);
    }
    observe(target: unknown, options: { attributeFilter?: string[] }) {
      expect(target).toBe(html);
      expect(options.attributeFilter).toEqual(['data-hydrated']);
      this.entry.on = true;
    }
    disconnect() {
      this.entry.on = false;
    }
  }
  const hydrate = () => {
    html.dataset.hydrated = 'true';
    for (const entry of observers) if (entry.on) entry.callback([], { disconnect: () => (entry.on = false) });
  };
  const document = {
    visibilityState: visibility,
    documentElement: html,
    createElement: (tag: string) => new FakeElement(tag),
    body: { prepend: (element: FakeElement) => steps.push(`shown: ${element.text()}`) },
    head: {
      append: (...links: { rel: string; href: string }[]) =>
        steps.push(`preload ${links.length}: ${links.map((l) => `${l.rel} ${l.href}`).join(', ')}`),
    },
    addEventListener: (type: string, listener: (event: never) => void, capture: boolean) => {
      expect(capture).toBe(true);
      if (type === 'submit') submitListeners.push(listener as (event: SubmitEvent) => void);
      else if (type === 'click') clickListeners.push(listener as (event: MouseEvent) => void);
      else throw new Error(`unexpected listener on document: ${type}`);
    },
    querySelectorAll: (selector: string) => {
      expect(selector).toBe('[aria-busy="true"]');
      return Array.from({ length: busy }, (_, i) => ({ busy: i }));
    },
  };
  const windowListeners = new Map<string, () => void>();
  const observed: unknown[] = [];
  let intersect: ((entries: { isIntersecting: boolean }[]) => void) | null = null;
  const fire = (entries: { isIntersecting: boolean }[]) => intersect?.(entries);
  const window: Record<string, unknown> = {
    localStorage: { getItem: (key: string) => (key === 'synergie:signed-in' && start === 'signed-in' ? '1' : null) },
    location: { search: '' },
    addEventListener: (type: string, listener: () => void, options: { capture: boolean; passive: boolean }) => {
      expect(options).toEqual({ capture: true, passive: true });
      windowListeners.set(type, listener);
    },
    removeEventListener: (type: string, listener: () => void) => {
      if (windowListeners.get(type) === listener) windowListeners.delete(type);
    },
    IntersectionObserver: class {
      constructor(callback: (entries: { isIntersecting: boolean }[]) => void, options: { rootMargin: string }) {
        expect(options.rootMargin).toBe('300px');
        intersect = callback;
      }
      observe(element: unknown) {
        observed.push(element);
      }
      disconnect() {
        intersect = null;
      }
    },
  };
  const load = async (href: string) => {
    steps.push(`import ${href}`);
    if (href === failing) throw new TypeError('Failed to fetch dynamically imported module');
    return { href };
  };
  const body = loader.replace(/\bimport\(/g, 'load(');
  const done = new Function(
    'document',
    'window',
    'requestAnimationFrame',
    'setTimeout',
    'MutationObserver',
    'load',
    `return (async () => {\n${body}\n})();`,
  )(
    document,
    window,
    (callback: () => void) => {
      steps.push('frame');
      frames.push(callback);
    },
    (callback: () => void) => {
      steps.push('task');
      queueMicrotask(callback);
    },
    FakeMutationObserver,
    load,
  ) as Promise<void>;
  await Promise.resolve();
  if (start === 'none') {
    expect(steps).toEqual([]);
    return {
      steps,
      window,
      submitListeners,
      clickListeners,
      hydrate,
      error: null,
      windowListeners,
      observed,
      intersect,
    };
  }
  if (start === 'interaction') {
    expect(steps).toEqual([]);
    windowListeners.get('pointermove')?.();
    expect(windowListeners.size).toBe(0);
  }
  if (heldForm) {
    for (const listener of submitListeners) {
      listener({ target: heldForm, submitter: null, preventDefault: () => {} } as unknown as SubmitEvent);
    }
  }
  if (visibility === 'visible') {
    await Promise.resolve();
    expect(steps).toEqual(['frame']);
    frames[0]?.();
  }
  const error = await done.then(
    () => null,
    (e: unknown) => e,
  );
  return { steps, window, submitListeners, clickListeners, hydrate, error, windowListeners, observed, intersect: fire };
}

describe('startAfterPaintScript', () => {
  it('waits for the first frame, preloads ten scripts per task, then imports in React Router order', async () => {
    const { steps, window } = await run(startAfterPaintScript(REACT_ROUTER_SCRIPT, PRELOADS));
    expect(steps).toEqual([
      'frame',
      'task',
      `preload 10: ${PRELOADS.slice(0, 10)
        .map((h) => `modulepreload ${h}`)
        .join(', ')}`,
      'task',
      `preload 10: ${PRELOADS.slice(10, 20)
        .map((h) => `modulepreload ${h}`)
        .join(', ')}`,
      'task',
      `preload 3: ${PRELOADS.slice(20)
        .map((h) => `modulepreload ${h}`)
        .join(', ')}`,
      'import /assets/manifest-b1ee78c4.js',
      'import /assets/root-CNPlNcZS.js',
      'import /assets/pricing-Cyz9MWEp.js',
      'import /assets/entry.client-DFv_BgkL.js',
    ]);
    expect(window.__reactRouterRouteModules).toEqual({
      root: { href: '/assets/root-CNPlNcZS.js' },
      'routes/pricing': { href: '/assets/pricing-Cyz9MWEp.js' },
    });
  });

  it("waits for a visitor's first interaction: reading a page loads no script", async () => {
    const idle = await run(startAfterPaintScript(REACT_ROUTER_SCRIPT, PRELOADS), 'visible', null, 'none');
    expect(idle.steps).toEqual([]);
    expect([...idle.windowListeners.keys()]).toEqual([
      'pointerdown',
      'pointermove',
      'touchstart',
      'keydown',
      'focusin',
    ]);

    const { steps } = await run(
      startAfterPaintScript(REACT_ROUTER_SCRIPT, PRELOADS.slice(0, 1)),
      'visible',
      null,
      'interaction',
    );
    expect(steps).toEqual([
      'frame',
      'task',
      'preload 1: modulepreload /assets/chunk-0.js',
      'import /assets/manifest-b1ee78c4.js',
      'import /assets/root-CNPlNcZS.js',
      'import /assets/pricing-Cyz9MWEp.js',
      'import /assets/entry.client-DFv_BgkL.js',
    ]);
  });

  it('starts when a part of the page still loading (aria-busy) comes into view', async () => {
    const { steps, observed, intersect } = await run(
      startAfterPaintScript(REACT_ROUTER_SCRIPT, []),
      'visible',
      null,
      'none',
      2,
    );
    expect(observed).toEqual([{ busy: 0 }, { busy: 1 }]);
    expect(steps).toEqual([]);
    intersect?.([{ isIntersecting: false }]);
    expect(steps).toEqual([]);
    intersect?.([{ isIntersecting: false }, { isIntersecting: true }]);
    await Promise.resolve();
    expect(steps).toEqual(['frame']);
  });

  it('holds a click on a control only React drives, clicks it again once hydrated, and leaves links to the browser', async () => {
    const { clickListeners, hydrate } = await run(startAfterPaintScript(REACT_ROUTER_SCRIPT, []));
    expect(clickListeners).toHaveLength(1);
    const clicked: string[] = [];
    const element = (kind: string, control: unknown) => ({
      closest: (selector: string) => (selector.includes('a[href]') ? (kind === 'native' ? {} : null) : control),
    });
    const button = { isConnected: true, click: () => clicked.push('button') };
    let prevented = 0;
    const click = (target: unknown) =>
      clickListeners[0]?.({
        target,
        preventDefault: () => (prevented += 1),
        stopPropagation: () => {},
      } as unknown as MouseEvent);
    const Element = class {};
    Object.setPrototypeOf(button, Element.prototype);
    (globalThis as Record<string, unknown>).Element = Element;
    try {
      const scripted = Object.assign(Object.create(Element.prototype), element('scripted', button));
      const link = Object.assign(Object.create(Element.prototype), element('native', null));
      click(link);
      expect(prevented).toBe(0);
      click(scripted);
      expect(prevented).toBe(1);
      expect(clicked).toEqual([]);
      hydrate();
      expect(clicked).toEqual(['button']);
      click(scripted);
      expect(prevented).toBe(1);
    } finally {
      delete (globalThis as Record<string, unknown>).Element;
    }
  });

  it('starts at once in a hidden tab, which paints nothing', async () => {
    const { steps } = await run(startAfterPaintScript(REACT_ROUTER_SCRIPT, PRELOADS.slice(0, 2)), 'hidden');
    expect(steps[0]).toBe('preload 2: modulepreload /assets/chunk-0.js, modulepreload /assets/chunk-1.js');
    expect(steps.at(-1)).toBe('import /assets/entry.client-DFv_BgkL.js');
  });

  it('holds a form sent before hydration, then sends it again once hydrated; leaves later ones to React', async () => {
    const { submitListeners, hydrate } = await run(startAfterPaintScript(REACT_ROUTER_SCRIPT, []));
    expect(submitListeners).toHaveLength(1);
    const sent: unknown[] = [];
    const form = { isConnected: true, requestSubmit: (submitter?: unknown) => sent.push(submitter ?? 'no submitter') };
    const button = { form };
    let prevented = 0;
    const submit = (submitter: unknown) =>
      submitListeners[0]?.({
        target: form,
        submitter,
        preventDefault: () => (prevented += 1),
      } as unknown as SubmitEvent);

    submit(button);
    expect(prevented).toBe(1);
    expect(sent).toEqual([]);
    hydrate();
    // Sent again, with the button that was used, through the page's own (now React's) handler.
    expect(sent).toEqual([button]);

    submit(button);
    expect(prevented).toBe(1);
    expect(sent).toEqual([button]);
  });

  it('drops a held form that hydration replaced, and a submitter of another form', async () => {
    const { submitListeners, hydrate } = await run(startAfterPaintScript(REACT_ROUTER_SCRIPT, []));
    const sent: unknown[] = [];
    const form = { isConnected: true, requestSubmit: (submitter?: unknown) => sent.push(submitter ?? 'no submitter') };
    submitListeners[0]?.({ target: form, submitter: { form: {} }, preventDefault: () => {} } as unknown as SubmitEvent);
    hydrate();
    expect(sent).toEqual(['no submitter']);

    const second = await run(startAfterPaintScript(REACT_ROUTER_SCRIPT, []));
    const gone = { isConnected: false, requestSubmit: () => sent.push('gone') };
    second.submitListeners[0]?.({ target: gone, submitter: null, preventDefault: () => {} } as unknown as SubmitEvent);
    second.hydrate();
    expect(sent).toEqual(['no submitter']);
  });

  it('says so, with a reload button, when a script cannot be loaded', async () => {
    const { steps, window, error } = await run(
      startAfterPaintScript(REACT_ROUTER_SCRIPT, []),
      'visible',
      '/assets/root-CNPlNcZS.js',
    );
    expect(steps.slice(-3)).toEqual([
      'import /assets/manifest-b1ee78c4.js',
      'import /assets/root-CNPlNcZS.js',
      `shown: ${LOAD_FAILED} [button: ${RELOAD}]`,
    ]);
    expect(window.__reactRouterRouteModules).toBeUndefined();
    // Still reported (the console, error monitoring).
    expect(error).toBeInstanceOf(TypeError);
  });

  it('sends a held posted form as the browser would when the scripts cannot be loaded', async () => {
    const frames: string[] = [];
    const loader = startAfterPaintScript(REACT_ROUTER_SCRIPT, []);
    // The member pressed Enter before the scripts arrived; then the entry failed to load.
    const posted = { isConnected: true, method: 'post', submit: () => frames.push('posted natively') };
    const { error } = await run(loader, 'visible', '/assets/entry.client-DFv_BgkL.js', 'signed-in', 0, posted);
    expect(error).toBeInstanceOf(TypeError);
    expect(frames).toEqual(['posted natively']);
    const got: string[] = [];
    const searched = { isConnected: true, method: 'get', submit: () => got.push('sent') };
    await run(loader, 'visible', '/assets/entry.client-DFv_BgkL.js', 'signed-in', 0, searched);
    // A GET form would put its fields in the address: never sent by the loader.
    expect(got).toEqual([]);
  });

  it('refuses a script it does not know, so the build fails instead of shipping a page that never starts', () => {
    expect(() => startAfterPaintScript(`${REACT_ROUTER_SCRIPT}\nwindow.somethingNew = true;`, [])).toThrow(
      /Unexpected line/,
    );
    expect(() => startAfterPaintScript('import "/assets/manifest-b1ee78c4.js";', [])).toThrow(/no longer sets/);
  });
});

describe('startAfterPaint', () => {
  it('rewrites the prerendered pages of a build and leaves the SPA shell as it is', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'start-after-paint-'));
    const page = (preloads: string[]) =>
      `<html><head>${preloads.map((h) => `<link rel="modulepreload" href="${h}"/>`).join('')}</head><body><h1>Tarifs</h1><script type="module" async="">${REACT_ROUTER_SCRIPT}</script></body></html>`;
    fs.mkdirSync(path.join(dir, 'pricing'));
    fs.writeFileSync(path.join(dir, 'pricing/index.html'), page(PRELOADS.slice(0, 3)));
    fs.writeFileSync(path.join(dir, '__spa-fallback.html'), page(PRELOADS.slice(0, 3)));
    try {
      expect(startAfterPaint(dir)).toBe(1);
      const pricing = fs.readFileSync(path.join(dir, 'pricing/index.html'), 'utf8');
      expect(pricing).not.toContain('<link rel="modulepreload"');
      expect(pricing).toContain('<h1>Tarifs</h1>');
      expect(pricing).toContain('"/assets/chunk-2.js"');
      expect(pricing).toContain('requestAnimationFrame');
      expect(fs.readFileSync(path.join(dir, '__spa-fallback.html'), 'utf8')).toBe(page(PRELOADS.slice(0, 3)));

      // A page whose scripts React Router wrote some other way fails the build.
      fs.writeFileSync(
        path.join(dir, 'pricing/index.html'),
        page(PRELOADS.slice(0, 3)).replace(
          '<script type="module" async="">',
          '<script type="module" async="" nonce="x">',
        ),
      );
      expect(() => startAfterPaint(dir)).toThrow(/module script was not found/);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
