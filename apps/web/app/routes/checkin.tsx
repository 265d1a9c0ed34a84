import { attendanceMessages } from '@synergie/shared/attendance';
import { useEffect } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { CheckinView } from '~/features/attendance';
import { RequireAuth, useSession } from '~/features/auth';
import { rememberedGuestInvitation } from '~/features/guests';
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
  const session = useSession();
  const navigate = useNavigate();
  const code = params.get('jeton') ?? '';
  // A guest (no account) who opened their invitation on this phone checks in from it.
  const guest = !session.isPending && !session.data?.user ? rememberedGuestInvitation() : null;
  useEffect(() => {
    if (guest) {
      navigate(`/invitation?jeton=${encodeURIComponent(guest)}&code=${encodeURIComponent(code)}`, { replace: true });
    }
  }, [guest, code, navigate]);
  if (guest) return <p role="status">Ouverture de votre invitation…</p>;
  return (
    <RequireAuth>
      <section className="mx-auto flex max-w-xl flex-col gap-6 px-4 py-16">
        <h1 className="text-3xl font-bold tracking-tight text-slate-900">{attendanceMessages.checkInTitle}</h1>
        <CheckinView token={params.get('jeton') ?? ''} />
      </section>
    </RequireAuth>
  );
}
