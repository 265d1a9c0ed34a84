// The notification centre (network-core §8): the public surface (docs/architecture.md "Feature
// boundaries"). Pure re-exports: the header's slot loads the bell (the count's query) only for a signed-in member; the list,
// the settings and the unsubscribe page load with their own pages.
export { NotificationBellSlot } from './components/notification-bell-slot';
export { NotificationCentre } from './components/notification-centre';
export { NotificationSettingsSection } from './components/notification-settings';
export { UnsubscribeView } from './components/unsubscribe-view';
