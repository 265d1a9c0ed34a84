import type * as React from 'react';
import { LoadError, Loading } from '~/components/query-state';
import { Alert, AlertDescription } from '~/components/ui/alert';
import { useSession } from '~/features/auth';
import { isNotFoundError } from '~/lib/api-client';
import { useRecipient } from '../api/recommendations';
import { RecommendationForm } from './recommendation-form';

/**
 * /recommandations/nouvelle?pour=<userId>: the `Recommander` form, for the member named in the
 * address (their card, their page) or for one picked from the directory.
 */
export function NewRecommendationView({ receiverId }: { receiverId: string | null }) {
  const session = useSession();
  const viewerId = session.data?.user.id ?? null;
  const recipient = useRecipient(receiverId);
  let body: React.ReactNode;
  if (receiverId && recipient.isPending) {
    body = (
      <Loading label="Chargement du membre…">
        <div className="h-96 animate-pulse rounded-xl bg-slate-200" aria-hidden="true" />
      </Loading>
    );
  } else if (receiverId && recipient.isError) {
    body = isNotFoundError(recipient.error) ? (
      // An unknown member in the address: pick one instead.
      <>
        <Alert>
          <AlertDescription>Ce membre est introuvable. Choisissez le membre à recommander ci-dessous.</AlertDescription>
        </Alert>
        <RecommendationForm recipient={null} viewerId={viewerId} />
      </>
    ) : (
      <LoadError
        message="Impossible de charger ce membre."
        error={recipient.error}
        onRetry={() => recipient.refetch()}
      />
    );
  } else {
    const page = receiverId ? recipient.data : undefined;
    body = (
      <RecommendationForm
        key={page?.userId ?? 'pick'}
        viewerId={viewerId}
        recipient={
          page
            ? {
                userId: page.userId,
                fullName: page.fullName,
                avatarUrl: page.avatarUrl,
                detail: [page.trade?.label ?? page.profession, page.companyName].filter(Boolean).join(' · ') || null,
              }
            : null
        }
      />
    );
  }
  return <div className="mx-auto flex max-w-3xl flex-col gap-6 px-4 py-12 sm:px-6">{body}</div>;
}
