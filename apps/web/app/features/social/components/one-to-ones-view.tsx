import { formatCalendarDate, formatCount } from '@synergie/shared/format';
import { RECOMMENDATION_LIMITS as L, ONE_TO_ONE_STATUS_LABELS } from '@synergie/shared/recommendation-constants';
import { Check, Handshake, MapPin, X } from 'lucide-react';
import { useId, useState } from 'react';
import { EmptyState } from '~/components/empty-state';
import { LoadError } from '~/components/query-state';
import { Badge } from '~/components/ui/badge';
import { Button } from '~/components/ui/button';
import { Card } from '~/components/ui/card';
import { Label } from '~/components/ui/label';
import { Textarea } from '~/components/ui/textarea';
import { useSession } from '~/features/auth';
import { apiErrorMessage } from '~/lib/api-client';
import { notify } from '~/lib/toast';
import { type OneToOne, useAnswerOneToOne, useMyOneToOnes } from '../api/one-to-ones';
import { OneToOneForm } from './one-to-one-form';

const statusVariant = { pending: 'accent', confirmed: 'success', declined: 'secondary' } as const;

/** /tete-a-tete: the ones to confirm first, then those waiting for the other, confirmed, declined; and the form. */
export function OneToOnesView() {
  const session = useSession();
  const list = useMyOneToOnes();
  const items = list.data?.items ?? [];
  const toConfirm = items.filter((i) => i.status === 'pending' && !i.loggedByMe);
  const waiting = items.filter((i) => i.status === 'pending' && i.loggedByMe);
  const confirmed = items.filter((i) => i.status === 'confirmed');
  const declined = items.filter((i) => i.status === 'declined');

  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-12 px-4 py-12 sm:px-6">
      {list.isError ? (
        <LoadError message="Impossible de charger vos tête-à-tête." onRetry={() => list.refetch()} />
      ) : null}
      {list.data ? (
        <p className="text-lg text-slate-800">
          <strong>
            {formatCount(list.data.confirmedLast6Months, {
              one: 'tête-à-tête confirmé',
              other: 'tête-à-tête confirmés',
            })}
          </strong>{' '}
          sur les 6 derniers mois.
        </p>
      ) : null}

      {toConfirm.length > 0 ? (
        <Section id="one-to-ones-to-confirm" title={`À confirmer (${toConfirm.length})`}>
          {toConfirm.map((item) => (
            <li key={item.id}>
              <ToConfirmCard item={item} />
            </li>
          ))}
        </Section>
      ) : null}

      <Card className="p-6">
        <OneToOneForm viewerId={session.data?.user.id ?? null} />
      </Card>

      {list.data && items.length === 0 ? (
        <EmptyState icon={Handshake}>
          Aucun tête-à-tête pour le moment. Après avoir rencontré un membre, déclarez-le ici : il compte une fois que
          l’autre membre l’a confirmé.
        </EmptyState>
      ) : null}
      {waiting.length > 0 ? (
        <Section id="one-to-ones-waiting" title="En attente de confirmation">
          {waiting.map((item) => (
            <li key={item.id}>
              <OneToOneCard item={item} />
            </li>
          ))}
        </Section>
      ) : null}
      {confirmed.length > 0 ? (
        <Section id="one-to-ones-confirmed" title="Confirmés">
          {confirmed.map((item) => (
            <li key={item.id}>
              <OneToOneCard item={item} />
            </li>
          ))}
        </Section>
      ) : null}
      {declined.length > 0 ? (
        <Section id="one-to-ones-declined" title="Refusés">
          {declined.map((item) => (
            <li key={item.id}>
              <OneToOneCard item={item} />
            </li>
          ))}
        </Section>
      ) : null}
    </div>
  );
}

function Section({ id, title, children }: { id: string; title: string; children: React.ReactNode }) {
  return (
    <section aria-labelledby={id}>
      <h2 id={id} className="mb-4 text-2xl font-semibold text-slate-900">
        {title}
      </h2>
      <ul className="grid gap-4 md:grid-cols-2">{children}</ul>
    </section>
  );
}

function Summary({ item }: { item: OneToOne }) {
  const name = item.partner?.name ?? 'Ancien membre';
  return (
    <div className="flex flex-col gap-1">
      <p className="flex flex-wrap items-center gap-2">
        <span className="font-semibold text-slate-900">{name}</span>
        <Badge variant={statusVariant[item.status]}>{ONE_TO_ONE_STATUS_LABELS[item.status]}</Badge>
      </p>
      {item.partner?.trade ? <p className="text-sm text-slate-600">{item.partner.trade}</p> : null}
      <p className="text-sm text-slate-700">
        Rencontre du {formatCalendarDate(item.metOn)}
        {item.loggedByMe ? ' (déclarée par vous)' : ` (déclarée par ${name})`}
      </p>
      {item.place ? (
        <p className="flex items-center gap-1 text-sm text-slate-700">
          <MapPin aria-hidden="true" className="size-4 text-brand-700" />
          {item.place}
        </p>
      ) : null}
    </div>
  );
}

function OneToOneCard({ item }: { item: OneToOne }) {
  return (
    <Card className="flex h-full flex-col gap-3 p-5">
      <Summary item={item} />
      {item.myNotes ? (
        <div>
          <p className="text-xs font-semibold uppercase tracking-wide text-slate-600">Mes notes</p>
          <p className="whitespace-pre-line text-sm text-slate-700">{item.myNotes}</p>
        </div>
      ) : null}
    </Card>
  );
}

/** A one-to-one another member logged with me: my own notes, then `Confirmer` or `Refuser`. */
function ToConfirmCard({ item }: { item: OneToOne }) {
  const [notes, setNotes] = useState('');
  const answer = useAnswerOneToOne();
  const id = useId();
  const name = item.partner?.name ?? 'Ancien membre';

  const respond = (choice: 'confirm' | 'decline') =>
    answer.mutate(
      { id: item.id, answer: choice, notes },
      {
        onSuccess: () => notify.success(choice === 'confirm' ? 'Tête-à-tête confirmé.' : 'Tête-à-tête refusé.'),
        onError: (error) => notify.error(apiErrorMessage(error, 'Impossible d’enregistrer votre réponse.')),
      },
    );

  return (
    <Card className="flex h-full flex-col gap-3 p-5">
      <Summary item={item} />
      <div className="flex flex-col gap-1.5">
        <Label htmlFor={`${id}-notes`}>Mes notes (facultatif)</Label>
        <Textarea
          id={`${id}-notes`}
          rows={2}
          maxLength={L.oneToOneNotes}
          value={notes}
          onChange={(event) => setNotes(event.target.value)}
        />
      </div>
      <div className="flex gap-2">
        <Button type="button" size="sm" disabled={answer.isPending} onClick={() => respond('confirm')}>
          <Check aria-hidden="true" />
          Confirmer<span className="sr-only"> le tête-à-tête avec {name}</span>
        </Button>
        <Button
          type="button"
          size="sm"
          variant="outline"
          disabled={answer.isPending}
          onClick={() => respond('decline')}
        >
          <X aria-hidden="true" />
          Refuser<span className="sr-only"> le tête-à-tête avec {name}</span>
        </Button>
      </div>
    </Card>
  );
}
