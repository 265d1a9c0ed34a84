/**
 * The first page of each list of /events is written into the page by the server
 * (apps/server/src/plugins/events-page.ts), so that a visitor reads the events before any script
 * runs (issue 20, docs/decisions/0013). The web app marks where each list goes and reads the
 * same pages back when it hydrates, so that React finds exactly what it would have rendered.
 */
export type ServedEventsList = 'upcoming' | 'past';

/** The id of the `<script type="application/json">` holding `{ upcoming, past }`: two EventsResponse. */
export const SERVED_EVENTS_ID = 'evenements-servis';

/** The attribute on a list's loading region that the server replaces with the list itself. */
export const SERVED_EVENTS_SLOT = 'data-liste-servie';
