import { PageHero } from '~/components/layout/page-hero';
import { RequireAuth } from '~/features/auth';
import { MyMeetingsView } from '~/features/groups';
import { seo } from '~/lib/seo';

export const meta = () =>
  seo({
    title: 'Réunions',
    description: 'Pointer sa présence et les prochaines réunions de son groupe.',
    path: '/reunions',
    noindex: true,
  });

/** /reunions: check in, the group's next meetings and the calendar feed. */
export default function MeetingsPage() {
  return (
    <RequireAuth>
      <PageHero title="Réunions" />
      <MyMeetingsView />
    </RequireAuth>
  );
}
