// The member's dashboard: the public surface (docs/architecture.md "Feature boundaries").
export { DashboardFigures } from './components/dashboard-figures';
