import { attendanceMessages } from '@synergie/shared/attendance';
import { useSearchParams } from 'react-router';
import { CheckinView } from '~/features/attendance';
import { RequireAuth } from '~/features/auth';
import { seo } from '~/lib/seo';

export const meta = () =>
  seo({
    title: 'Pointer ma présence',
    description: 'Pointer sa présence à la réunion de son groupe avec le QR code.',
    path: '/pointage',
    noindex: true,
  });

/** /pointage?jeton=…: what the meeting's QR code opens; a visitor signs in and comes back here. */
export default function CheckinPage() {
  const [params] = useSearchParams();
  return (
    <RequireAuth>
      <section className="mx-auto flex max-w-xl flex-col gap-6 px-4 py-16">
        <h1 className="text-3xl font-bold tracking-tight text-slate-900">{attendanceMessages.checkInTitle}</h1>
        <CheckinView token={params.get('jeton') ?? ''} />
      </section>
    </RequireAuth>
  );
}
