import { groupAdminMessages } from '@synergie/shared/group-admin';
import { Merge } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '~/components/ui/button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '~/components/ui/dialog';
import { Label } from '~/components/ui/label';
import { TradeCombobox } from '~/features/profile';
import { apiErrorMessage } from '~/lib/api-client';
import { notify } from '~/lib/toast';
import { type AdminTrade, useMergeTrade } from '../api/admin-groups';

/**
 * Merge a trade into another: the admin picks the target (searchable, accents ignored), reads
 * what will move, then confirms. The server moves everything in one transaction, or nothing.
 */
export default function TradeMergeDialog({
  trade,
  trades,
  onClose,
}: {
  trade: AdminTrade;
  trades: readonly AdminTrade[];
  onClose: () => void;
}) {
  const inputId = useId();
  const [intoId, setIntoId] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const merge = useMergeTrade();
  const targets = trades.filter((t) => t.id !== trade.id);
  const into = targets.find((t) => t.id === intoId) ?? null;

  const confirm = async () => {
    if (!into) {
      setError('Choisissez le métier de destination');
      return;
    }
    try {
      await merge.mutateAsync({ id: trade.id, intoTradeId: into.id });
    } catch (failure) {
      const message = apiErrorMessage(failure, groupAdminMessages.saveFailed);
      setError(message);
      notify.error(message);
      return;
    }
    notify.success(groupAdminMessages.tradeMerged(trade.label, into.label));
    onClose();
  };

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent role="alertdialog">
        <DialogHeader>
          <DialogTitle>Fusionner «&nbsp;{trade.label}&nbsp;»</DialogTitle>
          <DialogDescription>
            Ses membres, ses sièges, ses candidatures et ses listes d’attente passent dans le métier choisi.
          </DialogDescription>
        </DialogHeader>
        <div className="flex flex-col gap-1.5">
          <Label htmlFor={inputId}>Métier de destination *</Label>
          <TradeCombobox
            id={inputId}
            trades={targets}
            value={intoId}
            onChange={(id) => {
              setIntoId(id);
              setError(null);
            }}
            aria-invalid={Boolean(error)}
            aria-describedby={error ? `${inputId}-error` : undefined}
          />
          {error ? (
            <p id={`${inputId}-error`} className="text-sm font-medium text-red-700">
              {error}
            </p>
          ) : null}
        </div>
        {into ? (
          <p className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950">
            {groupAdminMessages.mergeConfirm(trade.label, into.label, trade.members)}
          </p>
        ) : null}
        <DialogFooter>
          <DialogClose asChild>
            <Button type="button" variant="outline">
              Annuler
            </Button>
          </DialogClose>
          <Button type="button" variant="destructive" disabled={merge.isPending || !into} onClick={confirm}>
            <Merge aria-hidden="true" />
            {merge.isPending ? 'Fusion…' : 'Fusionner'}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
