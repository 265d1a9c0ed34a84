import { CheckCircle2, Clock, X, XCircle } from 'lucide-react';
import { Link } from 'react-router';
import { dismissWrite, QUEUED_LABEL, type QueuedWrite } from '~/lib/outbox';

/** The server's answer to a sent write, in the member's words. */
function sentText(write: QueuedWrite): { text: string; link?: { to: string; label: string } } {
  const body = (write.answer?.body ?? {}) as { id?: unknown; groupName?: unknown; status?: unknown };
  if (write.kind === 'recommendation') {
    return {
      text: 'Recommandation envoyée.',
      link:
        typeof body.id === 'string'
          ? { to: `/recommandations/${encodeURIComponent(body.id)}`, label: 'Voir la recommandation' }
          : undefined,
    };
  }
  const group = typeof body.groupName === 'string' ? `${body.groupName}\u00a0: ` : '';
  return { text: `${group}présence enregistrée${body.status === 'late' ? ' (en retard)' : ''}.` };
}

/**
 * One write kept offline: `En attente d’envoi` until it is sent, then the server's answer (the
 * refusal's French reason), which the member closes.
 */
export function QueuedWriteItem({ write }: { write: QueuedWrite }) {
  const answered = write.state !== 'pending';
  const sent = write.state === 'sent' ? sentText(write) : null;
  return (
    <div className="flex items-start gap-3 text-sm" data-queued-write={write.state}>
      {write.state === 'pending' ? (
        <Clock aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-slate-600" />
      ) : write.state === 'sent' ? (
        <CheckCircle2 aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-green-700" />
      ) : (
        <XCircle aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-red-700" />
      )}
      <div className="min-w-0 flex-1">
        <p className="font-medium text-slate-900">{write.label}</p>
        {write.state === 'pending' ? <p className="text-slate-700">{QUEUED_LABEL}</p> : null}
        {sent ? (
          <p className="text-green-800">
            {sent.text}{' '}
            {sent.link ? (
              <Link to={sent.link.to} className="font-medium underline underline-offset-2">
                {sent.link.label}
              </Link>
            ) : null}
          </p>
        ) : null}
        {write.state === 'refused' ? (
          <p className="text-red-800">Refusé par le serveur&#160;: {write.answer?.message}</p>
        ) : null}
      </div>
      {answered ? (
        <button
          type="button"
          onClick={() => void dismissWrite(write.id)}
          aria-label={`Fermer\u00a0: ${write.label}`}
          className="inline-flex size-8 shrink-0 items-center justify-center rounded-md text-slate-600 hover:bg-slate-200 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
        >
          <X aria-hidden="true" className="size-4" />
        </button>
      ) : null}
    </div>
  );
}
