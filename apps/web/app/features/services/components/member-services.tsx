import { serviceMessages } from '@synergie/shared/services-messages';
import { LogIn, Plus, Users } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { Link } from 'react-router';
import { EmptyState } from '~/components/empty-state';
import { Loading } from '~/components/query-state';
import { Button } from '~/components/ui/button';
import { useSession } from '~/features/auth';
import { type Service, useServices } from '../api/get-services';
import { MemberServiceCard } from './member-service-card';

// The dialogs (zod, react-hook-form, Radix) load on first use: the prerendered page stays light.
const loadServiceDialog = () => import('./service-dialog');
const loadDeleteDialog = () => import('./delete-service-dialog');
const ServiceDialog = lazy(loadServiceDialog);
const DeleteServiceDialog = lazy(loadDeleteDialog);

type OpenDialog = { kind: 'edit'; service: Service | null } | { kind: 'delete'; service: Service } | null;

const SKELETONS = ['a', 'b', 'c'];

/** 'Services de nos membres': newest first, with create for members and edit/delete for owners. */
export function MemberServices() {
  const session = useSession();
  const services = useServices();
  const [dialog, setDialog] = useState<OpenDialog>(null);
  const userId = session.data?.user.id;
  const close = () => setDialog(null);

  return (
    <>
      <div className="mb-6 flex flex-wrap items-center gap-3">
        {userId ? (
          <Button
            type="button"
            onClick={() => setDialog({ kind: 'edit', service: null })}
            onPointerEnter={loadServiceDialog}
            onFocus={loadServiceDialog}
          >
            <Plus aria-hidden="true" />
            {serviceMessages.create}
          </Button>
        ) : session.isPending ? null : (
          <p className="flex flex-wrap items-center gap-3 text-slate-700">
            Membre du réseau&#8239;? Connectez-vous pour présenter votre service.
            <Button asChild variant="outline" size="sm">
              <Link to="/auth">
                <LogIn aria-hidden="true" />
                Se connecter
              </Link>
            </Button>
          </p>
        )}
      </div>

      {services.isPending ? (
        <Loading label="Chargement des services des membres…">
          <ul aria-hidden="true" className="grid gap-8 sm:grid-cols-2 lg:grid-cols-3">
            {SKELETONS.map((key) => (
              <li key={key} className="h-72 animate-pulse rounded-xl border border-slate-200 bg-white" />
            ))}
          </ul>
        </Loading>
      ) : services.isError ? (
        <p role="alert" className="rounded-lg border border-red-200 bg-red-50 p-4 text-red-800">
          Impossible de charger les services des membres. Veuillez réessayer plus tard.
        </p>
      ) : services.data.length === 0 ? (
        <EmptyState icon={Users} className="bg-white">
          Aucun service de membre pour le moment. Les services publiés par les membres apparaîtront ici.
        </EmptyState>
      ) : (
        <ul className="grid gap-8 sm:grid-cols-2 lg:grid-cols-3">
          {services.data.map((service) => (
            <li key={service.id}>
              <MemberServiceCard
                service={service}
                isOwner={service.userId === userId}
                onEdit={() => setDialog({ kind: 'edit', service })}
                onDelete={() => setDialog({ kind: 'delete', service })}
                onIntent={() => {
                  void loadServiceDialog();
                  void loadDeleteDialog();
                }}
              />
            </li>
          ))}
        </ul>
      )}

      <Suspense fallback={null}>
        {dialog?.kind === 'edit' ? <ServiceDialog service={dialog.service} onClose={close} /> : null}
        {dialog?.kind === 'delete' ? <DeleteServiceDialog service={dialog.service} onClose={close} /> : null}
      </Suspense>
    </>
  );
}
