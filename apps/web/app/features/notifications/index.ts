// The notification centre (network-core §8): the public surface (docs/architecture.md "Feature
// boundaries"). Pure re-exports: the header's bell carries only the count's query; the list,
// the settings and the unsubscribe page load with their own pages.
export { NotificationBell } from './components/notification-bell';
export { NotificationCentre } from './components/notification-centre';
export { NotificationSettingsSection } from './components/notification-settings';
export { UnsubscribeView } from './components/unsubscribe-view';
