import { zodResolver } from '@hookform/resolvers/zod';
import {
  HEAT_LABELS,
  HEAT_MAX,
  HEAT_MIN,
  RECOMMENDATION_KIND_LABELS,
  RECOMMENDATION_KINDS,
  type RecommendationForm as RecommendationBody,
  type RecommendationFormInput,
  recommendationFormSchema,
  recommendationMessages,
} from '@synergie/shared/recommendations';
import { Send } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { Button } from '~/components/ui/button';
import { Card, CardContent } from '~/components/ui/card';
import { FormField } from '~/components/ui/form-field';
import { Input } from '~/components/ui/input';
import { Textarea } from '~/components/ui/textarea';
import { MemberPicker, type PickedMember } from '~/features/network';
import { QueuedWriteItem, queueOfflineWrite, useQueuedWrite } from '~/features/offline';
import { ApiRequestError, apiErrorMessage, isNetworkError } from '~/lib/api-client';
import { notify } from '~/lib/toast';
import { cn } from '~/lib/utils';
import { giveRecommendationUrl, useGiveRecommendation } from '../api/recommendations';

const KIND_HINTS = {
  for_you: 'Vous avez vous-même besoin de ses services.',
  external: 'Vous lui transmettez un contact (client, prospect) qui a un besoin.',
} as const;

const HEATS = Array.from({ length: HEAT_MAX - HEAT_MIN + 1 }, (_, i) => HEAT_MIN + i);

const choiceClass =
  'flex cursor-pointer items-start gap-3 rounded-lg border border-slate-300 bg-white p-3 has-[:checked]:border-brand-700 has-[:checked]:bg-brand-50 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand-600';

const FIELDS = [
  'receiverId',
  'kind',
  'contactName',
  'contactPhone',
  'contactEmail',
  'contactCompany',
  'need',
  'consent',
  'heat',
  'message',
] as const;

/**
 * `Recommander`: the form of POST /api/recommendations, checked with the same shared schema as the
 * server. The member is given (`?pour=`) or picked from the directory; the contact's fields show
 * for `Un contact externe` only; the server's French refusal shows above the button.
 */
