import { eventMessages } from '@synergie/shared/event-messages';
import { formatCount, formatEventDateTime } from '@synergie/shared/format';
import {
  BadgeCheck,
  CalendarDays,
  CalendarPlus,
  Hourglass,
  MapPin,
  Pencil,
  QrCode,
  Trash2,
  UserRound,
  Users,
} from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Badge } from '~/components/ui/badge';
import { Button } from '~/components/ui/button';
import { Card, CardContent, CardFooter, CardHeader } from '~/components/ui/card';
import { eventIcsUrl } from '../api/event-registration';
import type { EventItem } from '../api/get-events';
import { eventCategories } from '../event-categories';

/** 'N places restantes', 'Complet' at zero; nothing when the event has no limit. */
export function placesLeftLabel(placesLeft: number | null): string | null {
  if (placesLeft === null) return null;
  if (placesLeft <= 0) return 'Complet';
  return formatCount(placesLeft, { one: 'place restante', other: 'places restantes' });
}

const attendeesLabel = (count: number) => formatCount(count, { one: 'participant', other: 'participants' });

/** The shipped images have a written description; an admin's new category gets a generic one. */
function imageAlt(event: EventItem): string {
  const known = eventCategories.find((c) => c.name === event.category && c.image === event.imageUrl);
  return known?.imageAlt ?? `Illustration de la catégorie ${event.category ?? 'événement'}`;
}

