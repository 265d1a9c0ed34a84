// Offline (issue 28): the member's data kept on the device, the `Hors connexion` line and the
// writes kept until the network is back. Pure re-exports; loaded with the member shell and the
// pages that write, never by a visitor's page.
export { OfflineStatus, offlineLine } from './components/offline-status';
export { QueuedWriteItem } from './components/queued-write';
export { isOfflineQuery } from './lib/persisted-cache';
export { useOffline } from './lib/use-offline';
export { useOfflineApp } from './lib/use-offline-app';
export { queueOfflineWrite, useQueuedWrite } from './lib/use-outbox';
