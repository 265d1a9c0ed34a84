import { eventMessages } from '@synergie/shared/event-messages';
import { SERVED_EVENTS_SLOT } from '@synergie/shared/served-events';
import { Plus } from 'lucide-react';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '~/components/ui/button';
import { useSession } from '~/features/auth';
import { ApiRequestError, apiErrorMessage } from '~/lib/api-client';
import { notify } from '~/lib/toast';
import { useEventRegistration, useEventWaitlist } from '../api/event-registration';
import { type EventItem, type EventsWhen, useEvents } from '../api/get-events';
import { type EventListActions, EventListView } from './event-list-view';

// The dialogs (zod, react-hook-form, Radix) load on first use: the prerendered page stays light.
const loadEventDialog = () => import('./event-dialog');
const loadDeleteDialog = () => import('./delete-event-dialog');
const loadParticipationDialog = () => import('./participation-dialog');
const EventDialog = lazy(loadEventDialog);
const DeleteEventDialog = lazy(loadDeleteDialog);
const ParticipationDialog = lazy(loadParticipationDialog);
const CheckinCodeDialog = lazy(() => import('./checkin-code-dialog'));

type OpenDialog =
  | { kind: 'create' }
  | { kind: 'edit'; event: EventItem }
  | { kind: 'delete'; event: EventItem }
  | { kind: 'participation'; event: EventItem; mode: 'register' | 'waitlist' }
  | { kind: 'checkin'; event: EventItem }
  | null;

const SKELETONS = ['a', 'b', 'c'];

/** The upcoming events (with 'Créer un événement') then, apart, the past ones. */
export function EventsBoard() {
  const navigate = useNavigate();
  const session = useSession();
  const userId = session.data?.user.id ?? null;
  const [dialog, setDialog] = useState<OpenDialog>(null);
  const registration = useEventRegistration();
  const waitlist = useEventWaitlist();
  const close = () => setDialog(null);

  /** The answer to a refused registration or waiting-list call, in French. */
  const onParticipationError = (error: unknown, fallback: string) => {
    if (error instanceof ApiRequestError && error.code === 'SUBSCRIPTION_REQUIRED') {
      notify.error(eventMessages.subscriptionRequired);
      void navigate('/pricing?message=subscription_required');
    } else if (error instanceof ApiRequestError && error.status === 401) {
      notify.error(eventMessages.signInToRegister);
      void navigate('/auth');
    } else {
      notify.error(apiErrorMessage(error, fallback));
    }
  };

  const register = (event: EventItem, guests: number) =>
    registration.mutate(
      { id: event.id, registered: true, guests },
      {
        onSuccess: () => {
          notify.success(eventMessages.registered);
          close();
        },
        onError: (error) => onParticipationError(error, eventMessages.registrationFailed),
      },
    );

  const joinWaitlist = (event: EventItem, guests: number) =>
    waitlist.mutate(
      { id: event.id, join: true, guests },
      {
        onSuccess: (answer) => {
          notify.success(answer.isRegistered ? eventMessages.registered : eventMessages.joinedWaitingList);
          close();
        },
        onError: (error) => onParticipationError(error, eventMessages.waitingListFailed),
      },
    );

  const toggleWaitlist = (event: EventItem) => {
    if (session.isPending) return afterSession((latest) => latest.toggleWaitlist(event));
    if (!userId) {
      notify.error(eventMessages.signInToRegister);
      void navigate('/auth');
      return;
    }
    if (event.waitlistPosition !== null) {
      waitlist.mutate(
        { id: event.id, join: false },
        {
          onSuccess: () => notify.success(eventMessages.leftWaitingList),
          onError: (error) => onParticipationError(error, eventMessages.waitingListFailed),
        },
      );
    } else if (event.maxGuestsPerRegistration > 0) {
      setDialog({ kind: 'participation', event, mode: 'waitlist' });
    } else {
      joinWaitlist(event, 0);
    }
  };

  const openCreate = () => {
    if (session.isPending) return afterSession((latest) => latest.openCreate());
    if (!userId) {
      notify.error(eventMessages.signInToCreate);
      void navigate('/auth');
      return;
    }
    setDialog({ kind: 'create' });
  };

  const toggleRegistration = (event: EventItem) => {
    if (session.isPending) return afterSession((latest) => latest.toggleRegistration(event));
    if (!userId) {
      notify.error(eventMessages.signInToRegister);
      void navigate('/auth');
      return;
    }
    const registered = !event.isRegistered;
    if (registered && event.maxGuestsPerRegistration > 0) {
      setDialog({ kind: 'participation', event, mode: 'register' });
      return;
    }
    registration.mutate(
      { id: event.id, registered },
      {
        onSuccess: () => notify.success(registered ? eventMessages.registered : eventMessages.unregistered),
        onError: (error) =>
          onParticipationError(
            error,
            registered ? eventMessages.registrationFailed : eventMessages.unregistrationFailed,
          ),
      },
    );
  };

  // The served list is a visitor's, with its buttons live, while the session is read (the page
  // must hydrate as the server wrote it): a button pressed then waits for the session, so that a
  // signed-in member is not sent to sign in.
  const latest = useRef({ toggleRegistration, toggleWaitlist, openCreate });
  latest.current = { toggleRegistration, toggleWaitlist, openCreate };
  const [waiting, setWaiting] = useState<((handlers: typeof latest.current) => void) | null>(null);
  function afterSession(action: (handlers: typeof latest.current) => void) {
    setWaiting(() => action);
  }
  useEffect(() => {
    if (session.isPending || !waiting) return;
    setWaiting(null);
    waiting(latest.current);
  }, [session.isPending, waiting]);

  const preload = () => {
    if (!userId) return;
    void loadEventDialog();
    void loadParticipationDialog();
  };

  const listProps = {
    userId,
    sessionPending: session.isPending,
    busyId: registration.isPending
      ? (registration.variables?.id ?? null)
      : waitlist.isPending
        ? (waitlist.variables?.id ?? null)
        : null,
    actions: {
      onToggleRegistration: toggleRegistration,
      onToggleWaitlist: toggleWaitlist,
      onShowCheckinCode: (event: EventItem) => setDialog({ kind: 'checkin', event }),
      onEdit: (event: EventItem) => setDialog({ kind: 'edit', event }),
      onDelete: (event: EventItem) => setDialog({ kind: 'delete', event }),
      onIntent: preload,
    },
  };

  return (
    <>
      <section aria-labelledby="upcoming-title" className="bg-slate-50">
        <div className="mx-auto max-w-7xl px-4 py-16 sm:px-6 lg:px-8">
          <div className="mb-8 flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
            <div className="max-w-3xl">
              <h2 id="upcoming-title" className="text-3xl font-bold tracking-tight text-slate-900">
                Événements à venir
              </h2>
              <p className="mt-3 text-lg text-slate-600">
                {userId
                  ? 'Organisez un événement pour le réseau ou inscrivez-vous à ceux des autres membres.'
                  : 'Connectez-vous pour créer un événement ou vous inscrire à ceux du réseau.'}
              </p>
            </div>
            <Button type="button" onClick={openCreate} onPointerEnter={preload} onFocus={preload}>
              <Plus aria-hidden="true" />
              Créer un événement
            </Button>
          </div>
          <EventList when="upcoming" {...listProps} />
        </div>
      </section>

      <section aria-labelledby="past-title">
        <div className="mx-auto max-w-7xl px-4 py-16 sm:px-6 lg:px-8">
          <h2 id="past-title" className="mb-8 text-3xl font-bold tracking-tight text-slate-900">
            Événements passés
          </h2>
          <EventList when="past" {...listProps} />
        </div>
      </section>

      <Suspense fallback={null}>
        {dialog?.kind === 'create' ? <EventDialog event={null} onClose={close} /> : null}
        {dialog?.kind === 'edit' ? <EventDialog event={dialog.event} onClose={close} /> : null}
        {dialog?.kind === 'delete' ? <DeleteEventDialog event={dialog.event} onClose={close} /> : null}
        {dialog?.kind === 'participation' ? (
          <ParticipationDialog
            event={dialog.event}
            mode={dialog.mode}
            pending={registration.isPending || waitlist.isPending}
            onConfirm={(guests) =>
              dialog.mode === 'register' ? register(dialog.event, guests) : joinWaitlist(dialog.event, guests)
            }
            onClose={close}
          />
        ) : null}
        {dialog?.kind === 'checkin' ? <CheckinCodeDialog event={dialog.event} onClose={close} /> : null}
      </Suspense>
    </>
  );
}

