// The admins' outgoing webhooks (issue 33): the public surface (docs/architecture.md "Feature boundaries").
export { WebhooksAdmin } from './components/webhooks-admin';
