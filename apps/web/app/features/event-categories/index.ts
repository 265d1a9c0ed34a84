// The admin's event categories: the public surface (docs/architecture.md "Feature boundaries").
export { EventCategoriesAdmin } from './components/event-categories-admin';