export function RecommendationForm({
  recipient,
  viewerId,
}: {
  /** The member from `?pour=`, when the page was opened from their card or page. */
  recipient: PickedMember | null;
  viewerId: string | null;
}) {
  const id = useId();
  const navigate = useNavigate();
  const give = useGiveRecommendation();
  const [picked, setPicked] = useState<PickedMember | null>(recipient);
  const submission = useRef<{ body: string; key: string } | null>(null);
  const [queuedId, setQueuedId] = useState<string | null>(null);
  const form = useForm<RecommendationFormInput, unknown, RecommendationBody>({
    resolver: zodResolver(recommendationFormSchema),
    defaultValues: {
      receiverId: recipient?.userId ?? '',
      kind: 'external',
      contactName: '',
      contactPhone: '',
      contactEmail: '',
      contactCompany: '',
      need: '',
      consent: false,
      message: '',
    },
  });
  const { errors } = form.formState;
  const kind = form.watch('kind');

  const pick = (member: PickedMember | null) => {
    setPicked(member);
    form.setValue('receiverId', member?.userId ?? '', { shouldValidate: form.formState.isSubmitted });
  };

  const onSubmit = form.handleSubmit(async (body) => {
    form.clearErrors('root');
    // One key per recommendation written: sent again unchanged (after a timeout, or kept
    // offline), it is the same request; edited, it is a new one.
    const sentBody = JSON.stringify(body);
    if (submission.current?.body !== sentBody) submission.current = { body: sentBody, key: crypto.randomUUID() };
    const idempotencyKey = submission.current.key;
    const label = picked ? `Recommandation pour ${picked.fullName}` : 'Recommandation';
    const keepOffline = async () => {
      if (!viewerId) return false;
      await queueOfflineWrite({
        id: idempotencyKey,
        userId: viewerId,
        kind: 'recommendation',
        method: 'POST',
        url: giveRecommendationUrl(),
        body,
        label,
      });
      setQueuedId(idempotencyKey);
      return true;
    };
    // Without a network the write is kept on the device at once (issue 28, offline).
    if (typeof navigator !== 'undefined' && navigator.onLine === false && (await keepOffline())) return;
    let created: { id: string };
    try {
      created = await give.mutateAsync({ body, idempotencyKey });
    } catch (error) {
      // No answer (the network went, or the server did not answer in time): kept, sent later
      // with the same key, so it is given once even if this one arrived.
      if (isNetworkError(error) && (await keepOffline())) return;
      // The server's field errors go next to their field; its message above the button.
      if (error instanceof ApiRequestError && error.fields) {
        for (const [field, message] of Object.entries(error.fields)) {
          if ((FIELDS as readonly string[]).includes(field)) {
            form.setError(field as (typeof FIELDS)[number], { message });
          }
        }
      }
      form.setError('root', { message: apiErrorMessage(error, 'La recommandation n’a pas pu être envoyée.') });
      return;
    }
    notify.success(
      picked ? `Votre recommandation a été envoyée à ${picked.fullName}.` : 'Votre recommandation a été envoyée.',
    );
    navigate(`/recommandations/${encodeURIComponent(created.id)}`);
  });

  if (queuedId) return <QueuedRecommendation id={queuedId} />;

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Recommander un membre" className="flex flex-col gap-8">
      <fieldset className="flex flex-col gap-3">
        <legend className="mb-2 text-lg font-semibold text-slate-900">Membre recommandé</legend>
        <MemberPicker
          viewerId={viewerId}
          value={picked}
          onChange={pick}
          searchLabel="Rechercher le membre à recommander"
          error={errors.receiverId ? 'Choisissez le membre à qui vous passez cette recommandation' : undefined}
        />
      </fieldset>

      <fieldset className="flex flex-col gap-3" aria-describedby={errors.kind ? `${id}-kind-error` : undefined}>
        <legend className="mb-2 text-lg font-semibold text-slate-900">Type de recommandation</legend>
        <div className="grid gap-3 sm:grid-cols-2">
          {RECOMMENDATION_KINDS.map((value) => (
            <label key={value} className={choiceClass}>
              <input type="radio" value={value} className="mt-1 accent-brand-700" {...form.register('kind')} />
              <span>
                <span className="block font-semibold text-slate-900">{RECOMMENDATION_KIND_LABELS[value]}</span>
                <span className="block text-sm text-slate-600">{KIND_HINTS[value]}</span>
              </span>
            </label>
          ))}
        </div>
        {errors.kind ? (
          <p id={`${id}-kind-error`} className="text-sm font-medium text-red-700">
            {errors.kind.message}
          </p>
        ) : null}
      </fieldset>

      {kind === 'external' ? (
        <fieldset className="flex flex-col gap-4">
          <legend className="mb-2 text-lg font-semibold text-slate-900">Le contact</legend>
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField label="Nom du contact" error={errors.contactName?.message}>
              {(field) => <Input autoComplete="off" {...field} {...form.register('contactName')} />}
            </FormField>
            <FormField label="Entreprise (facultatif)" error={errors.contactCompany?.message}>
              {(field) => <Input autoComplete="off" {...field} {...form.register('contactCompany')} />}
            </FormField>
            <FormField
              label="Téléphone"
              error={errors.contactPhone?.message}
              hint="Le téléphone ou l’email, au moins l’un des deux."
            >
              {(field) => <Input type="tel" autoComplete="off" {...field} {...form.register('contactPhone')} />}
            </FormField>
            <FormField label="Email" error={errors.contactEmail?.message}>
              {(field) => <Input type="email" autoComplete="off" {...field} {...form.register('contactEmail')} />}
            </FormField>
          </div>
          <FormField label="Son besoin" error={errors.need?.message}>
            {(field) => <Textarea rows={4} {...field} {...form.register('need')} />}
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
              {recommendationMessages.consent}
            </label>
            {errors.consent ? (
              <p id={`${id}-consent-error`} className="text-sm font-medium text-red-700">
                {errors.consent.message}
              </p>
            ) : null}
          </div>
        </fieldset>
      ) : null}

      <fieldset
        className="flex flex-col gap-3"
        aria-describedby={`${id}-heat-hint${errors.heat ? ` ${id}-heat-error` : ''}`}
      >
        <legend className="mb-1 text-lg font-semibold text-slate-900">{recommendationMessages.heat}</legend>
        <p id={`${id}-heat-hint`} className="text-sm text-slate-600">
          De 1 (froid) à 5 (prêt à signer)&nbsp;: où en est ce besoin&#8239;?
        </p>
        <div className="grid grid-cols-2 gap-2 sm:grid-cols-5">
          {HEATS.map((value) => (
            <label key={value} className={cn(choiceClass, 'flex-col items-center gap-1 text-center')}>
              <input type="radio" value={value} className="accent-brand-700" {...form.register('heat')} />
              <span className="font-semibold text-slate-900">{value}</span>
              <span className="text-sm text-slate-700">{HEAT_LABELS[value]}</span>
            </label>
          ))}
        </div>
        {errors.heat ? (
          <p id={`${id}-heat-error`} className="text-sm font-medium text-red-700">
            {errors.heat.message}
          </p>
        ) : null}
      </fieldset>

      <FormField label="Message (facultatif)" error={errors.message?.message}>
        {(field) => <Textarea rows={4} {...field} {...form.register('message')} />}
      </FormField>

      {errors.root?.message ? (
        <p
          role="alert"
          className="rounded-md border border-red-300 bg-red-50 px-3 py-2 text-sm font-medium text-red-800"
        >
          {errors.root.message}
        </p>
      ) : null}
      <div>
        <Button type="submit" size="lg" disabled={form.formState.isSubmitting}>
          <Send aria-hidden="true" />
          {form.formState.isSubmitting ? 'Envoi en cours…' : recommendationMessages.recommend}
        </Button>
      </div>
    </form>
  );
}

/**
 * A recommendation written without a network: `En attente d’envoi` until it is sent, then the
 * server's answer (the outbox's item, also listed under the member shell's top bar).
 */
function QueuedRecommendation({ id }: { id: string }) {
  const write = useQueuedWrite(id);
  return (
    <Card>
      <CardContent className="flex flex-col gap-3 pt-6">
        <h2 className="text-lg font-semibold text-slate-900">Recommandation gardée sur cet appareil</h2>
        <p className="text-slate-700">
          Pas de réseau pour l’instant&#160;: elle sera envoyée dès son retour, une seule fois.
        </p>
        {write ? <QueuedWriteItem write={write} /> : null}
      </CardContent>
    </Card>
  );
}
