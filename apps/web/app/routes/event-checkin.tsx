import { eventMessages } from '@synergie/shared/event-messages';
import { useSearchParams } from 'react-router';
import { CheckinView } from '~/features/events';
import { seo } from '~/lib/seo';

export const meta = () =>
  seo({
    title: eventMessages.checkinTitle,
    description: 'Pointer sa présence à un événement du réseau avec le QR code de l’organisateur.',
    path: '/events/pointage',
    noindex: true,
  });

/** /events/pointage?jeton=…: the organizer's QR code leads here; the member checks in. */
export default function EventCheckinPage() {
  const [params] = useSearchParams();
  return (
    <section className="mx-auto flex max-w-xl flex-col gap-6 px-4 py-16">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900">{eventMessages.checkinTitle}</h1>
      <CheckinView token={params.get('jeton') ?? ''} />
    </section>
  );
}
