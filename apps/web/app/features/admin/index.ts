// The admin area's public surface (docs/architecture.md "Feature boundaries in the web app"):
// pure re-exports, so a page loads only the modules it uses.

export { GroupsAdmin } from './components/groups-admin';
export { MembersPromoteForm } from './components/members-promote-form';
export { MembersTable } from './components/members-table';
export { PartnersAddForm } from './components/partners-add-form';
export { PartnersAdminList } from './components/partners-admin-list';
export { QuotasAdmin } from './components/quotas-admin';
export { RequireAdmin } from './components/require-admin';
export { TradesAdmin } from './components/trades-admin';
