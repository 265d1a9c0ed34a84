import { zodResolver } from '@hookform/resolvers/zod';
import { type GuestForm, type GuestFormInput, guestFormSchema, guestMessages } from '@synergie/shared/guests';
import { meetingMessages } from '@synergie/shared/meeting-constants';
import { UserPlus } from 'lucide-react';
import type * as React from 'react';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '~/components/ui/button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '~/components/ui/dialog';
import { FormField } from '~/components/ui/form-field';
import { Input } from '~/components/ui/input';
import { Label } from '~/components/ui/label';
import { useTradeCatalogue } from '~/features/profile';
import { ApiRequestError, apiErrorMessage } from '~/lib/api-client';
import { notify } from '~/lib/toast';
import { type GuestMeeting, type InvitedGuest, useInviteGuest } from '../api/guests';
import { meetingWhen } from './meeting-when';
import { TradeNotice } from './trade-notice';

const selectClass =
  'flex h-10 w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-base text-slate-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 aria-[invalid=true]:border-red-600 sm:text-sm';

const FIELDS = ['name', 'email', 'phone', 'tradeId', 'company', 'consent'] as const;

/**
 * `Inviter un visiteur`: a button and its dialog, the form of POST /api/meetings/:id/guests with
 * the shared schema. Given one meeting (the meeting page) or a list to choose from (/visiteurs).
 * When the guest's trade is held in the group, the dialog stays open to say so.
 *
 * Given `open` and `onOpenChange`, the dialog has no button of its own: what opens it (another
 * group's meeting chosen in the search, /visiteurs) gets the focus back through `returnFocus`.
 */
export function InviteGuestDialog({
  meetings,
  open: openProp,
  onOpenChange,
  returnFocus,
}: {
  meetings: GuestMeeting[];
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
  returnFocus?: React.RefObject<HTMLElement | null>;
}) {
  const [ownOpen, setOwnOpen] = useState(false);
  const controlled = openProp !== undefined;
  const open = controlled ? openProp : ownOpen;
  const setOpen = onOpenChange ?? setOwnOpen;
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      {controlled ? null : (
        <DialogTrigger asChild>
          <Button type="button" disabled={meetings.length === 0}>
            <UserPlus aria-hidden="true" className="size-4" />
            {meetingMessages.inviteGuest}
          </Button>
        </DialogTrigger>
      )}
      {open ? <InviteGuestContent meetings={meetings} onDone={() => setOpen(false)} returnFocus={returnFocus} /> : null}
    </Dialog>
  );
}

