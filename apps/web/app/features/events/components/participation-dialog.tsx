import { eventMessages } from '@synergie/shared/event-messages';
import { useState } from 'react';
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
import type { EventItem } from '../api/get-events';

const selectClass =
  'flex h-10 w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-brand-600';

/**
 * Registering to an event (or joining its waiting list) that allows guests (`+1`): how many come
 * along. Loaded on first use: the /events page stays light.
 */
export default function ParticipationDialog({
  event,
  mode,
  pending,
  onConfirm,
  onClose,
}: {
  event: EventItem;
  mode: 'register' | 'waitlist';
  pending: boolean;
  onConfirm: (guests: number) => void;
  onClose: () => void;
}) {
  const [guests, setGuests] = useState(Math.min(event.myGuests, event.maxGuestsPerRegistration));
  const choices = Array.from({ length: event.maxGuestsPerRegistration + 1 }, (_, n) => n);
  const title = mode === 'register' ? `S’inscrire à «\u00a0${event.title}\u00a0»` : eventMessages.joinWaitingList;
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-w-md">
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>
            {eventMessages.guestsHint(event.maxGuestsPerRegistration)} Chaque invité occupe une place.
          </DialogDescription>
        </DialogHeader>
        <form
          className="flex flex-col gap-4"
          aria-label={title}
          onSubmit={(e) => {
            e.preventDefault();
            onConfirm(guests);
          }}
        >
          <div className="flex flex-col gap-2">
            <Label htmlFor="event-guests">{eventMessages.guests}</Label>
            <select
              id="event-guests"
              className={selectClass}
              value={guests}
              onChange={(e) => setGuests(Number(e.target.value))}
            >
              {choices.map((n) => (
                <option key={n} value={n}>
                  {n === 0 ? 'Aucun invité' : `${n} invité${n > 1 ? 's' : ''}`}
                </option>
              ))}
            </select>
          </div>
          <DialogFooter>
            <DialogClose asChild>
              <Button type="button" variant="outline">
                Annuler
              </Button>
            </DialogClose>
            <Button type="submit" disabled={pending}>
              {mode === 'register' ? 'S’inscrire' : eventMessages.joinWaitingList}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