function EventList({
  when,
  userId,
  sessionPending,
  busyId,
  actions,
}: {
  when: EventsWhen;
  userId: string | null;
  sessionPending: boolean;
  busyId: string | null;
  actions: EventListActions;
}) {
  // While the session is read, the list is a visitor's: the one the server may have written into
  // the page, which hydration must find again.
  const events = useEvents(when, sessionPending ? null : userId, !sessionPending);

  useEffect(() => {
    if (events.isError && when === 'upcoming') notify.error(eventMessages.loadFailed);
  }, [events.isError, when]);

  if (!events.data) {
    if (events.isError) {
      return (
        <p role="alert" className="rounded-lg border border-red-200 bg-red-50 p-4 text-red-800">
          {eventMessages.loadFailed}
        </p>
      );
    }
    // The server replaces this region with the list itself ({SERVED_EVENTS_SLOT}).
    return (
      <div role="status" aria-live="polite" aria-busy="true" {...{ [SERVED_EVENTS_SLOT]: when }}>
        <span className="sr-only">Chargement des événements…</span>
        <ul aria-hidden="true" className="grid gap-8 sm:grid-cols-2 lg:grid-cols-3">
          {SKELETONS.map((key) => (
            <li key={key} className="h-96 animate-pulse rounded-xl border border-slate-200 bg-white" />
          ))}
        </ul>
      </div>
    );
  }
  return (
    <EventListView
      when={when}
      items={events.data.pages.flatMap((page) => page.events)}
      hasNextPage={events.hasNextPage}
      fetchingNextPage={events.isFetchingNextPage}
      onFetchNextPage={() => void events.fetchNextPage()}
      busyId={busyId}
      waitingForViewer={events.isPlaceholderData}
      actions={actions}
    />
  );
}
