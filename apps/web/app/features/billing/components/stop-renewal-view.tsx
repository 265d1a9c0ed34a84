import { formatDate, formatPrice } from '@synergie/shared/format';
import { profileSectionPath } from '@synergie/shared/profile-sections';
import { Loader2 } from 'lucide-react';
import { Link } from 'react-router';
import { Loading } from '~/components/query-state';
import { Alert, AlertDescription } from '~/components/ui/alert';
import { Button } from '~/components/ui/button';
import { apiErrorMessage } from '~/lib/api-client';
import { parseApiDateTime } from '~/lib/api-dates';
import { useStopRenewal, useStopRenewalInfo } from '../api/renewal';

/**
 * The page behind the renewal reminder's link (signed, once signed in): the date and amount of the
 * renewal, then a button that stops it. Nothing changes before the member confirms. `Aller à mon
 * profil` leads to the subscription, in the profile's billing section.
 */
export function StopRenewalView({ token }: { token: string }) {
  const info = useStopRenewalInfo(token);
  const stop = useStopRenewal();

  if (token === '') {
    return (
      <Alert variant="destructive">
        <AlertDescription>Ce lien est incomplet&nbsp;: ouvrez-le tel quel depuis l’e-mail reçu.</AlertDescription>
      </Alert>
    );
  }
  if (info.isPending) return <Loading variant="text" label="Chargement de votre abonnement…" />;
  if (info.isError) {
    return (
      <Alert variant="destructive">
        <AlertDescription className="flex flex-col items-start gap-3">
          <p>{apiErrorMessage(info.error, 'Ce lien ne peut pas être utilisé.')}</p>
          <Link to={profileSectionPath('facturation')} className="font-semibold underline-offset-2 hover:underline">
            Aller à mon profil
          </Link>
        </AlertDescription>
      </Alert>
    );
  }
  const date = formatDate(parseApiDateTime(info.data.renewsAt));
  if (stop.isSuccess || info.data.cancelAtPeriodEnd) {
    return (
      <Alert role="status">
        <AlertDescription className="flex flex-col items-start gap-3">
          <p data-testid="renewal-stopped">
            Le renouvellement est arrêté&nbsp;: votre abonnement reste actif jusqu’au {date}, puis prendra fin sans
            autre prélèvement. Un e-mail de confirmation vous a été envoyé.
          </p>
          <Link to={profileSectionPath('facturation')} className="font-semibold underline-offset-2 hover:underline">
            Aller à mon profil
          </Link>
        </AlertDescription>
      </Alert>
    );
  }
  return (
    <div className="flex flex-col items-start gap-4">
      <p className="text-slate-700">
        Votre abonnement annuel sera renouvelé le {date} pour {formatPrice(info.data.amountCents)} TTC. En arrêtant le
        renouvellement, vous gardez votre abonnement jusqu’à cette date, sans autre prélèvement.
      </p>
      {stop.isError ? (
        <Alert variant="destructive">
          <AlertDescription>
            {apiErrorMessage(stop.error, 'Le renouvellement n’a pas pu être arrêté.')}
          </AlertDescription>
        </Alert>
      ) : null}
      <Button type="button" variant="destructive" disabled={stop.isPending} onClick={() => stop.mutate(token)}>
        {stop.isPending ? <Loader2 aria-hidden="true" className="size-4 animate-spin" /> : null}
        Arrêter le renouvellement
      </Button>
    </div>
  );
}
