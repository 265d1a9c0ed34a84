import { ShieldCheck } from 'lucide-react';
import type * as React from 'react';
import { useState } from 'react';
import { Badge } from '~/components/ui/badge';
import { Button } from '~/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '~/components/ui/card';
import { useDisableTwoFactor } from '../api/disable-two-factor';
import { useEnableTwoFactor } from '../api/enable-two-factor';
import { useSession } from '../api/get-session';
import { ConfirmPasswordForm } from './confirm-password-form';
import { TwoFactorEnrolment } from './two-factor-enrolment';

/** Two-factor authentication with an authenticator app (TOTP) and backup codes: on, off. */
export function TwoFactorCard() {
  const session = useSession();
  const enabled = Boolean(session.data?.user.twoFactorEnabled);
  const enable = useEnableTwoFactor();
  const disable = useDisableTwoFactor();
  const [asking, setAsking] = useState<'enable' | 'disable' | null>(null);

  let body: React.ReactNode;
  if (enable.data) {
    // Enrolment in progress: what the server answered is the state (reset to leave it).
    body = <TwoFactorEnrolment enrolment={enable.data} onFinished={() => enable.reset()} />;
  } else if (asking === 'enable') {
    body = (
      <ConfirmPasswordForm
        label="Activer l’authentification à deux facteurs"
        hint="Confirmez votre mot de passe pour commencer l’activation."
        submitLabel="Continuer"
        pending={enable.isPending}
        onSubmit={(values) => enable.mutate(values, { onSuccess: () => setAsking(null) })}
        onCancel={() => setAsking(null)}
      />
    );
  } else if (asking === 'disable') {
    body = (
      <ConfirmPasswordForm
        label="Désactiver l’authentification à deux facteurs"
        hint="Confirmez votre mot de passe&nbsp;: la connexion ne demandera plus de code."
        submitLabel="Désactiver"
        pending={disable.isPending}
        onSubmit={(values) => disable.mutate(values, { onSuccess: () => setAsking(null) })}
        onCancel={() => setAsking(null)}
      />
    );
  } else {
    body = (
      <Button
        type="button"
        variant={enabled ? 'outline' : 'default'}
        className="self-start"
        onClick={() => setAsking(enabled ? 'disable' : 'enable')}
      >
        {enabled ? 'Désactiver' : 'Activer'}
      </Button>
    );
  }

  return (
    <Card>
      <CardHeader>
        <div className="flex flex-wrap items-center gap-3">
          <ShieldCheck aria-hidden="true" className="size-5 text-brand-700" />
          <CardTitle>Authentification à deux facteurs</CardTitle>
          <Badge variant={enabled ? 'success' : 'secondary'}>{enabled ? 'Activée' : 'Désactivée'}</Badge>
        </div>
        <CardDescription>
          En plus du mot de passe, la connexion demande un code à 6 chiffres de votre application d’authentification.
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">{body}</CardContent>
    </Card>
  );
}
