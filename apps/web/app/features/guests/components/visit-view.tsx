import { zodResolver } from '@hookform/resolvers/zod';
import {
  VISIT_HONEYPOT_FIELD,
  type VisitForm,
  type VisitFormInput,
  visitFormSchema,
  visitMessages,
} from '@synergie/shared/visits';
import { useEffect, useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Loading } from '~/components/query-state';
import { Button } from '~/components/ui/button';
import { FormField } from '~/components/ui/form-field';
import { Input } from '~/components/ui/input';
import { useTradeCatalogue } from '~/features/profile';
import { ApiRequestError, apiErrorMessage, isNotFoundError } from '~/lib/api-client';
import { useRegisterVisit, useVisitPage, type VisitPage, type VisitResult } from '../api/visits';
import { meetingWhen } from './meeting-when';

/** The block the server wrote into the page for browsers without scripts (routes/visit-page.ts). */
const SERVED_ID = 'visite-servie';

const selectClass =
  'flex h-10 w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-base text-slate-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 aria-[invalid=true]:border-red-600 sm:text-sm';

const FIELDS = ['name', 'email', 'phone', 'tradeId', 'company', 'consent'] as const;

/**
 * /groupes/:slug/visiter with scripts: the group, its next meeting and the visitor's form
 * (react-hook-form, the shared schema), then the answer: the seat, the `.ics`, the visio link and,
 * from the third visit, the invitation to apply.
 */
export function VisitView({ slug, invite, notFound }: { slug: string; invite: string; notFound: React.ReactNode }) {
  // The served block answers browsers without scripts; here React shows the same page.
  useEffect(() => {
    document.getElementById(SERVED_ID)?.remove();
  }, []);
  const page = useVisitPage(slug, invite);
  if (page.isPending) return <Loading variant="text" />;
  if (page.isError) {
    if (isNotFoundError(page.error)) return <>{notFound}</>;
    return (
      <p role="alert" className="text-red-700">
        {apiErrorMessage(page.error, 'Erreur lors du chargement')}
      </p>
    );
  }
  return <VisitContent page={page.data} invite={invite} />;
}

function MeetingBox({ meeting }: { meeting: NonNullable<VisitPage['meeting']> }) {
  return (
    <p className="rounded-md border border-slate-200 bg-white p-4 text-slate-800">
      <strong>{`${visitMessages.nextMeeting}\u00a0:`}</strong> {meetingWhen(meeting.startsAt)}
      <br />
      <strong>{'Lieu\u00a0:'}</strong> {meeting.place}
      {meeting.visioUrl ? (
        <>
          <br />
          <strong>{`${visitMessages.visio}\u00a0:`}</strong>{' '}
          <a className="underline" href={meeting.visioUrl}>
            {meeting.visioUrl}
          </a>
        </>
      ) : null}
    </p>
  );
}

function VisitContent({ page, invite }: { page: VisitPage; invite: string }) {
  const [result, setResult] = useState<VisitResult | null>(null);
  return (
    <div className="flex flex-col gap-6">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900">{visitMessages.pageTitle(page.group.name)}</h1>
      <p className="text-slate-700">{visitMessages.intro}</p>
      {page.inviterName ? <p className="text-slate-700">{visitMessages.invitedBy(page.inviterName)}</p> : null}
      {page.meeting ? (
        <MeetingBox meeting={page.meeting} />
      ) : (
        <p className="text-slate-700">{visitMessages.noMeeting}</p>
      )}
      {result ? (
        <VisitAnswer result={result} />
      ) : page.meeting ? (
        <VisitFormView slug={page.group.slug} invite={invite} onDone={setResult} />
      ) : null}
    </div>
  );
}

function VisitAnswer({ result }: { result: VisitResult }) {
  return (
    <div className="flex flex-col gap-4">
      <div
        role="status"
        className="rounded-md border border-green-200 bg-green-50 px-4 py-3 font-medium text-green-900"
      >
        {result.alreadyRegistered ? visitMessages.alreadyRegistered : visitMessages.registered}
      </div>
      {result.apply ? (
        <p className="rounded-md border border-amber-200 bg-amber-50 px-4 py-3 text-amber-900">
          {visitMessages.apply}{' '}
          <a className="font-semibold underline" href={result.applyUrl}>
            {visitMessages.applyLink}
          </a>
        </p>
      ) : null}
      {result.seat.free ? (
        <p>{visitMessages.seatFree(result.seat.tradeLabel)}</p>
      ) : (
        <div className="flex flex-col gap-2">
          <p>
            {`${visitMessages.seatHeld(result.seat.tradeLabel)} ${
              result.seat.nearestGroups.length ? visitMessages.seatElsewhere : visitMessages.seatNowhere
            }`}
          </p>
          {result.seat.nearestGroups.length ? (
            <ul className="list-disc pl-6">
              {result.seat.nearestGroups.map((g) => (
                <li key={g.id}>
                  <a className="underline" href={`/groupes/${g.slug}`}>{`${g.name} (${g.city})`}</a>
                </li>
              ))}
            </ul>
          ) : null}
        </div>
      )}
      <p>
        <a className="font-semibold text-brand-700 underline" href={result.icsUrl}>
          {visitMessages.ics}
        </a>
      </p>
    </div>
  );
}

