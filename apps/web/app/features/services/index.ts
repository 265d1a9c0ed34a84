// Members' services: the public surface (docs/architecture.md "Feature boundaries").
export { MemberServices } from './components/member-services';
export { ShowcaseServiceCard } from './components/showcase-service-card';
export { showcaseServices } from './showcase';
