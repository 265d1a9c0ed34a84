import { Trash2 } from 'lucide-react';
import type { ReactNode } from 'react';
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

/**
 * The confirmation asked before every deletion (spec section 5): an alert dialog with the
 * question, 'Annuler', and a destructive button that shows 'Suppression…' while it runs.
 * Closing it (Escape, outside click, 'Annuler') calls `onClose`.
 */
export function ConfirmDeleteDialog({
  title,
  children,
  pending,
  onConfirm,
  onClose,
  confirmLabel = 'Supprimer',
}: {
  title: ReactNode;
  /** The question and what goes with the item. */
  children: ReactNode;
  pending: boolean;
  onConfirm: () => void;
  onClose: () => void;
  confirmLabel?: string;
}) {
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent role="alertdialog">
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{children}</DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <DialogClose asChild>
            <Button type="button" variant="outline">
              Annuler
            </Button>
          </DialogClose>
          <Button type="button" variant="destructive" disabled={pending} onClick={onConfirm}>
            <Trash2 aria-hidden="true" />
            {pending ? 'Suppression…' : confirmLabel}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
