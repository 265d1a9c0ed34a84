import { useParams } from 'react-router';
import { NotFoundContent } from '~/components/not-found-content';
import { RequireAuth } from '~/features/auth';
import { LiveMeetingPhone } from '~/features/live-meeting';
import { seo } from '~/lib/seo';
import type { Route } from './+types/meeting-live';

export const meta = ({ params }: Route.MetaArgs) =>
  seo({
    title: 'Réunion en direct',
    description: 'La réunion du groupe en direct.',
    path: `/reunions/${params.meetingId}/direct`,
    noindex: true,
  });

/** /reunions/:meetingId/direct: the meeting on a member's phone, the leaders' console. */
export default function MeetingLivePage() {
  const { meetingId = '' } = useParams();
  return (
    <RequireAuth>
      <LiveMeetingPhone key={meetingId} meetingId={meetingId} notFound={<NotFoundContent />} />
    </RequireAuth>
  );
}
