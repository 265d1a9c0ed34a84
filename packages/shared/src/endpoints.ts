// Every API endpoint's declaration (endpoint.ts, docs/decisions/0015-endpoint-declarations.md),
// one module per area, each exporting one object of its endpoints. The server registers a route
// for each (apps/server/src/lib/endpoints.ts); the web calls them through callApi. The web build
// gives the browser a copy of this module without the schemas (apps/web/vite-endpoints.ts).
export * from './endpoints/contact';
export * from './endpoints/dashboard';
export * from './endpoints/directory';
export * from './endpoints/event-categories';
export * from './endpoints/events';
export * from './endpoints/jobs';
export * from './endpoints/member-page';
export * from './endpoints/network';
export * from './endpoints/partners';
export * from './endpoints/projects';
export * from './endpoints/services';
export * from './endpoints/site';
export * from './endpoints/testimonials';
export * from './endpoints/uploads';
