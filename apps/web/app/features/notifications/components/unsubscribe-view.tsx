import { NOTIFICATION_KIND_LABELS, notificationMessages } from '@synergie/shared/notification-constants';
import { profileSectionPath } from '@synergie/shared/profile-sections';
import { Link } from 'react-router';
import { Loading } from '~/components/query-state';
import { Alert, AlertDescription, AlertTitle } from '~/components/ui/alert';
import { Button } from '~/components/ui/button';
import { Card, CardContent } from '~/components/ui/card';
import { ApiRequestError, apiErrorMessage } from '~/lib/api-client';
import { type UnsubscribeInfo, useUnsubscribe, useUnsubscribeInfo } from '../api/notifications';

/**
 * /desabonnement?jeton=…: the page of a notification mail's footer link, without signing in. It
 * says which emails the link stops and asks for a click (mail scanners open links; only the POST
 * unsubscribes), then confirms.
 */
export function UnsubscribeView({ token }: { token: string }) {
  const info = useUnsubscribeInfo(token);
  const unsubscribe = useUnsubscribe();

  if (token === '' || (info.error instanceof ApiRequestError && info.error.code === 'UNSUBSCRIBE_INVALID')) {
    return <InvalidLink />;
  }
  if (info.isPending) return <Loading variant="text" />;
  if (info.isError) {
    return (
      <Alert variant="destructive">
        <AlertTitle>Erreur</AlertTitle>
        <AlertDescription>{apiErrorMessage(info.error, 'Erreur lors du chargement')}</AlertDescription>
      </Alert>
    );
  }
  const done = unsubscribe.data;
  if (done) {
    return (
      <Alert variant="info" role="status">
        <AlertTitle>{notificationMessages.unsubscribeTitle}</AlertTitle>
        <AlertDescription className="flex flex-col items-start gap-2">
          <p>{notificationMessages.unsubscribed(done.kindLabel)}</p>
          <Link
            to={`${profileSectionPath('notifications')}#notification-settings`}
            className="text-brand-800 underline"
          >
            {notificationMessages.settings}
          </Link>
        </AlertDescription>
      </Alert>
    );
  }
  return (
    <Card>
      <CardContent className="flex flex-col items-start gap-4 pt-6">
        <Explanation info={info.data} />
        {unsubscribe.isError ? (
          <p role="alert" className="text-red-700">
            {unsubscribe.error instanceof ApiRequestError && unsubscribe.error.code === 'UNSUBSCRIBE_INVALID'
              ? notificationMessages.invalidLink
              : apiErrorMessage(unsubscribe.error, 'Le désabonnement a échoué. Réessayez.')}
          </p>
        ) : null}
        <Button type="button" onClick={() => unsubscribe.mutate(token)} disabled={unsubscribe.isPending}>
          {notificationMessages.unsubscribeConfirm(info.data.kindLabel)}
        </Button>
      </CardContent>
    </Card>
  );
}

function Explanation({ info }: { info: UnsubscribeInfo }) {
  if (info.digest) {
    return (
      <p className="text-slate-800">
        {notificationMessages.digestExplain(
          info.kindLabel,
          info.kinds.map((k) => NOTIFICATION_KIND_LABELS[k]),
        )}
      </p>
    );
  }
  return (
    <p className="text-slate-800">
      {info.frequency === 'never'
        ? `Vous ne recevez déjà plus d’emails «\u00a0${info.kindLabel}\u00a0».`
        : `Ce lien arrête les emails «\u00a0${info.kindLabel}\u00a0». Les notifications restent visibles dans votre centre de notifications.`}
    </p>
  );
}

function InvalidLink() {
  return (
    <Alert variant="destructive">
      <AlertTitle>{notificationMessages.unsubscribeTitle}</AlertTitle>
      <AlertDescription className="flex flex-col items-start gap-2">
        <p>{notificationMessages.invalidLink}</p>
        <Link to={`${profileSectionPath('notifications')}#notification-settings`} className="underline">
          Gérer mes emails depuis mon profil
        </Link>
      </AlertDescription>
    </Alert>
  );
}
