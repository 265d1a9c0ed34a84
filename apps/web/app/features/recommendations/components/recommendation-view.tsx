import { formatMoney } from '@synergie/shared/format';
import {
  BUSINESS_STATUS_LABELS,
  formatPhone,
  HEAT_LABELS,
  RECOMMENDATION_KIND_LABELS,
  RECOMMENDATION_STATUS_LABELS,
  type RecommendationHistoryEntry,
  type RecommendationParty,
  recommendationMessages,
} from '@synergie/shared/recommendations';
import { ArrowLeft, Mail, Phone, ShieldOff } from 'lucide-react';
import type * as React from 'react';
import { Link } from 'react-router';
import { Loading, QueryState } from '~/components/query-state';
import { Button } from '~/components/ui/button';
import { Card, CardContent } from '~/components/ui/card';
import { type RecommendationDetail, useRecommendation } from '../api/recommendations';
import { apiDateTime, telHref } from '../lib/format';
import { AnswerBusinessForm, DeclareBusinessForm, MoveStatusForm } from './recommendation-actions';
import { BusinessBadge, StatusBadge } from './status-badge';

const sectionTitle = 'mb-4 text-xl font-semibold text-slate-900';

function partyName(party: RecommendationParty) {
  return party?.name ?? recommendationMessages.deletedMember;
}

function PartyLink({ party }: { party: RecommendationParty }) {
  if (!party) return <>{recommendationMessages.deletedMember}</>;
  return (
    <Link to={`/membres/${encodeURIComponent(party.id)}`} className="font-semibold text-brand-700 hover:underline">
      {party.name}
    </Link>
  );
}

/** One line of the history, in words. */
export function historyText(entry: RecommendationHistoryEntry): string {
  const amount = entry.amountCents === null ? '' : `\u00a0: ${formatMoney(entry.amountCents)} HT`;
  switch (entry.kind) {
    case 'given':
      return 'Recommandation donnée';
    case 'status':
      return entry.toStatus
        ? `${entry.fromStatus ? `${RECOMMENDATION_STATUS_LABELS[entry.fromStatus]} → ` : ''}${
            RECOMMENDATION_STATUS_LABELS[entry.toStatus]
          }${amount}`
        : 'Étape changée';
    case 'business_declared':
      return `${recommendationMessages.closedBusiness}, montant déclaré${amount}`;
    case 'business_confirmed':
      return `${recommendationMessages.closedBusiness}, montant confirmé${amount}`;
    case 'business_disputed':
      return `${recommendationMessages.closedBusiness}, montant contesté${amount}`;
    case 'reminded':
      return 'Rappel envoyé au destinataire (7 jours sans nouvelles)';
    default:
      return entry.toStatus ? RECOMMENDATION_STATUS_LABELS[entry.toStatus] : 'Mise à jour';
  }
}

/** /recommandations/:id: the recommendation, its contact, its closed business and its history. */
export function RecommendationView({ id, notFound }: { id: string; notFound: React.ReactNode }) {
  const query = useRecommendation(id);
  return (
    <QueryState
      query={query}
      loading={
        <Loading label="Chargement de la recommandation…" className="mx-auto max-w-5xl px-4 py-12">
          <div className="flex animate-pulse flex-col gap-6" aria-hidden="true">
            <div className="h-10 w-1/2 rounded bg-slate-200" />
            <div className="h-64 rounded-xl bg-slate-200" />
          </div>
        </Loading>
      }
      errorMessage="Impossible de charger cette recommandation."
      errorClassName="mx-auto max-w-3xl px-4 py-12"
      notFound={notFound}
    >
      {(recommendation) => <RecommendationContent recommendation={recommendation} />}
    </QueryState>
  );
}

