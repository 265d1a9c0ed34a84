import { directoryMessages } from '@synergie/shared/directory-constants';
import { formatDate } from '@synergie/shared/format';
import { Check, X } from 'lucide-react';
import { MemberAvatar } from '~/components/member-avatar';
import { Button } from '~/components/ui/button';
import { Card } from '~/components/ui/card';
import { apiErrorMessage } from '~/lib/api-client';
import { parseApiDateTime } from '~/lib/api-dates';
import { notify } from '~/lib/toast';
import { useAnswerContactRequest, useContactRequests, useSessionExpiry, useSessionExpiryOf } from '../api/network';

/** Where `ContactRequestsLink` points. */
export const CONTACT_REQUESTS_ANCHOR = 'demandes-de-contact';

/** The contact requests the member received and has not answered yet: Accepter or Refuser. */
export function ContactRequestsPanel() {
  const requests = useContactRequests();
  const answer = useAnswerContactRequest();
  const expire = useSessionExpiry();
  useSessionExpiryOf(requests.error);
  const incoming = requests.data?.incoming ?? [];
  if (incoming.length === 0) return null;

  const respond = (id: string, choice: 'accept' | 'decline') =>
    answer.mutate(
      { id, answer: choice },
      {
        onSuccess: () =>
          notify.success(choice === 'accept' ? directoryMessages.requestAccepted : directoryMessages.requestDeclined),
        onError: (error) => {
          if (expire(error)) return;
          notify.error(apiErrorMessage(error, directoryMessages.respondFailed));
        },
      },
    );

  return (
    <section id={CONTACT_REQUESTS_ANCHOR} aria-labelledby="incoming-requests-title" className="scroll-mt-24">
      <h2 id="incoming-requests-title" className="mb-4 text-2xl font-bold tracking-tight text-slate-900">
        Demandes de contact reçues ({incoming.length})
      </h2>
      <ul className="grid gap-4 md:grid-cols-2">
        {incoming.map((request) => (
          <li key={request.id}>
            <Card className="flex flex-col gap-3 p-5">
              <div className="flex items-center gap-3">
                <MemberAvatar name={request.requester.fullName} avatarUrl={request.requester.avatarUrl} size="sm" />
                <div className="min-w-0">
                  <p className="font-semibold text-slate-900">{request.requester.fullName}</p>
                  <p className="text-sm text-slate-600">
                    {[request.requester.profession, request.requester.companyName].filter(Boolean).join(' · ')}
                  </p>
                </div>
              </div>
              {request.message ? (
                <blockquote className="whitespace-pre-line border-l-2 border-brand-600 pl-3 text-sm text-slate-700">
                  {request.message}
                </blockquote>
              ) : null}
              <p className="text-xs text-slate-600">Reçue le {formatDate(parseApiDateTime(request.createdAt))}</p>
              <div className="flex gap-2">
                <Button
                  type="button"
                  size="sm"
                  disabled={answer.isPending}
                  onClick={() => respond(request.id, 'accept')}
                >
                  <Check aria-hidden="true" />
                  Accepter<span className="sr-only"> la demande de {request.requester.fullName}</span>
                </Button>
                <Button
                  type="button"
                  size="sm"
                  variant="outline"
                  disabled={answer.isPending}
                  onClick={() => respond(request.id, 'decline')}
                >
                  <X aria-hidden="true" />
                  Refuser<span className="sr-only"> la demande de {request.requester.fullName}</span>
                </Button>
              </div>
            </Card>
          </li>
        ))}
      </ul>
    </section>
  );
}
