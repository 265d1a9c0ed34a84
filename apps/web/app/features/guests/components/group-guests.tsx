import { meetingMessages } from '@synergie/shared/meeting-constants';
import { Loading } from '~/components/query-state';
import { apiErrorMessage } from '~/lib/api-client';
import { useGroupGuests } from '../api/guests';
import { GuestCard } from './my-guests-view';

/** The leaders' page: the guests of the group's meetings, and their pipeline (network-core §5). */
export function GroupGuests({ groupId }: { groupId: string }) {
  const guests = useGroupGuests(groupId);
  return (
    <section aria-labelledby="group-guests-title" className="flex flex-col gap-4 pt-8">
      <h2 id="group-guests-title" className="text-2xl font-bold text-slate-900">
        {meetingMessages.guests}
      </h2>
      {guests.isPending ? <Loading variant="text" /> : null}
      {guests.isError ? (
        <p role="alert" className="text-red-700">
          {apiErrorMessage(guests.error, 'Erreur lors du chargement')}
        </p>
      ) : null}
      {guests.data && guests.data.items.length === 0 ? (
        <p className="text-slate-700">Aucun visiteur invité aux réunions du groupe pour le moment.</p>
      ) : null}
      {guests.data && guests.data.items.length > 0 ? (
        <ul className="flex flex-col gap-3">
          {guests.data.items.map((guest) => (
            <li key={guest.id}>
              <GuestCard guest={guest} showInviter />
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
