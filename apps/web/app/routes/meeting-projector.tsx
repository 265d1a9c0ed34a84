import { useParams } from 'react-router';
import { NotFoundContent } from '~/components/not-found-content';
import { RequireAuth } from '~/features/auth';
import { LiveMeetingProjector } from '~/features/live-meeting';
import { seo } from '~/lib/seo';
import type { Route } from './+types/meeting-projector';

export const meta = ({ params }: Route.MetaArgs) =>
  seo({
    title: 'Projecteur de la réunion',
    description: 'La réunion du groupe, pour l’écran de la salle.',
    path: `/reunions/${params.meetingId}/projecteur`,
    noindex: true,
  });

/** /reunions/:meetingId/projecteur: the room's screen (root.tsx shows it without the bars). */
export default function MeetingProjectorPage() {
  const { meetingId = '' } = useParams();
  return (
    <RequireAuth>
      <LiveMeetingProjector key={meetingId} meetingId={meetingId} notFound={<NotFoundContent />} />
    </RequireAuth>
  );
}
