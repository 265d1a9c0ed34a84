import { CONTACT_MESSAGE_MAX, contactRequestInputSchema, directoryMessages } from '@synergie/shared/directory';
import { Loader2, Send } from 'lucide-react';
import { useState } from 'react';
import { Button } from '~/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '~/components/ui/dialog';
import { FormField } from '~/components/ui/form-field';
import { Textarea } from '~/components/ui/textarea';
import { apiErrorMessage } from '~/lib/api-client';
import { notify } from '~/lib/toast';
import { type MemberCard, useSendContactRequest, useSessionExpiry } from '../api/network';

/** The contact request dialog: an optional message, then a pending request. Loaded on first use. */
export default function ContactDialog({
  member,
  onOpenChange,
}: {
  member: MemberCard | null;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <Dialog open={member !== null} onOpenChange={onOpenChange}>
      <DialogContent>
        {member ? <ContactForm key={member.userId} member={member} onDone={() => onOpenChange(false)} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function ContactForm({ member, onDone }: { member: MemberCard; onDone: () => void }) {
  const [message, setMessage] = useState('');
  const [error, setError] = useState<string>();
  const send = useSendContactRequest();
  const expire = useSessionExpiry();

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const parsed = contactRequestInputSchema.safeParse({ message });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    setError(undefined);
    send.mutate(
      { userId: member.userId, message: parsed.data.message },
      {
        onSuccess: () => {
          notify.success(directoryMessages.contactSent);
          onDone();
        },
        onError: (failure) => {
          if (expire(failure)) return;
          notify.error(apiErrorMessage(failure, directoryMessages.contactFailed));
        },
      },
    );
  };

  return (
    <form onSubmit={submit} className="flex flex-col gap-4" noValidate>
      <DialogHeader>
        <DialogTitle>Contacter {member.fullName}</DialogTitle>
        <DialogDescription>
          {member.fullName} recevra votre demande par email. En l’acceptant, vous aurez un projet commun dans Mes
          projets.
        </DialogDescription>
      </DialogHeader>
      <FormField label="Votre message (facultatif)" error={error} hint={`${CONTACT_MESSAGE_MAX} caractères maximum`}>
        {(props) => (
          <Textarea
            {...props}
            rows={5}
            value={message}
            onChange={(event) => setMessage(event.target.value)}
            placeholder="Présentez-vous et dites ce que vous aimeriez faire ensemble."
          />
        )}
      </FormField>
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onDone}>
          Annuler
        </Button>
        <Button type="submit" disabled={send.isPending}>
          {send.isPending ? <Loader2 aria-hidden="true" className="animate-spin" /> : <Send aria-hidden="true" />}
          Envoyer la demande
        </Button>
      </DialogFooter>
    </form>
  );
}
