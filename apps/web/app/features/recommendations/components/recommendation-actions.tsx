import { zodResolver } from '@hookform/resolvers/zod';
import {
  type AnswerBusinessInput,
  answerBusinessSchema,
  centsToAmountInput,
  type DeclareBusinessInput,
  declareBusinessSchema,
  type MoveRecommendationInput,
  moveRecommendationSchema,
  RECOMMENDATION_STATUS_LABELS,
  recommendationMessages,
} from '@synergie/shared/recommendations';
import { Check, X } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '~/components/ui/button';
import { FormField } from '~/components/ui/form-field';
import { Input } from '~/components/ui/input';
import { Textarea } from '~/components/ui/textarea';
import { apiErrorMessage } from '~/lib/api-client';
import { notify } from '~/lib/toast';
import {
  type RecommendationDetail,
  useAnswerBusiness,
  useDeclareBusiness,
  useMoveRecommendation,
} from '../api/recommendations';

function RootError({ message }: { message: string | undefined }) {
  if (!message) return null;
  return (
    <p role="alert" className="rounded-md border border-red-300 bg-red-50 px-3 py-2 text-sm font-medium text-red-800">
      {message}
    </p>
  );
}

const choiceClass =
  'flex cursor-pointer items-center gap-2 rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm font-medium text-slate-900 has-[:checked]:border-brand-700 has-[:checked]:bg-brand-50 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand-600';

/**
 * The receiver moves the recommendation to one of `nextStatuses`: `Gagnée` asks the amount
 * excluding VAT (in euros, the shared rules), `Perdue` a reason; a note is optional. The body is
 * sent as typed: the server reads it with the same schema.
 */
export function MoveStatusForm({ recommendation }: { recommendation: RecommendationDetail }) {
  const id = useId();
  const move = useMoveRecommendation();
  const form = useForm<MoveRecommendationInput>({
    resolver: zodResolver(moveRecommendationSchema, undefined, { raw: true }),
    defaultValues: { amount: '', lostReason: '', note: '' },
  });
  const { errors } = form.formState;
  const status = form.watch('status');
  const submit = form.handleSubmit(async (input) => {
    form.clearErrors('root');
    const body: MoveRecommendationInput = {
      status: input.status,
      note: input.note,
      ...(input.status === 'won' ? { amount: input.amount } : {}),
      ...(input.status === 'lost' ? { lostReason: input.lostReason } : {}),
    };
    try {
      await move.mutateAsync({ id: recommendation.id, ...body });
    } catch (error) {
      form.setError('root', { message: apiErrorMessage(error, 'L’étape n’a pas pu être enregistrée.') });
      return;
    }
    notify.success(
      `Recommandation passée à «\u00a0${RECOMMENDATION_STATUS_LABELS[input.status]}\u00a0». ${
        recommendation.giver ? `${recommendation.giver.name} en est informé.` : ''
      }`.trim(),
    );
    form.reset({ amount: '', lostReason: '', note: '' });
  });
  return (
    <form onSubmit={submit} noValidate aria-label="Faire avancer la recommandation" className="flex flex-col gap-4">
      <fieldset aria-describedby={errors.status ? `${id}-status-error` : undefined}>
        <legend className="mb-2 text-sm font-medium text-slate-800">Nouvelle étape</legend>
        <div className="flex flex-wrap gap-2">
          {recommendation.nextStatuses.map((value) => (
            <label key={value} className={choiceClass}>
              <input type="radio" value={value} className="accent-brand-700" {...form.register('status')} />
              {RECOMMENDATION_STATUS_LABELS[value]}
            </label>
          ))}
        </div>
        {errors.status ? (
          <p id={`${id}-status-error`} className="mt-1 text-sm font-medium text-red-700">
            {errors.status.message}
          </p>
        ) : null}
      </fieldset>
      {status === 'won' ? (
        <FormField
          label="Montant HT (en euros)"
          error={errors.amount?.message}
          hint="Le montant hors taxes de l’affaire conclue, par exemple 1 500 ou 1 500,50. Il est déclaré au membre qui vous a recommandé, qui le confirme."
        >
          {(field) => <Input inputMode="decimal" autoComplete="off" {...field} {...form.register('amount')} />}
        </FormField>
      ) : null}
      {status === 'lost' ? (
        <FormField label="Raison" error={errors.lostReason?.message}>
          {(field) => <Textarea rows={3} {...field} {...form.register('lostReason')} />}
        </FormField>
      ) : null}
      <FormField
        label="Note (facultatif)"
        error={errors.note?.message}
        hint="Visible par le membre qui vous a recommandé."
      >
        {(field) => <Textarea rows={3} {...field} {...form.register('note')} />}
      </FormField>
      <RootError message={errors.root?.message} />
      <div>
        <Button type="submit" disabled={form.formState.isSubmitting}>
          {form.formState.isSubmitting ? 'Enregistrement…' : 'Enregistrer l’étape'}
        </Button>
      </div>
    </form>
  );
}

