// The static diagnostic pages: the public surface (docs/architecture.md "Feature boundaries").
export { StaticNotice } from './components/static-notice';
export { StatusBadge, StatusGrid } from './components/status-card';
export { advancedChecks, diagnosticOverview, memberImages, systemHealth } from './static-status';
