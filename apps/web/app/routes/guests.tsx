import { meetingMessages } from '@synergie/shared/meeting-constants';
import { PageHero } from '~/components/layout/page-hero';
import { RequireAuth } from '~/features/auth';
import { MyGuestsView } from '~/features/guests';
import { seo } from '~/lib/seo';

export const meta = () =>
  seo({
    title: 'Mes visiteurs',
    description: 'Les visiteurs que vous invitez aux réunions et leur suivi.',
    path: '/visiteurs',
    noindex: true,
  });

/** /visiteurs: the member's guests and their pipeline (network-core §5). */
export default function GuestsPage() {
  return (
    <RequireAuth>
      <PageHero title={`Mes ${meetingMessages.guests.toLowerCase()}`}>
        <p>Invitez un visiteur à une réunion et suivez-le jusqu’à son adhésion.</p>
      </PageHero>
      <MyGuestsView />
    </RequireAuth>
  );
}
