import type { EventItem } from '@synergie/shared/events';
import { formatEventDateTime } from '@synergie/shared/format';
import { CalendarDays, MapPin } from 'lucide-react';
import { Link } from 'react-router';
import { placesLeftLabel } from './event-card';

/** A group's upcoming events on its public page (network-core §6); registration is on /events. */
export function GroupEvents({ events }: { events: EventItem[] }) {
  return (
    <section aria-labelledby="group-events-title">
      <h2 id="group-events-title" className="mb-4 flex items-center gap-2 text-2xl font-bold text-slate-900">
        <CalendarDays aria-hidden="true" className="size-6 text-brand-700" />
        Prochains événements
      </h2>
      {events.length === 0 ? (
        <p className="text-slate-600">Aucun événement du groupe n’est prévu pour le moment.</p>
      ) : (
        <ul className="flex flex-col gap-3">
          {events.map((event) => {
            const places = placesLeftLabel(event.placesLeft);
            return (
              <li key={event.id} className="rounded-lg border border-slate-200 bg-white p-4">
                <p className="font-semibold text-slate-900">{event.title}</p>
                <p className="mt-1 flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-slate-700">
                  <time dateTime={`${event.date}T${event.time}`} className="first-letter:uppercase">
                    {formatEventDateTime(event.date, event.time)}
                  </time>
                  <span className="flex items-center gap-1">
                    <MapPin aria-hidden="true" className="size-4 text-brand-700" />
                    {event.location}
                  </span>
                  {places ? <span>{places}</span> : null}
                </p>
              </li>
            );
          })}
        </ul>
      )}
      <p className="mt-3">
        <Link to="/events" className="text-brand-800 underline">
          Voir tous les événements et s’inscrire
        </Link>
      </p>
    </section>
  );
}
