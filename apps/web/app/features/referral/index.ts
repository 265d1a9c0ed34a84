// Referral links and commissions: the public surface (docs/architecture.md "Feature boundaries").
export { useAdminCommissions, useMarkMonthPaid } from './api/admin-commissions';
export { useAdminSelfBilling, useCloseMonth, useIssueCreditNote } from './api/self-billing';
export { ReferralCard } from './components/referral-card';
export { SelfBillingCard } from './components/self-billing-card';
