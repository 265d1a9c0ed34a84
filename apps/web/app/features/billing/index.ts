// Subscriptions and checkout: the public surface (docs/architecture.md "Feature boundaries in
// the web app"), pure re-exports.
export { useCompleteDemoCheckout } from './api/billing';
export { useAdminMembershipInvoices, useMyMembershipInvoices } from './api/membership-invoices';
export { useSubscription } from './api/subscription';
export { AdminMembershipInvoices } from './components/admin-membership-invoices';
export { EinvoiceStatusLine } from './components/einvoice-status';
export { MyInvoicesCard } from './components/my-invoices-card';
export { PaymentDetailsCard } from './components/payment-details-card';
export { PlanCheckoutButton } from './components/plan-checkout-button';
export { PortalButton } from './components/portal-button';
export { RequireSubscriber } from './components/require-subscriber';
export { StopRenewalView } from './components/stop-renewal-view';
export { SubscriptionCard } from './components/subscription-card';
export { SubscriptionRedirect } from './components/subscription-redirect';
export { SubscriptionSummary } from './components/subscription-summary';
