import { eventMessages } from '@synergie/shared/event-messages';
import { formatEventDateTime } from '@synergie/shared/format';
import { Printer } from 'lucide-react';
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
import { eventCheckinCodeUrl } from '../api/event-registration';
import type { EventItem } from '../api/get-events';

/**
 * The organizer's page of an event: the check-in QR code to show at the door. Members scan it
 * on the event day and land on /events/pointage, which checks them in. Loaded on first use.
 */
export default function CheckinCodeDialog({ event, onClose }: { event: EventItem; onClose: () => void }) {
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-w-lg">
        <DialogHeader>
          <DialogTitle>{eventMessages.checkinCode}</DialogTitle>
          <DialogDescription>
            «&nbsp;{event.title}&nbsp;», {formatEventDateTime(event.date, event.time)}. Les inscrits scannent ce code le
            jour de l’événement pour pointer leur présence.
          </DialogDescription>
        </DialogHeader>
        <img
          src={eventCheckinCodeUrl(event.id)}
          alt={`QR code de pointage de l’événement «\u00a0${event.title}\u00a0»`}
          width={320}
          height={320}
          className="mx-auto size-80 bg-white"
        />
        <DialogFooter>
          <Button type="button" variant="outline" onClick={() => window.print()}>
            <Printer aria-hidden="true" />
            Imprimer
          </Button>
          <DialogClose asChild>
            <Button type="button">Fermer</Button>
          </DialogClose>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
