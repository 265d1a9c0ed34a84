import { formatCount } from '@synergie/shared/format';
import { Inbox } from 'lucide-react';
import { useContactRequests } from '../api/network';
import { CONTACT_REQUESTS_ANCHOR } from './contact-requests-panel';

/**
 * Above the directory, one line instead of the requests themselves (issue 31: the members' grid
 * comes first): how many requests wait, a link down to them (`ContactRequestsPanel`).
 */
export function ContactRequestsLink() {
  const requests = useContactRequests();
  const count = requests.data?.incoming.length ?? 0;
  if (count === 0) return null;
  return (
    <p className="flex flex-wrap items-center gap-2 rounded-lg border border-brand-200 bg-brand-50 px-4 py-3 text-sm text-brand-900">
      <Inbox aria-hidden="true" className="size-4 shrink-0" />
      <a href={`#${CONTACT_REQUESTS_ANCHOR}`} className="font-semibold underline underline-offset-2">
        {formatCount(count, { one: 'demande de contact reçue', other: 'demandes de contact reçues' })}
      </a>
      <span>
        {count === 1 ? 'attend votre réponse, sous l’annuaire.' : 'attendent votre réponse, sous l’annuaire.'}
      </span>
    </p>
  );
}
