import { displayPhone } from '@synergie/shared/sign-in-phone';
import { Smartphone } from 'lucide-react';
import { useState } from 'react';
import { Button } from '~/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '~/components/ui/card';
import { useSession } from '../api/get-session';
import { useConfirmPhoneNumber, useSendPhoneCode } from '../api/phone-code';
import { PhoneNumberForm } from './phone-code-sign-in';
import { SixDigitCodeForm } from './six-digit-code-form';

/**
 * Loaded only when the site offers it (security-section.tsx).
 * The number to sign in with a code by SMS (when the site offers it): added or changed with a
 * code sent to the new number, so it is the member's own.
 */
export function PhoneNumberCard() {
  const session = useSession();
  const [pending, setPending] = useState<string | null>(null);
  const [editing, setEditing] = useState(false);
  const send = useSendPhoneCode({ adding: true });
  const confirm = useConfirmPhoneNumber();
  const current = session.data?.user.phoneNumber ?? null;

  return (
    <Card>
      <CardHeader>
        <div className="flex items-center gap-3">
          <Smartphone aria-hidden="true" className="size-5 text-brand-700" />
          <CardTitle>Connexion par SMS</CardTitle>
        </div>
        <CardDescription>Recevez un code à 6 chiffres par SMS pour vous connecter sans mot de passe.</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        <p className="text-sm text-slate-700">
          {current ? (
            <>
              Numéro enregistré&nbsp;: <strong>{displayPhone(current)}</strong>
            </>
          ) : (
            'Aucun numéro enregistré.'
          )}
        </p>
        {pending ? (
          <SixDigitCodeForm
            label={`Code reçu au ${displayPhone(pending)}`}
            submitLabel="Confirmer le numéro"
            pending={confirm.isPending}
            onSubmit={(code) =>
              confirm.mutate(
                { phoneNumber: pending, code },
                {
                  onSuccess: () => {
                    setPending(null);
                    setEditing(false);
                  },
                },
              )
            }
          >
            <Button type="button" variant="link" className="self-start px-0" onClick={() => setPending(null)}>
              Changer de numéro
            </Button>
          </SixDigitCodeForm>
        ) : editing || !current ? (
          <PhoneNumberForm
            pending={send.isPending}
            submitLabel="Recevoir un code"
            onSubmit={(e164) => send.mutate({ phoneNumber: e164 }, { onSuccess: () => setPending(e164) })}
          />
        ) : (
          <Button type="button" variant="outline" className="self-start" onClick={() => setEditing(true)}>
            Changer de numéro
          </Button>
        )}
      </CardContent>
    </Card>
  );
}