/** One event: category image, title, date, place, attendance, organizer and the viewer's actions. */
export function EventCard({
  event,
  busy,
  onToggleRegistration,
  onToggleWaitlist,
  onShowCheckinCode,
  onEdit,
  onDelete,
  onIntent,
}: {
  event: EventItem;
  busy: boolean;
  onToggleRegistration: () => void;
  /** Joins the waiting list of a full event, or leaves it. */
  onToggleWaitlist: () => void;
  /** The organizer's check-in QR code. */
  onShowCheckinCode: () => void;
  onEdit: () => void;
  onDelete: () => void;
  /** The pointer or focus is near an action: start loading its dialog. */
  onIntent: () => void;
}) {
  const places = placesLeftLabel(event.placesLeft);
  const full = event.placesLeft !== null && event.placesLeft <= 0;
  // The participation button is replaced by the next one (`S’inscrire` → `Se désinscrire`): when
  // its dialog closes, focus would fall to the page; it goes to the new button, the action's result.
  const action = useRef<HTMLButtonElement>(null);
  const participation = `${event.isRegistered}-${event.waitlistPosition !== null}`;
  const shown = useRef(participation);
  useEffect(() => {
    if (shown.current === participation) return;
    shown.current = participation;
    if (document.activeElement === document.body || document.activeElement === null) action.current?.focus();
  }, [participation]);
  return (
    <Card className="flex h-full flex-col overflow-hidden" onPointerEnter={onIntent} onFocus={onIntent}>
      {event.imageUrl ? (
        <img
          src={event.imageUrl}
          alt={imageAlt(event)}
          width={1200}
          height={675}
          loading="lazy"
          decoding="async"
          className="aspect-video w-full object-cover"
        />
      ) : (
        <div className="flex aspect-video w-full items-center justify-center bg-brand-50 text-brand-700">
          <CalendarDays aria-hidden="true" className="size-16" />
        </div>
      )}
      <CardHeader>
        <div className="flex flex-wrap items-center gap-2">
          {event.category ? <Badge variant="secondary">{event.category}</Badge> : null}
          {event.isRegistered ? (
            <Badge variant="success" className="gap-1">
              <BadgeCheck aria-hidden="true" className="size-3.5" />
              Inscrit
            </Badge>
          ) : null}
          {event.isOwn ? <Badge variant="accent">Votre événement</Badge> : null}
          {event.groupName ? <Badge variant="secondary">{event.groupName}</Badge> : null}
        </div>
        <h3 className="text-xl font-semibold leading-tight text-slate-900">{event.title}</h3>
        <ul className="mt-2 flex flex-col gap-1.5 text-sm text-slate-700">
          <li className="flex items-start gap-1.5">
            <CalendarDays aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-brand-700" />
            <span className="sr-only">Date&nbsp;:</span>
            <time dateTime={`${event.date}T${event.time}`} className="first-letter:uppercase">
              {formatEventDateTime(event.date, event.time)}
            </time>
          </li>
          <li className="flex items-start gap-1.5">
            <MapPin aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-brand-700" />
            <span className="sr-only">Lieu&nbsp;:</span>
            <span className="break-words">{event.location}</span>
          </li>
          <li className="flex items-start gap-1.5">
            <Users aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-brand-700" />
            <span>
              {attendeesLabel(event.attendeesCount)}
              {places ? <span className={full ? 'font-semibold text-red-700' : ''}> · {places}</span> : null}
              {event.isRegistered && event.myGuests > 0 ? (
                <span> · vous venez avec {formatCount(event.myGuests, { one: 'invité', other: 'invités' })}</span>
              ) : null}
            </span>
          </li>
          {event.waitlistPosition !== null ? (
            <li className="flex items-start gap-1.5 font-medium text-brand-800">
              <Hourglass aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
              <span>{eventMessages.waitingPosition(event.waitlistPosition)}</span>
            </li>
          ) : null}
          <li className="flex items-start gap-1.5">
            <UserRound aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-brand-700" />
            <span className="sr-only">Organisé par&nbsp;:</span>
            <span>{event.organizerName}</span>
          </li>
        </ul>
      </CardHeader>
      {event.description ? (
        <CardContent>
          <p className="line-clamp-4 whitespace-pre-line break-words text-slate-700">{event.description}</p>
        </CardContent>
      ) : null}
      <CardFooter className="mt-auto flex-wrap gap-2">
        {event.isPast ? null : event.isRegistered ? (
          <Button ref={action} type="button" variant="outline" disabled={busy} onClick={onToggleRegistration}>
            Se désinscrire
          </Button>
        ) : event.waitlistPosition !== null ? (
          <Button ref={action} type="button" variant="outline" disabled={busy} onClick={onToggleWaitlist}>
            {eventMessages.leaveWaitingList}
          </Button>
        ) : full ? (
          <Button ref={action} type="button" disabled={busy} onClick={onToggleWaitlist} title={eventMessages.full}>
            <Hourglass aria-hidden="true" />
            {eventMessages.waitingList}
          </Button>
        ) : (
          <Button ref={action} type="button" disabled={busy} onClick={onToggleRegistration}>
            S’inscrire
          </Button>
        )}
        <Button asChild variant="ghost">
          <a href={eventIcsUrl(event.id)} download>
            <CalendarPlus aria-hidden="true" />
            Ajouter au calendrier
          </a>
        </Button>
        {event.isOwn ? (
          <>
            {event.isPast ? null : (
              <Button
                type="button"
                variant="outline"
                size="sm"
                onClick={onShowCheckinCode}
                aria-label={`${eventMessages.checkinCode} de «\u00a0${event.title}\u00a0»`}
              >
                <QrCode aria-hidden="true" />
                Pointage
              </Button>
            )}
            <Button
              type="button"
              variant="outline"
              size="sm"
              onClick={onEdit}
              aria-label={`Modifier «\u00a0${event.title}\u00a0»`}
            >
              <Pencil aria-hidden="true" />
              Modifier
            </Button>
            <Button
              type="button"
              variant="outline"
              size="sm"
              onClick={onDelete}
              aria-label={`Supprimer «\u00a0${event.title}\u00a0»`}
            >
              <Trash2 aria-hidden="true" />
              Supprimer
            </Button>
          </>
        ) : null}
      </CardFooter>
    </Card>
  );
}
