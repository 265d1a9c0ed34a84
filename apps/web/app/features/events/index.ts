// Events and registrations: the public surface (docs/architecture.md "Feature boundaries").

export type { EventsWhen } from './api/get-events';
export { CheckinView } from './components/checkin-view';
export { EventCategoryCard } from './components/event-category-card';
export { type EventListActions, EventListView } from './components/event-list-view';
export { EventsBoard } from './components/events-board';
export { GroupEvents } from './components/group-events';
export { eventCategories } from './event-categories';
