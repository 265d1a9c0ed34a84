import { APP_UPDATE_MESSAGE, SERVICE_WORKER_PATH } from '@synergie/shared/site';
import { showNewVersionBanner } from '~/lib/new-version-banner';
import { captureInstallPrompt } from './install-prompt';

let started = false;

/**
 * Registers the service worker (app/sw/sw.ts, built to /sw.js) in production builds only (never in
 * `react-router dev`, Vitest or happy-dom), once per page, from the member shell: a visitor's
 * public page registers nothing and loads nothing for it (docs/decisions/0018).
 *
 * Updates: a new worker installs beside the running one and waits; the page then shows
 * APP_UPDATE_MESSAGE with `Recharger`, which asks the waiting worker to take over (SKIP_WAITING)
 * and reloads once it controls the page, so the page and its scripts come from the same build.
 */
export function registerServiceWorker(): void {
  if (started || !import.meta.env.PROD || typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
  started = true;
  captureInstallPrompt();
  // After the page's own load and once the main thread is idle: the precache (the places'
  // scripts) never competes with what the page is loading for its first view.
  const start = () =>
    void register().catch((error: unknown) => {
      // No service worker (a private window, a browser that refuses it): the app works online.
      console.warn('service worker not registered', error);
    });
  const whenIdle = () =>
    'requestIdleCallback' in window ? window.requestIdleCallback(start, { timeout: 5000 }) : setTimeout(start, 1000);
  if (document.readyState === 'complete') whenIdle();
  else window.addEventListener('load', whenIdle, { once: true });
}

async function register() {
  const container = navigator.serviceWorker;
  const registration = await container.register(SERVICE_WORKER_PATH, { scope: '/' });
  let reloading = false;
  const offer = (worker: ServiceWorker) =>
    showNewVersionBanner(APP_UPDATE_MESSAGE, () => {
      // Only the press reloads: the first worker's claim (no controller before) does not.
      container.addEventListener('controllerchange', () => {
        if (reloading) return;
        reloading = true;
        window.location.reload();
      });
      worker.postMessage({ type: 'SKIP_WAITING' });
    });
  const watch = (worker: ServiceWorker | null) => {
    if (!worker) return;
    const check = () => {
      if (worker.state === 'installed' && container.controller) offer(worker);
    };
    check();
    worker.addEventListener('statechange', check);
  };
  watch(registration.waiting ?? registration.installing);
  registration.addEventListener('updatefound', () => watch(registration.installing));
  // An installed app stays open for days: it looks for a new build when it comes back to the front.
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') void registration.update().catch(() => undefined);
  });
}
