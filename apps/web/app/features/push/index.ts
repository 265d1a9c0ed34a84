// Web Push (issue 28): the public surface of the feature (docs/architecture.md "Feature
// boundaries"). /profile shows the devices card and, beside each kind's email frequency, the
// `Sur cet appareil` choice. The service worker's handlers live in app/sw/push-handlers.ts.
export { PushDevicesCard } from './components/push-devices-card';
export { PushKindToggle } from './components/push-kind-toggle';
export { unsubscribeThisDevice } from './lib/browser-push';
