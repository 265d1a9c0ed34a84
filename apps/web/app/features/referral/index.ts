// Referral links and commissions: the public surface (docs/architecture.md "Feature boundaries").
export { useAdminCommissions, useMarkMonthPaid } from './api/admin-commissions';
export { ReferralCard } from './components/referral-card';
