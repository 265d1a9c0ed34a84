import { groupMessages } from '@synergie/shared/group-constants';
import { Link } from 'react-router';
import { Alert, AlertDescription, AlertTitle } from '~/components/ui/alert';
import { useMe } from '../api/get-me';

/**
 * Shown on the member's next visit (dashboard and profile) when the profession migration found
 * no trade matching their old free text (network-core §1): their old profession is kept as
 * their specialty, and they pick their trade in the catalogue.
 */
export function PickTradePrompt({ linkToProfile = false }: { linkToProfile?: boolean }) {
  const me = useMe();
  const profile = me.data?.profile;
  if (!profile?.mustPickTrade || profile.trade) return null;
  return (
    <Alert role="status">
      <AlertTitle>Choisissez votre métier</AlertTitle>
      <AlertDescription className="flex flex-col items-start gap-2">
        <p>{groupMessages.pickYourTrade}</p>
        {profile.specialty ? (
          <p>
            Votre ancien métier «&nbsp;{profile.specialty}&nbsp;» est conservé comme spécialité&nbsp;: vous pouvez la
            modifier.
          </p>
        ) : null}
        {linkToProfile ? (
          <Link to="/profile#metier" className="font-semibold text-brand-700 underline-offset-2 hover:underline">
            Choisir mon métier
          </Link>
        ) : null}
      </AlertDescription>
    </Alert>
  );
}

/**
 * Where commissions are offered: a member whose trade is a regulated profession reads
 * groupMessages.regulatedNotice (network-core §1), word for word.
 */
export function RegulatedTradeNotice({ className }: { className?: string }) {
  const me = useMe();
  if (!me.data?.profile?.trade?.regulated) return null;
  return (
    <p className={className ?? 'rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950'}>
      {groupMessages.regulatedNotice}
    </p>
  );
}