function VisitFormView({
  slug,
  invite,
  onDone,
}: {
  slug: string;
  invite: string;
  onDone: (result: VisitResult) => void;
}) {
  const id = useId();
  const register = useRegisterVisit(slug, invite);
  const catalogue = useTradeCatalogue();
  const form = useForm<VisitFormInput, unknown, VisitForm>({
    resolver: zodResolver(visitFormSchema),
    defaultValues: {
      name: '',
      email: '',
      phone: '',
      tradeId: '',
      company: '',
      consent: false,
      [VISIT_HONEYPOT_FIELD]: '',
    },
  });
  const { errors } = form.formState;
  const onSubmit = form.handleSubmit(async (body) => {
    form.clearErrors('root');
    try {
      onDone(await register.mutateAsync(body));
    } catch (error) {
      if (error instanceof ApiRequestError && error.fields) {
        for (const [field, message] of Object.entries(error.fields)) {
          if ((FIELDS as readonly string[]).includes(field))
            form.setError(field as (typeof FIELDS)[number], { message });
        }
      }
      form.setError('root', { message: apiErrorMessage(error, visitMessages.refused) });
    }
  });
  return (
    <form
      onSubmit={onSubmit}
      noValidate
      action={`/groupes/${slug}/visiter${invite ? `?invite=${encodeURIComponent(invite)}` : ''}`}
      method="post"
      aria-label="Inscription à la réunion"
      className="flex flex-col gap-4"
    >
      {errors.root?.message ? (
        <div
          role="alert"
          className="rounded-md border border-red-200 bg-red-50 px-4 py-3 text-sm font-medium text-red-800"
        >
          {errors.root.message}
        </div>
      ) : null}
      <FormField label="Nom complet" error={errors.name?.message}>
        {(field) => <Input autoComplete="name" {...field} {...form.register('name')} />}
      </FormField>
      <FormField label="Métier" error={errors.tradeId?.message}>
        {(field) => (
          <select className={selectClass} {...field} {...form.register('tradeId')}>
            <option value="">Choisissez votre métier</option>
            {(catalogue.data?.trades ?? []).map((t) => (
              <option key={t.id} value={t.id}>
                {t.label}
              </option>
            ))}
          </select>
        )}
      </FormField>
      <FormField label="Entreprise" error={errors.company?.message}>
        {(field) => <Input autoComplete="organization" {...field} {...form.register('company')} />}
      </FormField>
      <FormField label="Email" error={errors.email?.message}>
        {(field) => <Input type="email" autoComplete="email" {...field} {...form.register('email')} />}
      </FormField>
      <FormField label="Téléphone" error={errors.phone?.message}>
        {(field) => <Input type="tel" autoComplete="tel" {...field} {...form.register('phone')} />}
      </FormField>
      {/* The honeypot: out of sight, out of the accessibility tree, never reached by Tab. */}
      <div aria-hidden="true" className="hidden">
        <label htmlFor={`${id}-site`}>{visitMessages.honeypot}</label>
        <input
          id={`${id}-site`}
          type="text"
          tabIndex={-1}
          autoComplete="off"
          {...form.register(VISIT_HONEYPOT_FIELD)}
        />
      </div>
      <div className="flex flex-col gap-1.5">
        <label className="flex items-start gap-3 text-sm font-medium text-slate-900">
          <input
            type="checkbox"
            className="mt-0.5 size-4 accent-brand-700"
            aria-invalid={Boolean(errors.consent)}
            aria-describedby={errors.consent ? `${id}-consent-error` : undefined}
            {...form.register('consent')}
          />
          {visitMessages.consent}
        </label>
        {errors.consent ? (
          <p id={`${id}-consent-error`} className="text-sm font-medium text-red-700">
            {errors.consent.message}
          </p>
        ) : null}
      </div>
      <Button type="submit" disabled={form.formState.isSubmitting}>
        {visitMessages.submit}
      </Button>
    </form>
  );
}
