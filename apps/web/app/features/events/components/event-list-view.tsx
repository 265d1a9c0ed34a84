import { CalendarDays, History } from 'lucide-react';
import { EmptyState } from '~/components/empty-state';
import { Button } from '~/components/ui/button';
import type { EventItem, EventsWhen } from '../api/get-events';
import { EventCard } from './event-card';

export interface EventListActions {
  onToggleRegistration: (event: EventItem) => void;
  onToggleWaitlist: (event: EventItem) => void;
  onShowCheckinCode: (event: EventItem) => void;
  onEdit: (event: EventItem) => void;
  onDelete: (event: EventItem) => void;
  onIntent: () => void;
}

export const emptyEventsText: Record<EventsWhen, string> = {
  upcoming: 'Aucun événement à venir pour le moment. Revenez bientôt pour découvrir le programme du réseau.',
  past: 'Aucun événement passé pour le moment.',
};

/**
 * A list of events as it shows once loaded: the cards, or a sentence when there are none, and
 * `Afficher plus d'événements`. The server renders the same component into /events
 * (app/ssr/events-list.tsx) and the page hydrates it with the same pages: one home for its markup.
 */
export function EventListView({
  when,
  items,
  hasNextPage,
  fetchingNextPage,
  onFetchNextPage,
  busyId,
  waitingForViewer = false,
  actions,
}: {
  when: EventsWhen;
  items: EventItem[];
  hasNextPage: boolean;
  fetchingNextPage: boolean;
  onFetchNextPage: () => void;
  busyId: string | null;
  /** The list shown is a visitor's while the member's own loads: their actions wait for it. */
  waitingForViewer?: boolean;
  actions: EventListActions;
}) {
  if (items.length === 0) {
    return (
      <EmptyState icon={when === 'upcoming' ? CalendarDays : History} className="bg-white">
        {emptyEventsText[when]}
      </EmptyState>
    );
  }
  return (
    <>
      <ul
        className="grid gap-8 sm:grid-cols-2 lg:grid-cols-3"
        aria-label={when === 'upcoming' ? 'Événements à venir' : 'Événements passés'}
      >
        {items.map((event) => (
          <li key={event.id}>
            <EventCard
              event={event}
              busy={waitingForViewer || busyId === event.id}
              onToggleRegistration={() => actions.onToggleRegistration(event)}
              onToggleWaitlist={() => actions.onToggleWaitlist(event)}
              onShowCheckinCode={() => actions.onShowCheckinCode(event)}
              onEdit={() => actions.onEdit(event)}
              onDelete={() => actions.onDelete(event)}
              onIntent={actions.onIntent}
            />
          </li>
        ))}
      </ul>
      {hasNextPage ? (
        <div className="mt-8 flex justify-center">
          <Button
            type="button"
            variant="outline"
            disabled={fetchingNextPage || waitingForViewer}
            onClick={onFetchNextPage}
          >
            {fetchingNextPage ? 'Chargement…' : 'Afficher plus d’événements'}
          </Button>
        </div>
      ) : null}
    </>
  );
}
