/// <reference lib="webworker" />

/**
 * The service worker's Background Sync handler (issue 28, offline writes): on a `sync` event
 * for the queue's tag, the writes kept on the device are sent. Installed once by the service
 * worker's entry (sw.ts). Filled in by the offline work.
 */
export function installSyncHandlers(_sw: ServiceWorkerGlobalScope): void {}
