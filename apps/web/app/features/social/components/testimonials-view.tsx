import { formatDate } from '@synergie/shared/format';
import { TESTIMONIAL_STATUS_LABELS } from '@synergie/shared/recommendation-constants';
import { Check, EyeOff, MessageSquareQuote, Trash2, X } from 'lucide-react';
import { Link } from 'react-router';
import { EmptyState } from '~/components/empty-state';
import { LoadError } from '~/components/query-state';
import { Badge } from '~/components/ui/badge';
import { Button } from '~/components/ui/button';
import { Card } from '~/components/ui/card';
import { apiErrorMessage } from '~/lib/api-client';
import { parseApiDateTime } from '~/lib/api-dates';
import { notify } from '~/lib/toast';
import { type Testimonial, useAnswerTestimonial, useDeleteTestimonial, useMyTestimonials } from '../api/testimonials';

const statusVariant = { pending: 'accent', approved: 'success', declined: 'secondary' } as const;

/** /temoignages: received (to publish, published, refused) and written, with their status. */
export function TestimonialsView() {
  const list = useMyTestimonials();
  const received = list.data?.received ?? [];
  const written = list.data?.written ?? [];
  const pending = received.filter((t) => t.status === 'pending');
  const published = received.filter((t) => t.status === 'approved');
  const refused = received.filter((t) => t.status === 'declined');

  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-12 px-4 py-12 sm:px-6">
      {list.isError ? (
        <LoadError message="Impossible de charger vos témoignages." onRetry={() => list.refetch()} />
      ) : null}

      <section aria-labelledby="testimonials-received" className="flex flex-col gap-6">
        <h2 id="testimonials-received" className="text-2xl font-semibold text-slate-900">
          Témoignages reçus
        </h2>
        {list.data && received.length === 0 ? (
          <EmptyState icon={MessageSquareQuote}>
            Aucun témoignage reçu pour le moment. Les membres peuvent vous en écrire un depuis votre page de membre.
          </EmptyState>
        ) : null}
        <Group id="testimonials-pending" title={`À publier (${pending.length})`} items={pending} side="received" />
        <Group id="testimonials-published" title="Publiés" items={published} side="received" />
        <Group id="testimonials-refused" title="Refusés" items={refused} side="received" />
      </section>

      <section aria-labelledby="testimonials-written" className="flex flex-col gap-6">
        <h2 id="testimonials-written" className="text-2xl font-semibold text-slate-900">
          Témoignages écrits
        </h2>
        {list.data && written.length === 0 ? (
          <p className="text-slate-600">
            Vous n’avez pas encore écrit de témoignage. Ouvrez la page d’un membre de l’
            <Link to="/members" className="text-brand-700 underline underline-offset-4">
              annuaire
            </Link>{' '}
            pour lui en écrire un.
          </p>
        ) : null}
        {written.length > 0 ? (
          <ul className="grid gap-4 md:grid-cols-2">
            {written.map((t) => (
              <li key={t.id}>
                <TestimonialCard testimonial={t} side="written" />
              </li>
            ))}
          </ul>
        ) : null}
      </section>
    </div>
  );
}

function Group({
  id,
  title,
  items,
  side,
}: {
  id: string;
  title: string;
  items: Testimonial[];
  side: 'received' | 'written';
}) {
  if (items.length === 0) return null;
  return (
    <section aria-labelledby={id}>
      <h3 id={id} className="mb-3 text-xl font-semibold text-slate-900">
        {title}
      </h3>
      <ul className="grid gap-4 md:grid-cols-2">
        {items.map((t) => (
          <li key={t.id}>
            <TestimonialCard testimonial={t} side={side} />
          </li>
        ))}
      </ul>
    </section>
  );
}

function TestimonialCard({ testimonial: t, side }: { testimonial: Testimonial; side: 'received' | 'written' }) {
  const answer = useAnswerTestimonial();
  const remove = useDeleteTestimonial();
  const other = side === 'received' ? t.author : t.subject;
  const name = other?.name ?? 'Ancien membre';
  const busy = answer.isPending || remove.isPending;

  const respond = (choice: 'approve' | 'decline') =>
    answer.mutate(
      // The version read (issue 33): rewritten since, the server answers 409 and the list reloads.
      { id: t.id, answer: choice, seenWrittenAt: t.createdAt },
      {
        onSuccess: () =>
          notify.success(
            choice === 'approve' ? 'Témoignage publié sur votre page.' : 'Témoignage retiré de votre page.',
          ),
        onError: (error) => notify.error(apiErrorMessage(error, 'Impossible d’enregistrer votre réponse.')),
      },
    );
  const withdraw = () =>
    remove.mutate(t.id, {
      onSuccess: () => notify.success('Témoignage retiré.'),
      onError: (error) => notify.error(apiErrorMessage(error, 'Impossible de retirer ce témoignage.')),
    });

  return (
    <Card className="flex h-full flex-col gap-3 p-5">
      <p className="flex flex-wrap items-center gap-2">
        <span className="text-sm text-slate-600">{side === 'received' ? 'De' : 'Pour'}</span>
        {other ? (
          <Link
            to={`/membres/${encodeURIComponent(other.id)}`}
            className="font-semibold text-brand-800 hover:underline"
          >
            {name}
          </Link>
        ) : (
          <span className="font-semibold text-slate-900">{name}</span>
        )}
        <Badge variant={statusVariant[t.status]}>{TESTIMONIAL_STATUS_LABELS[t.status]}</Badge>
      </p>
      <blockquote className="whitespace-pre-line border-l-2 border-brand-600 pl-3 text-slate-800">{t.body}</blockquote>
      <p className="text-xs text-slate-600">Écrit le {formatDate(parseApiDateTime(t.createdAt))}</p>
      <div className="mt-auto flex flex-wrap gap-2">
        {side === 'received' && t.status !== 'approved' ? (
          <Button type="button" size="sm" disabled={busy} onClick={() => respond('approve')}>
            <Check aria-hidden="true" />
            Publier<span className="sr-only"> le témoignage de {name}</span>
          </Button>
        ) : null}
        {side === 'received' && t.status === 'pending' ? (
          <Button type="button" size="sm" variant="outline" disabled={busy} onClick={() => respond('decline')}>
            <X aria-hidden="true" />
            Refuser<span className="sr-only"> le témoignage de {name}</span>
          </Button>
        ) : null}
        {side === 'received' && t.status === 'approved' ? (
          <Button type="button" size="sm" variant="outline" disabled={busy} onClick={() => respond('decline')}>
            <EyeOff aria-hidden="true" />
            Retirer de ma page<span className="sr-only"> le témoignage de {name}</span>
          </Button>
        ) : null}
        {side === 'written' ? (
          <Button type="button" size="sm" variant="outline" disabled={busy} onClick={withdraw}>
            <Trash2 aria-hidden="true" />
            Retirer<span className="sr-only"> mon témoignage pour {name}</span>
          </Button>
        ) : null}
      </div>
    </Card>
  );
}