export function RecommendationContent({ recommendation: r }: { recommendation: RecommendationDetail }) {
  const title = r.contactName ?? RECOMMENDATION_KIND_LABELS[r.kind];
  const side = r.viewerRole === 'giver' ? 'given' : 'received';
  return (
    <>
      <section className="bg-gradient-to-br from-brand-900 via-brand-800 to-brand-700 text-white">
        <div className="mx-auto max-w-5xl px-4 py-12 sm:px-6">
          <p className="mb-2 text-sm font-semibold uppercase tracking-wide text-brand-100">
            {RECOMMENDATION_KIND_LABELS[r.kind]}
          </p>
          <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">{title}</h1>
          <p className="mt-3 text-brand-50">
            De {partyName(r.giver)} pour {partyName(r.receiver)}, le {apiDateTime(r.createdAt)}
          </p>
          <p className="mt-3 flex flex-wrap items-center gap-2">
            <span className="sr-only">Statut&nbsp;:</span>
            <StatusBadge status={r.status} />
            {r.businessStatus ? (
              <>
                <span className="sr-only">{recommendationMessages.closedBusiness}&nbsp;:</span>
                <BusinessBadge status={r.businessStatus} />
              </>
            ) : null}
          </p>
          <Button asChild variant="onDark" size="sm" className="mt-4">
            <Link to={side === 'given' ? '/recommandations?side=given' : '/recommandations'}>
              <ArrowLeft aria-hidden="true" />
              {recommendationMessages.myRecommendations}
            </Link>
          </Button>
        </div>
      </section>

      <div className="mx-auto grid max-w-5xl gap-10 px-4 py-10 sm:px-6 lg:grid-cols-3">
        <div className="flex flex-col gap-10 lg:col-span-2">
          {r.viewerRole === 'receiver' && r.nextStatuses.length > 0 ? (
            <section aria-labelledby="reco-move-title" className="rounded-xl border border-brand-200 bg-brand-50 p-5">
              <h2 id="reco-move-title" className={sectionTitle}>
                Où en êtes-vous&#8239;?
              </h2>
              <p className="mb-4 text-sm text-slate-700">
                {partyName(r.giver)} est informé à chaque étape&nbsp;: rien ne se perd sans nouvelles.
              </p>
              <MoveStatusForm recommendation={r} />
            </section>
          ) : null}

          <section aria-labelledby="reco-details-title">
            <h2 id="reco-details-title" className={sectionTitle}>
              La recommandation
            </h2>
            <dl className="grid gap-4 sm:grid-cols-2">
              <Detail label="Donnée par">
                <PartyLink party={r.giver} />
              </Detail>
              <Detail label="Pour">
                <PartyLink party={r.receiver} />
              </Detail>
              <Detail label="Type">{RECOMMENDATION_KIND_LABELS[r.kind]}</Detail>
              <Detail label={recommendationMessages.heat}>
                {r.heat}/5 ({HEAT_LABELS[r.heat]})
              </Detail>
              {r.need ? (
                <Detail label="Besoin" wide>
                  <span className="whitespace-pre-line">{r.need}</span>
                </Detail>
              ) : null}
              {r.message ? (
                <Detail label="Message" wide>
                  <span className="whitespace-pre-line">{r.message}</span>
                </Detail>
              ) : null}
              {r.lostReason ? (
                <Detail label="Raison de la perte" wide>
                  <span className="whitespace-pre-line">{r.lostReason}</span>
                </Detail>
              ) : null}
            </dl>
          </section>

          <section aria-labelledby="reco-history-title">
            <h2 id="reco-history-title" className={sectionTitle}>
              Historique
            </h2>
            <ol className="relative flex flex-col gap-4 border-l-2 border-slate-200 pl-6">
              {r.history.map((entry) => (
                <li key={entry.id} className="relative">
                  <span
                    aria-hidden="true"
                    className="absolute top-1.5 -left-[31px] size-3 rounded-full border-2 border-white bg-brand-700"
                  />
                  <p className="text-sm text-slate-600">
                    <time dateTime={entry.createdAt}>{apiDateTime(entry.createdAt)}</time>
                  </p>
                  <p className="font-medium text-slate-900">{historyText(entry)}</p>
                  {entry.actorName ? <p className="text-sm text-slate-700">Par {entry.actorName}</p> : null}
                  {entry.note ? <p className="whitespace-pre-line text-sm text-slate-700">{entry.note}</p> : null}
                </li>
              ))}
            </ol>
          </section>
        </div>

        <div className="flex flex-col gap-6">
          {r.kind === 'external' ? <ContactCard recommendation={r} /> : null}
          {r.amountCents !== null || r.status === 'won' ? <BusinessCard recommendation={r} /> : null}
        </div>
      </div>
    </>
  );
}

function Detail({ label, wide, children }: { label: string; wide?: boolean; children: React.ReactNode }) {
  return (
    <div className={wide ? 'sm:col-span-2' : undefined}>
      <dt className="text-sm text-slate-600">{label}</dt>
      <dd className="text-slate-900">{children}</dd>
    </div>
  );
}