function InviteGuestContent({
  meetings,
  onDone,
  returnFocus,
}: {
  meetings: GuestMeeting[];
  onDone: () => void;
  returnFocus?: React.RefObject<HTMLElement | null>;
}) {
  const onCloseAutoFocus = (event: Event) => {
    if (!returnFocus?.current) return;
    event.preventDefault();
    returnFocus.current.focus();
  };
  const id = useId();
  const invite = useInviteGuest();
  const catalogue = useTradeCatalogue();
  const [meetingId, setMeetingId] = useState(meetings[0]?.id ?? '');
  const [answer, setAnswer] = useState<InvitedGuest | null>(null);
  const form = useForm<GuestFormInput, unknown, GuestForm>({
    resolver: zodResolver(guestFormSchema),
    defaultValues: { name: '', email: '', phone: '', tradeId: '', company: '', consent: false },
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit(async (body) => {
    form.clearErrors('root');
    let invited: InvitedGuest;
    try {
      invited = await invite.mutateAsync({ meetingId, body });
    } catch (error) {
      if (error instanceof ApiRequestError && error.fields) {
        for (const [field, message] of Object.entries(error.fields)) {
          if ((FIELDS as readonly string[]).includes(field))
            form.setError(field as (typeof FIELDS)[number], { message });
        }
      }
      if (error instanceof ApiRequestError && error.code === 'GUEST_ALREADY_INVITED')
        form.setError('email', { message: apiErrorMessage(error, '') });
      form.setError('root', { message: apiErrorMessage(error, 'L’invitation n’a pas pu être envoyée.') });
      return;
    }
    notify.success(`${guestMessages.invited} à ${body.name}.`);
    if (invited.tradeNotice) setAnswer(invited);
    else onDone();
  });

  if (answer?.tradeNotice) {
    return (
      <DialogContent onCloseAutoFocus={onCloseAutoFocus}>
        <DialogHeader>
          <DialogTitle>{guestMessages.invited}</DialogTitle>
          <DialogDescription>{`${answer.guest.name ?? ''} a reçu l’invitation par email.`}</DialogDescription>
        </DialogHeader>
        <TradeNotice notice={answer.tradeNotice} groupSlug={answer.guest.meeting.groupSlug} />
        <DialogFooter>
          <DialogClose asChild>
            <Button type="button">Fermer</Button>
          </DialogClose>
        </DialogFooter>
      </DialogContent>
    );
  }

  return (
    <DialogContent onCloseAutoFocus={onCloseAutoFocus}>
      <DialogHeader>
        <DialogTitle>{meetingMessages.inviteGuest}</DialogTitle>
        <DialogDescription>
          Il reçoit par email la réunion, le lieu, le fichier agenda et un lien pour confirmer, sans créer de compte.
        </DialogDescription>
      </DialogHeader>
      <form onSubmit={onSubmit} noValidate aria-label={meetingMessages.inviteGuest} className="flex flex-col gap-4">
        {meetings.length > 1 ? (
          <div className="flex flex-col gap-1.5">
            <Label htmlFor={`${id}-meeting`}>Réunion</Label>
            <select
              id={`${id}-meeting`}
              className={selectClass}
              value={meetingId}
              onChange={(e) => setMeetingId(e.target.value)}
            >
              {meetings.map((m) => (
                <option key={m.id} value={m.id}>
                  {`${m.groupName} - ${meetingWhen(m.startsAt)}`}
                </option>
              ))}
            </select>
          </div>
        ) : meetings[0] ? (
          <p className="text-sm text-slate-700">{`${meetings[0].groupName} - ${meetingWhen(meetings[0].startsAt)}`}</p>
        ) : null}
        <FormField label="Nom" error={errors.name?.message}>
          {(field) => <Input autoComplete="off" {...field} {...form.register('name')} />}
        </FormField>
        <FormField label="Email" error={errors.email?.message}>
          {(field) => <Input type="email" autoComplete="off" {...field} {...form.register('email')} />}
        </FormField>
        <FormField label="Téléphone (facultatif)" error={errors.phone?.message}>
          {(field) => <Input type="tel" autoComplete="off" {...field} {...form.register('phone')} />}
        </FormField>
        <FormField label="Métier (facultatif)" error={errors.tradeId?.message}>
          {(field) => (
            <select className={selectClass} {...field} {...form.register('tradeId')}>
              <option value="">Non précisé</option>
              {(catalogue.data?.trades ?? []).map((t) => (
                <option key={t.id} value={t.id}>
                  {t.label}
                </option>
              ))}
            </select>
          )}
        </FormField>
        <FormField label="Entreprise (facultatif)" error={errors.company?.message}>
          {(field) => <Input autoComplete="off" {...field} {...form.register('company')} />}
        </FormField>
        <div className="flex flex-col gap-1.5">
          <label className="flex items-start gap-3 text-sm font-medium text-slate-900">
            <input
              type="checkbox"
              className="mt-0.5 size-4 accent-brand-700"
              aria-invalid={Boolean(errors.consent)}
              aria-describedby={errors.consent ? `${id}-consent-error` : undefined}
              {...form.register('consent')}
            />
            {meetingMessages.guestConsent}
          </label>
          {errors.consent ? (
            <p id={`${id}-consent-error`} className="text-sm font-medium text-red-700">
              {errors.consent.message}
            </p>
          ) : null}
        </div>
        {errors.root?.message ? (
          <p role="alert" className="text-sm font-medium text-red-700">
            {errors.root.message}
          </p>
        ) : null}
        <DialogFooter>
          <DialogClose asChild>
            <Button type="button" variant="outline">
              Annuler
            </Button>
          </DialogClose>
          <Button type="submit" disabled={invite.isPending || meetingId === ''}>
            {'Envoyer l’invitation'}
          </Button>
        </DialogFooter>
      </form>
    </DialogContent>
  );
}
