import { zodResolver } from '@hookform/resolvers/zod';
import {
  type LiveRecommendationForm,
  type LiveRecommendationFormInput,
  liveMessages,
  liveRecommendationFormSchema,
} from '@synergie/shared/live-meeting';
import { HEAT_LABELS, HEAT_MAX, HEAT_MIN } from '@synergie/shared/recommendation-constants';
import { Send } from 'lucide-react';
import { useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
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
import { ApiRequestError, apiErrorMessage } from '~/lib/api-client';
import { notify } from '~/lib/toast';
import { useGiveLiveRecommendation } from '../api/live-meeting';

const selectClass =
  'flex h-12 w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-base text-slate-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 aria-[invalid=true]:border-red-600';

const HEATS = Array.from({ length: HEAT_MAX - HEAT_MIN + 1 }, (_, i) => HEAT_MIN + i);
const FIELDS = ['receiverId', 'need', 'heat'] as const;

export interface LiveMember {
  id: string;
  name: string;
  trade: string | null;
}

/**
 * `J’ai une recommandation pour…`: three fields (for whom, the need, its heat), the speaker chosen
 * first; sent, it is a recommendation like any other, linked to the meeting. Focus comes back to
 * the button, which says it was sent.
 */
export function LiveRecommendationDialog({
  groupId,
  meetingId,
  members,
  speakerId,
}: {
  groupId: string;
  meetingId: string;
  members: LiveMember[];
  speakerId: string | null;
}) {
  const [open, setOpen] = useState(false);
  const [sent, setSent] = useState(0);
  const button = useRef<HTMLButtonElement>(null);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <Button
        ref={button}
        type="button"
        size="lg"
        variant="accent"
        className="h-14 w-full text-lg"
        onClick={() => setOpen(true)}
      >
        <Send aria-hidden="true" />
        {liveMessages.haveRecommendation}
      </Button>
      <p role="status" className="text-sm text-slate-700">
        {sent > 0
          ? `${sent} ${sent === 1 ? 'recommandation transmise' : 'recommandations transmises'} pendant la réunion.`
          : ''}
      </p>
      {open ? (
        <LiveRecommendationContent
          groupId={groupId}
          meetingId={meetingId}
          members={members}
          speakerId={speakerId}
          onDone={() => {
            setSent((n) => n + 1);
            setOpen(false);
          }}
          onCloseFocus={() => button.current?.focus()}
        />
      ) : null}
    </Dialog>
  );
}

function LiveRecommendationContent({
  groupId,
  meetingId,
  members,
  speakerId,
  onDone,
  onCloseFocus,
}: {
  groupId: string;
  meetingId: string;
  members: LiveMember[];
  speakerId: string | null;
  onDone: () => void;
  onCloseFocus: () => void;
}) {
  const give = useGiveLiveRecommendation({ groupId, meetingId });
  const form = useForm<LiveRecommendationFormInput, unknown, LiveRecommendationForm>({
    resolver: zodResolver(liveRecommendationFormSchema),
    defaultValues: {
      receiverId: speakerId && members.some((m) => m.id === speakerId) ? speakerId : '',
      need: '',
      heat: 3,
    },
  });
  const { errors } = form.formState;
  const onSubmit = form.handleSubmit(async (body) => {
    form.clearErrors('root');
    try {
      await give.mutateAsync(body);
    } catch (error) {
      if (error instanceof ApiRequestError && error.fields) {
        for (const [field, message] of Object.entries(error.fields)) {
          if ((FIELDS as readonly string[]).includes(field))
            form.setError(field as (typeof FIELDS)[number], { message });
        }
      }
      form.setError('root', { message: apiErrorMessage(error, 'La recommandation n’a pas pu être transmise.') });
      return;
    }
    const name = members.find((m) => m.id === body.receiverId)?.name ?? '';
    notify.success(`Recommandation transmise à ${name}.`);
    onDone();
  });
  return (
    <DialogContent
      onCloseAutoFocus={(event) => {
        event.preventDefault();
        onCloseFocus();
      }}
    >
      <DialogHeader>
        <DialogTitle>{liveMessages.haveRecommendation}</DialogTitle>
        <DialogDescription>Le membre la reçoit tout de suite, comme toute recommandation.</DialogDescription>
      </DialogHeader>
      <form onSubmit={onSubmit} noValidate aria-label={liveMessages.haveRecommendation} className="flex flex-col gap-4">
        <FormField label="Pour" error={errors.receiverId?.message}>
          {(field) => (
            <select className={selectClass} {...field} {...form.register('receiverId')}>
              <option value="">Choisir un membre</option>
              {members.map((m) => (
                <option key={m.id} value={m.id}>
                  {m.trade ? `${m.name} — ${m.trade}` : m.name}
                </option>
              ))}
            </select>
          )}
        </FormField>
        <FormField label="Le besoin" error={errors.need?.message}>
          {(field) => <Textarea rows={3} {...field} {...form.register('need')} />}
        </FormField>
        <FormField label="Chaleur" error={errors.heat?.message}>
          {(field) => (
            <select className={selectClass} {...field} {...form.register('heat')}>
              {HEATS.map((h) => (
                <option key={h} value={h}>
                  {`${h} — ${HEAT_LABELS[h] ?? ''}`}
                </option>
              ))}
            </select>
          )}
        </FormField>
        {errors.root?.message ? (
          <p role="alert" className="text-sm font-medium text-red-700">
            {errors.root.message}
          </p>
        ) : null}
        <DialogFooter>
          <Button type="submit" size="lg" disabled={give.isPending}>
            {give.isPending ? 'Envoi…' : 'Transmettre'}
          </Button>
        </DialogFooter>
      </form>
    </DialogContent>
  );
}
