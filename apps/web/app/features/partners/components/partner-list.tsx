import { Handshake } from 'lucide-react';
import { EmptyState } from '~/components/empty-state';
import { LoadError, Loading } from '~/components/query-state';
import { usePartners } from '../api/get-partners';
import { PartnerCard } from './partner-card';

const SKELETONS = ['a', 'b', 'c'];

export function PartnerList() {
  const { data, isPending, isError, refetch, isRefetching } = usePartners();

  if (isPending) {
    return (
      <Loading label="Chargement des partenaires…">
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3" aria-hidden="true">
          {SKELETONS.map((key) => (
            <li key={key} className="flex h-48 animate-pulse flex-col gap-4 rounded-xl border border-slate-200 p-6">
              <div className="flex gap-4">
                <div className="size-16 rounded-lg bg-slate-200" />
                <div className="flex flex-1 flex-col gap-2">
                  <div className="h-5 w-2/3 rounded bg-slate-200" />
                  <div className="h-4 w-1/3 rounded bg-slate-200" />
                </div>
              </div>
              <div className="h-4 w-full rounded bg-slate-200" />
              <div className="h-4 w-4/5 rounded bg-slate-200" />
            </li>
          ))}
        </ul>
      </Loading>
    );
  }

  if (isError) {
    return (
      <LoadError message="Impossible de charger les partenaires" onRetry={() => refetch()} retrying={isRefetching} />
    );
  }

  if (data.partners.length === 0) {
    return <EmptyState icon={Handshake}>Aucun partenaire pour le moment.</EmptyState>;
  }

  return (
    <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
      {data.partners.map((partner) => (
        <li key={partner.id}>
          <PartnerCard partner={partner} />
        </li>
      ))}
    </ul>
  );
}
