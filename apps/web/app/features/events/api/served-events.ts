import type { EventsResponse } from '@synergie/shared/events';
import { SERVED_EVENTS_ID, type ServedEventsList } from '@synergie/shared/served-events';

let served: Partial<Record<ServedEventsList, EventsResponse>> | null | undefined;

/** How long after the document's request its pages may still be shown (then fetched as usual). */
const SERVED_USABLE_MS = 60_000;

/**
 * The first page of a list that the server wrote into /events (a visitor's view: nobody's
 * registrations), when this document came with it; read once. The board hydrates with it, so
 * React finds the list the server rendered (docs/decisions/0013). A minute later (the visitor
 * came back to /events within the app) it is no longer offered: the list is fetched.
 */
export function servedEvents(when: ServedEventsList): EventsResponse | undefined {
  if (typeof performance !== 'undefined' && Date.now() - servedAt() > SERVED_USABLE_MS) return undefined;
  if (served === undefined) {
    const element = typeof document === 'undefined' ? null : document.getElementById(SERVED_EVENTS_ID);
    try {
      served = element?.textContent ? (JSON.parse(element.textContent) as typeof served) : null;
    } catch {
      served = null;
    }
  }
  return served?.[when];
}

/** When the served pages were written: the document's own request. */
export const servedAt = () => (typeof performance === 'undefined' ? Date.now() : performance.timeOrigin);
