// Every API endpoint's declaration (endpoint.ts, docs/decisions/0015-endpoint-declarations.md),
// one module per area, each exporting one object of its endpoints. The server registers a route
// for each (apps/server/src/lib/endpoints.ts); the web calls them through callApi. The web build
// gives the browser a copy of this module without the schemas (apps/web/vite-endpoints.ts).
export * from './endpoints/admin-groups';
export * from './endpoints/admin-members';
export * from './endpoints/attendance';
export * from './endpoints/billing';
export * from './endpoints/contact';
export * from './endpoints/dashboard';
export * from './endpoints/dev';
export * from './endpoints/directory';
export * from './endpoints/event-categories';
export * from './endpoints/events';
export * from './endpoints/forum';
export * from './endpoints/group-health';
export * from './endpoints/groups';
export * from './endpoints/guests';
export * from './endpoints/jobs';
export * from './endpoints/me';
export * from './endpoints/meetings';
export * from './endpoints/member-page';
export * from './endpoints/network';
export * from './endpoints/notifications';
export * from './endpoints/one-to-ones';
export * from './endpoints/partners';
export * from './endpoints/profiles';
export * from './endpoints/projects';
export * from './endpoints/push';
export * from './endpoints/recommendations';
export * from './endpoints/referral';
export * from './endpoints/renewals';
export * from './endpoints/return';
export * from './endpoints/score';
export * from './endpoints/self-billing';
export * from './endpoints/services';
export * from './endpoints/sign-in-methods';
export * from './endpoints/site';
export * from './endpoints/suggestions';
export * from './endpoints/testimonials';
export * from './endpoints/today';
export * from './endpoints/uploads';
export * from './endpoints/waitlist';
