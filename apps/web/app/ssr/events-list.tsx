/**
 * Rendered by the server, not the browser: the first page of a list of /events as the board
 * shows it once loaded (EventListView), written into the page where its loading region was
 * (apps/server/src/plugins/events-page.ts, docs/decisions/0013). Built apart by
 * `vite build -c vite.ssr.config.ts` into build/ssr/events-list.js.
 */
import type { EventsResponse } from '@synergie/shared/events';
import { renderToString } from 'react-dom/server';
import { type EventListActions, EventListView, type EventsWhen } from '~/features/events';

const none = () => {};
const noActions: EventListActions = {
  onToggleRegistration: none,
  onToggleWaitlist: none,
  onShowCheckinCode: none,
  onEdit: none,
  onDelete: none,
  onIntent: none,
};

/** The HTML of one list's first page, exactly as the board renders it when it hydrates with `page`. */
export function renderEventList(when: EventsWhen, page: EventsResponse): string {
  return renderToString(
    <EventListView
      when={when}
      items={page.events}
      hasNextPage={page.nextOffset !== null}
      fetchingNextPage={false}
      onFetchNextPage={none}
      busyId={null}
      actions={noActions}
    />,
  );
}