function ContactCard({ recommendation: r }: { recommendation: RecommendationDetail }) {
  return (
    <Card aria-labelledby="reco-contact-title">
      <CardContent className="flex flex-col gap-3 pt-6">
        <h2 id="reco-contact-title" className="text-lg font-semibold text-slate-900">
          Le contact
        </h2>
        {r.contactPurgedAt ? (
          <p className="flex items-start gap-2 text-sm text-slate-700">
            <ShieldOff aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-slate-500" />
            <span>
              {recommendationMessages.contactPurged}, le {apiDateTime(r.contactPurgedAt)}.
            </span>
          </p>
        ) : (
          <ul className="flex flex-col gap-2 text-slate-800">
            {r.contactName ? <li className="font-semibold">{r.contactName}</li> : null}
            {r.contactCompany ? <li>{r.contactCompany}</li> : null}
            {r.contactPhone ? (
              <li className="flex items-center gap-2">
                <Phone aria-hidden="true" className="size-4 text-brand-700" />
                <a href={telHref(r.contactPhone)} className="hover:underline">
                  {formatPhone(r.contactPhone)}
                </a>
              </li>
            ) : null}
            {r.contactEmail ? (
              <li className="flex items-center gap-2">
                <Mail aria-hidden="true" className="size-4 text-brand-700" />
                <a href={`mailto:${r.contactEmail}`} className="break-all hover:underline">
                  {r.contactEmail}
                </a>
              </li>
            ) : null}
            {r.consentAt ? (
              <li className="text-sm text-slate-600">
                {recommendationMessages.consent} (indiqué le {apiDateTime(r.consentAt)}).
              </li>
            ) : null}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

function BusinessCard({ recommendation: r }: { recommendation: RecommendationDetail }) {
  const confirmed = r.businessStatus === 'confirmed';
  return (
    <Card aria-labelledby="reco-business-title">
      <CardContent className="flex flex-col gap-4 pt-6">
        <h2 id="reco-business-title" className="text-lg font-semibold text-slate-900">
          {recommendationMessages.closedBusiness}
        </h2>
        {r.amountCents !== null ? (
          <dl className="grid gap-3">
            <div className="rounded-lg bg-slate-50 p-3">
              <dt className="text-sm text-slate-600">{recommendationMessages.declaredAmount} (HT)</dt>
              <dd className="text-2xl font-bold text-slate-900">{formatMoney(r.amountCents)}</dd>
              {r.businessDeclaredAt ? (
                <dd className="text-sm text-slate-600">Déclaré le {apiDateTime(r.businessDeclaredAt)}</dd>
              ) : null}
            </div>
            <div className="rounded-lg bg-slate-50 p-3">
              <dt className="text-sm text-slate-600">{recommendationMessages.confirmedAmount} (HT)</dt>
              <dd className="text-2xl font-bold text-slate-900">
                {confirmed ? formatMoney(r.amountCents) : 'Non confirmé'}
              </dd>
              {r.businessStatus ? (
                <dd className="mt-1">
                  <BusinessBadge status={r.businessStatus} />
                  <span className="sr-only"> ({BUSINESS_STATUS_LABELS[r.businessStatus]})</span>
                  {r.businessAnsweredAt ? (
                    <span className="ml-2 text-sm text-slate-600">le {apiDateTime(r.businessAnsweredAt)}</span>
                  ) : null}
                </dd>
              ) : null}
            </div>
            {r.disputeReason ? (
              <div className="rounded-lg bg-orange-50 p-3 text-orange-950">
                <dt className="text-sm font-semibold">Raison de la contestation</dt>
                <dd className="whitespace-pre-line text-sm">{r.disputeReason}</dd>
              </div>
            ) : null}
          </dl>
        ) : (
          <p className="text-sm text-slate-700">Aucun montant déclaré.</p>
        )}
        {r.viewerRole === 'giver' && r.businessStatus === 'declared' ? (
          <div className="flex flex-col gap-2 border-t border-slate-100 pt-4">
            <p className="text-sm text-slate-700">
              {partyName(r.receiver)} déclare cette affaire. Confirmez-vous ce montant&#8239;?
            </p>
            <AnswerBusinessForm recommendation={r} />
          </div>
        ) : null}
        {r.viewerRole === 'receiver' && r.status === 'won' && !confirmed ? (
          <div className="border-t border-slate-100 pt-4">
            <DeclareBusinessForm key={r.amountCents ?? 0} recommendation={r} />
          </div>
        ) : null}
      </CardContent>
    </Card>
  );
}
