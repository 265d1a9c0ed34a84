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

/**
 * The home page's testimonials (issue 31), written in by the server the same way: the region
 * the page renders without them carries SERVED_TESTIMONIALS_SLOT, the JSON
 * (FeaturedTestimonials) goes in the script SERVED_TESTIMONIALS_ID.
 */
export const SERVED_TESTIMONIALS_ID = 'temoignages-servis';
export const SERVED_TESTIMONIALS_SLOT = 'data-temoignages-servis';
