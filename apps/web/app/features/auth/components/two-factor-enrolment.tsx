import { Button } from '~/components/ui/button';
import { useConfirmTwoFactor } from '../api/confirm-two-factor';
import type { TwoFactorEnrolment as Enrolment } from '../api/enable-two-factor';
import { BackupCodes } from './backup-codes';
import { SixDigitCodeForm } from './six-digit-code-form';
import { TotpQrCode } from './totp-qr-code';

/** Secret as the app expects it typed by hand: groups of four characters. */
function readableSecret(uri: string) {
  const secret = new URL(uri).searchParams.get('secret') ?? '';
  return secret.match(/.{1,4}/g)?.join(' ') ?? secret;
}

/** Enrolment: scan (or type) the secret, keep the backup codes, prove it works with a first code. */
export function TwoFactorEnrolment({ enrolment, onFinished }: { enrolment: Enrolment; onFinished: () => void }) {
  const confirm = useConfirmTwoFactor();

  return (
    <div className="flex flex-col gap-6">
      <ol className="flex flex-col gap-6">
        <li className="flex flex-col gap-3">
          <h4 className="font-semibold text-slate-900">
            1. Ajoutez votre compte à votre application d’authentification
          </h4>
          <p className="text-sm text-slate-700">
            Scannez ce QR code avec une application comme Google Authenticator, Microsoft Authenticator ou 1Password.
          </p>
          <TotpQrCode uri={enrolment.totpURI} />
          <p className="text-sm text-slate-700">
            Impossible de scanner&#8239;? Saisissez cette clé dans l’application&nbsp;:{' '}
            <code
              className="break-all rounded bg-slate-100 px-1.5 py-0.5 font-mono text-slate-900"
              data-testid="totp-secret"
            >
              {readableSecret(enrolment.totpURI)}
            </code>
          </p>
          <a
            href={enrolment.totpURI}
            className="self-start text-sm font-medium text-brand-700 underline-offset-4 hover:underline"
          >
            Ouvrir dans l’application d’authentification de cet appareil
          </a>
        </li>
        <li className="flex flex-col gap-3">
          <h4 className="font-semibold text-slate-900">2. Conservez vos codes de secours</h4>
          <p className="text-sm text-slate-700">
            Sans votre téléphone, chacun de ces codes permet une connexion, une seule fois. Gardez-les en lieu
            sûr&nbsp;: ils ne seront plus affichés.
          </p>
          <BackupCodes codes={enrolment.backupCodes} />
        </li>
        <li className="flex flex-col gap-3">
          <h4 className="font-semibold text-slate-900">3. Saisissez le code affiché par l’application</h4>
          <SixDigitCodeForm
            label="Code à 6 chiffres"
            submitLabel="Vérifier et activer"
            pending={confirm.isPending}
            onSubmit={(code) => confirm.mutate({ code }, { onSuccess: onFinished })}
          />
        </li>
      </ol>
      <Button type="button" variant="outline" className="self-start" onClick={onFinished}>
        Annuler
      </Button>
    </div>
  );
}
