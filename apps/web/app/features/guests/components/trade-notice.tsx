import { guestMessages } from '@synergie/shared/guests';
import { Link } from 'react-router';
import { Alert, AlertDescription, AlertTitle } from '~/components/ui/alert';
import type { GuestTradeNotice } from '../api/guests';

/** The guest's trade is held in the group: the groups where the seat is free, and the waiting list. */
export function TradeNotice({ notice, groupSlug }: { notice: GuestTradeNotice; groupSlug: string }) {
  return (
    <Alert variant="info">
      <AlertTitle>{guestMessages.tradeHeld}</AlertTitle>
      <AlertDescription className="flex flex-col gap-2">
        <p>{`Métier\u00a0: ${notice.tradeLabel}. ${guestMessages.tradeHeldHint}`}</p>
        {notice.nearestGroups.length > 0 ? (
          <ul className="list-disc pl-5">
            {notice.nearestGroups.map((g) => (
              <li key={g.id}>
                <Link to={`/groupes/${encodeURIComponent(g.slug)}`} className="text-brand-800 underline">
                  {`${g.name} (${g.city})`}
                </Link>
              </li>
            ))}
          </ul>
        ) : null}
        <Link to={`/groupes/${encodeURIComponent(groupSlug)}`} className="text-brand-800 underline">
          {'Voir le groupe et sa liste d’attente'}
        </Link>
      </AlertDescription>
    </Alert>
  );
}
