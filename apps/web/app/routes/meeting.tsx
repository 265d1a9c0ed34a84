import { useParams } from 'react-router';
import { NotFoundContent } from '~/components/not-found-content';
import { RequireAuth } from '~/features/auth';
import { LiveMeetingEntry } from '~/features/live-meeting';
import { MeetingView } from '~/features/meetings';
import { seo } from '~/lib/seo';
import type { Route } from './+types/meeting';

export const meta = ({ params }: Route.MetaArgs) =>
  seo({
    title: 'Réunion',
    description: 'Une réunion du groupe et son ordre du jour.',
    path: `/reunions/${params.meetingId}`,
    noindex: true,
  });

/** /reunions/:meetingId: read by the group's members, its leaders and admins (404 otherwise). */
export default function MeetingPage() {
  const { meetingId = '' } = useParams();
  return (
    <RequireAuth>
      <MeetingView
        key={meetingId}
        id={meetingId}
        notFound={<NotFoundContent />}
        actions={(meeting) => <LiveMeetingEntry groupId={meeting.groupId} meetingId={meeting.id} />}
      />
    </RequireAuth>
  );
}
