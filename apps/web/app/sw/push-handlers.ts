/// <reference lib="webworker" />

/**
 * The service worker's push handlers (issue 28): what a push shows, and the page a tap opens.
 * Installed once by the service worker's entry (sw.ts). Filled in by the Web Push work.
 */
export function installPushHandlers(_sw: ServiceWorkerGlobalScope): void {}
