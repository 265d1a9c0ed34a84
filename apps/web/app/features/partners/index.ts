// The partners list: the public surface (docs/architecture.md "Feature boundaries").
export { usePartners } from './api/get-partners';
export { PartnerList } from './components/partner-list';
