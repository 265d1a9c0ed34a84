import { meetingMessages } from '@synergie/shared/meeting-constants';
import { Copy } from 'lucide-react';
import { useId } from 'react';
import { Loading } from '~/components/query-state';
import { Button } from '~/components/ui/button';
import { Input } from '~/components/ui/input';
import { apiErrorMessage } from '~/lib/api-client';
import { notify } from '~/lib/toast';
import { useCalendarUrl } from '../api/meetings';

/** `Mon agenda (abonnement)`: the personal feed's address, to paste in a calendar app. */
export function CalendarFeed() {
  const query = useCalendarUrl();
  const id = useId();
  const copy = async (url: string) => {
    try {
      await navigator.clipboard.writeText(url);
      notify.success('Adresse copiée.');
    } catch {
      notify.error('Copie impossible : sélectionnez l’adresse et copiez-la.');
    }
  };
  return (
    <section
      aria-labelledby={`${id}-title`}
      className="flex flex-col gap-3 rounded-xl border border-slate-200 bg-white p-6"
    >
      <h3 id={`${id}-title`} className="text-xl font-semibold text-slate-900">
        {meetingMessages.calendarFeed}
      </h3>
      <p className="text-slate-700">
        Abonnez votre agenda (Google Agenda, Outlook, Apple Calendrier) à cette adresse : vos réunions de groupe et les
        événements auxquels vous êtes inscrit s’y ajoutent d’eux-mêmes. Gardez-la pour vous : elle donne accès à votre
        agenda.
      </p>
      {query.isPending ? (
        <Loading variant="text" />
      ) : query.isError ? (
        <p role="alert" className="text-red-700">
          {apiErrorMessage(query.error, 'Impossible de charger l’adresse de votre agenda.')}
        </p>
      ) : (
        <div className="flex flex-col gap-2 sm:flex-row">
          <label htmlFor={`${id}-url`} className="sr-only">
            Adresse de mon agenda
          </label>
          <Input id={`${id}-url`} readOnly value={query.data.url} onFocus={(e) => e.currentTarget.select()} />
          <Button type="button" variant="outline" onClick={() => copy(query.data.url)}>
            <Copy aria-hidden="true" />
            Copier l’adresse
          </Button>
        </div>
      )}
    </section>
  );
}
