import { type Partner, partnerMessages } from '@synergie/shared/partners';
import { ArrowDown, ArrowUp, Star, Trash2 } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { Loading } from '~/components/query-state';
import { Alert, AlertDescription, AlertTitle } from '~/components/ui/alert';
import { Badge } from '~/components/ui/badge';
import { Button } from '~/components/ui/button';
import { usePartners } from '~/features/partners';
import { notify } from '~/lib/toast';
import { useUpdatePartner } from '../api/admin-partners';

const loadDeleteDialog = () => import('./partners-delete-dialog');
const PartnersDeleteDialog = lazy(loadDeleteDialog);

/** The partners in the public order (featured first, then display order, then name), with admin actions. */
export function PartnersAdminList() {
  const partners = usePartners();
  const update = useUpdatePartner();
  const [deleting, setDeleting] = useState<Partner | null>(null);

  const save = (partner: Partner, input: { isFeatured?: boolean; displayOrder?: number }) =>
    update.mutate(
      { id: partner.id, input },
      {
        onSuccess: () => notify.success(partnerMessages.updated),
        onError: (error) => notify.apiError(error, partnerMessages.updateFailed),
      },
    );

  if (partners.isPending) {
    return <Loading variant="text" label="Chargement des partenaires…" />;
  }
  if (partners.isError) {
    return (
      <Alert variant="destructive">
        <AlertTitle>Erreur</AlertTitle>
        <AlertDescription>{partnerMessages.loadFailed}</AlertDescription>
      </Alert>
    );
  }
  if (partners.data.partners.length === 0) return <p className="text-slate-600">Aucun partenaire pour le moment.</p>;

  return (
    <>
      {/* Spec section 9: the admin list scrolls at a maximum height of 600. */}
      <ul className="flex max-h-[600px] flex-col divide-y divide-slate-100 overflow-y-auto rounded-lg border border-slate-200 bg-white">
        {partners.data.partners.map((partner) => (
          <li key={partner.id} className="flex flex-wrap items-center gap-3 p-3">
            <div className="min-w-48 flex-1">
              <p className="font-semibold text-slate-900">
                {partner.name}
                {partner.isFeatured ? (
                  <Badge variant="accent" className="ml-2 gap-1">
                    <Star aria-hidden="true" className="size-3" />À la une
                  </Badge>
                ) : null}
              </p>
              <p className="text-sm break-all text-slate-600">{partner.websiteUrl}</p>
              <p className="text-xs text-slate-600">Ordre&nbsp;: {partner.displayOrder}</p>
            </div>
            <div className="flex flex-wrap gap-1">
              <Button
                type="button"
                size="sm"
                variant="outline"
                aria-pressed={partner.isFeatured}
                disabled={update.isPending}
                onClick={() => save(partner, { isFeatured: !partner.isFeatured })}
                aria-label={`${partner.isFeatured ? 'Retirer de la une' : 'Mettre à la une'}\u00a0: ${partner.name}`}
              >
                <Star aria-hidden="true" />
                {partner.isFeatured ? 'Retirer de la une' : 'Mettre à la une'}
              </Button>
              <Button
                type="button"
                size="sm"
                variant="outline"
                disabled={update.isPending}
                onClick={() => save(partner, { displayOrder: partner.displayOrder - 1 })}
                aria-label={`Monter ${partner.name}`}
              >
                <ArrowUp aria-hidden="true" />
              </Button>
              <Button
                type="button"
                size="sm"
                variant="outline"
                disabled={update.isPending}
                onClick={() => save(partner, { displayOrder: partner.displayOrder + 1 })}
                aria-label={`Descendre ${partner.name}`}
              >
                <ArrowDown aria-hidden="true" />
              </Button>
              <Button
                type="button"
                size="sm"
                variant="destructive"
                onClick={() => setDeleting(partner)}
                onPointerEnter={loadDeleteDialog}
                onFocus={loadDeleteDialog}
                aria-label={`Supprimer ${partner.name}`}
              >
                <Trash2 aria-hidden="true" />
                Supprimer
              </Button>
            </div>
          </li>
        ))}
      </ul>
      <Suspense fallback={null}>
        {deleting ? <PartnersDeleteDialog partner={deleting} onClose={() => setDeleting(null)} /> : null}
      </Suspense>
    </>
  );
}
