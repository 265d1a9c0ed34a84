import { Download } from 'lucide-react';
import { Button } from '~/components/ui/button';
import { Card, CardContent } from '~/components/ui/card';
import { apiErrorMessage } from '~/lib/api-client';
import { notify } from '~/lib/toast';
import { useExportData } from '../api/export-data';
import { DeleteAccountDialog } from './delete-account-dialog';

/** The member's rights over their data (docs/product/decisions.md "Privacy (RGPD)"): a copy of it, or erasure. */
export function AccountDataCard({ email }: { email: string }) {
  const exportData = useExportData();

  const onExport = () =>
    exportData.mutate(undefined, {
      onSuccess: () => notify.success('Vos données ont été téléchargées'),
      onError: (error) => notify.error(apiErrorMessage(error, 'Erreur lors du téléchargement de vos données')),
    });

  return (
    <Card>
      <CardContent className="flex flex-col gap-6 pt-6">
        <div>
          <h2 id="account-data-title" className="text-2xl font-semibold">
            Mes données personnelles
          </h2>
          <p className="mt-2 text-sm text-slate-600">
            Conformément au RGPD, vous pouvez obtenir une copie de toutes les données que nous détenons sur vous, ou
            supprimer définitivement votre compte.
          </p>
        </div>
        <div className="flex flex-col gap-2">
          <h3 className="font-semibold text-slate-900">Exporter mes données</h3>
          <p className="text-sm text-slate-600">Un fichier JSON avec votre compte, votre profil et vos contenus.</p>
          <Button
            type="button"
            variant="outline"
            className="self-start"
            disabled={exportData.isPending}
            onClick={onExport}
          >
            <Download aria-hidden="true" />
            {exportData.isPending ? 'Préparation du fichier…' : 'Télécharger mes données'}
          </Button>
        </div>
        <div className="flex flex-col gap-2 border-t border-slate-200 pt-6">
          <h3 className="font-semibold text-red-800">Supprimer mon compte</h3>
          <p className="text-sm text-slate-600">
            Votre profil, vos contenus et vos images seront supprimés et vous serez déconnecté de tous vos appareils.
            Les factures, que la loi nous oblige à conserver, sont gardées.
          </p>
          <DeleteAccountDialog email={email} />
        </div>
      </CardContent>
    </Card>
  );
}