/** The receiver corrects the declared amount of a won recommendation (not yet confirmed). */
export function DeclareBusinessForm({ recommendation }: { recommendation: RecommendationDetail }) {
  const declare = useDeclareBusiness();
  const form = useForm<DeclareBusinessInput>({
    resolver: zodResolver(declareBusinessSchema, undefined, { raw: true }),
    defaultValues: {
      amount: recommendation.amountCents === null ? '' : centsToAmountInput(recommendation.amountCents),
    },
  });
  const { errors } = form.formState;
  const submit = form.handleSubmit(async (input) => {
    form.clearErrors('root');
    try {
      await declare.mutateAsync({ id: recommendation.id, amount: input.amount });
    } catch (error) {
      form.setError('root', { message: apiErrorMessage(error, 'Le montant n’a pas pu être enregistré.') });
      return;
    }
    notify.success('Montant corrigé. Le membre qui vous a recommandé doit le confirmer.');
  });
  return (
    <form onSubmit={submit} noValidate aria-label="Corriger le montant déclaré" className="flex flex-col gap-4">
      <FormField
        label="Montant HT déclaré (en euros)"
        error={errors.amount?.message}
        hint="Corrigez le montant tant qu’il n’est pas confirmé."
      >
        {(field) => <Input inputMode="decimal" autoComplete="off" {...field} {...form.register('amount')} />}
      </FormField>
      <RootError message={errors.root?.message} />
      <div>
        <Button type="submit" variant="outline" disabled={form.formState.isSubmitting}>
          {form.formState.isSubmitting ? 'Enregistrement…' : 'Corriger le montant'}
        </Button>
      </div>
    </form>
  );
}

/** The giver's answer to a declared business: `Je confirme`, or `Je conteste` with a reason. */
export function AnswerBusinessForm({
  recommendation,
}: {
  /** The amount shown beside the form: the one the answer is about (issue 33). */
  recommendation: { id: string; amountCents: number | null };
}) {
  const answer = useAnswerBusiness();
  const [disputing, setDisputing] = useState(false);
  const form = useForm<AnswerBusinessInput>({
    resolver: zodResolver(answerBusinessSchema),
    defaultValues: { answer: 'dispute', reason: '', seenAmountCents: recommendation.amountCents ?? 0 },
  });
  const { errors } = form.formState;
  // The reason's box takes the focus when it opens (the button that opened it is gone).
  useEffect(() => {
    if (disputing) form.setFocus('reason');
  }, [disputing, form]);
  const send = async (input: AnswerBusinessInput) => {
    form.clearErrors('root');
    try {
      await answer.mutateAsync({
        id: recommendation.id,
        answer: input.answer,
        reason: input.answer === 'dispute' ? (input.reason ?? null) : null,
        // What the page shows now, not what it showed when the form opened.
        seenAmountCents: recommendation.amountCents ?? 0,
      });
    } catch (error) {
      form.setError('root', { message: apiErrorMessage(error, 'Votre réponse n’a pas pu être enregistrée.') });
      return;
    }
    notify.success(input.answer === 'confirm' ? 'Montant confirmé. Merci\u202f!' : 'Votre contestation a été envoyée.');
  };
  const submitDispute = form.handleSubmit((input) => send({ ...input, answer: 'dispute' }));
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap gap-2">
        <Button
          type="button"
          onClick={() => send({ answer: 'confirm', seenAmountCents: recommendation.amountCents ?? 0 })}
          disabled={answer.isPending}
        >
          <Check aria-hidden="true" />
          {recommendationMessages.confirm}
        </Button>
        {disputing ? null : (
          <Button type="button" variant="outline" onClick={() => setDisputing(true)} disabled={answer.isPending}>
            <X aria-hidden="true" />
            {recommendationMessages.dispute}
          </Button>
        )}
      </div>
      {disputing ? (
        <form onSubmit={submitDispute} noValidate aria-label="Contester le montant" className="flex flex-col gap-4">
          <FormField label={'Pourquoi contestez-vous ce montant\u202f?'} error={errors.reason?.message}>
            {(field) => <Textarea rows={3} {...field} {...form.register('reason')} />}
          </FormField>
          <div className="flex flex-wrap gap-2">
            <Button type="submit" variant="destructive" disabled={answer.isPending}>
              {recommendationMessages.dispute}
            </Button>
            <Button type="button" variant="ghost" onClick={() => setDisputing(false)}>
              Annuler
            </Button>
          </div>
        </form>
      ) : null}
      <RootError message={errors.root?.message} />
    </div>
  );
}
