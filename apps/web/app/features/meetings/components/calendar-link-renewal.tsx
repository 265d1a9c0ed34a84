import { formatDateTime } from '@synergie/shared/format';
import { meetingMessages } from '@synergie/shared/meeting-constants';
import { RefreshCw } from 'lucide-react';
import { useId, useState } from 'react';
import { Loading } from '~/components/query-state';
import { Button } from '~/components/ui/button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '~/components/ui/dialog';
import { apiErrorMessage } from '~/lib/api-client';
import { notify } from '~/lib/toast';
import { useCalendarUrl, useRenewCalendarUrl } from '../api/meetings';

/**
 * On /profile (issue 33): the personal calendar feed's link can be renewed, after a confirmation;
 * the old address stops at once (a calendar app subscribed to it must be given the new one).
 */
export function CalendarLinkRenewal() {
  const query = useCalendarUrl();
  const renew = useRenewCalendarUrl();
  const [open, setOpen] = useState(false);
  const id = useId();

  const confirm = async () => {
    try {
      await renew.mutateAsync();
    } catch (failure) {
      notify.error(apiErrorMessage(failure, meetingMessages.calendarRenewFailed));
      return;
    }
    setOpen(false);
    notify.success(meetingMessages.calendarRenewed);
  };

  return (
    <section
      aria-labelledby={`${id}-title`}
      className="flex flex-col gap-3 rounded-xl border border-slate-200 bg-white p-6"
    >
      <h2 id={`${id}-title`} className="text-xl font-semibold text-slate-900">
        {meetingMessages.calendarLinkTitle}
      </h2>
      <p className="text-slate-700">{meetingMessages.calendarLinkExplained}</p>
      {query.isPending ? (
        <Loading variant="text" />
      ) : query.isError ? (
        <p role="alert" className="text-red-700">
          {apiErrorMessage(query.error, 'Impossible de charger l’adresse de votre agenda.')}
        </p>
      ) : (
        <>
          <p className="break-all rounded-md bg-slate-50 p-3 font-mono text-sm text-slate-800">{query.data.url}</p>
          <p className="text-sm text-slate-600">
            {query.data.renewedAt
              ? meetingMessages.calendarRenewedAt(formatDateTime(Date.parse(query.data.renewedAt)))
              : meetingMessages.calendarNeverRenewed}
          </p>
        </>
      )}
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogTrigger asChild>
          <Button type="button" variant="outline" className="self-start" disabled={query.isPending}>
            <RefreshCw aria-hidden="true" />
            {meetingMessages.calendarRenew}
          </Button>
        </DialogTrigger>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>{meetingMessages.calendarRenewConfirmTitle}</DialogTitle>
            <DialogDescription>{meetingMessages.calendarRenewConfirm}</DialogDescription>
          </DialogHeader>
          <DialogFooter>
            <DialogClose asChild>
              <Button type="button" variant="outline">
                Annuler
              </Button>
            </DialogClose>
            <Button type="button" onClick={confirm} disabled={renew.isPending}>
              {renew.isPending ? 'Renouvellement…' : meetingMessages.calendarRenew}
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </section>
  );
}
