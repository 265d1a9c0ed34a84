import { useParams } from 'react-router';
import { NotFoundContent } from '~/components/not-found-content';
import { AttendancePageView } from '~/features/attendance';
import { RequireAuth } from '~/features/auth';
import { seo } from '~/lib/seo';
import type { Route } from './+types/meeting-attendance';

export const meta = ({ params }: Route.MetaArgs) =>
  seo({
    title: 'Présence à la réunion',
    description: 'Le QR code de la réunion et la liste de présence, pour les responsables du groupe.',
    path: `/groupes/${params.slug}/reunions/${params.meetingId}/presence`,
    noindex: true,
  });

/** /groupes/:slug/reunions/:meetingId/presence: the secretary's page (the API refuses non-leaders). */
export default function MeetingAttendanceRoute() {
  const { slug = '', meetingId = '' } = useParams();
  return (
    <RequireAuth>
      <AttendancePageView
        key={`${slug}/${meetingId}`}
        slug={slug}
        meetingId={meetingId}
        notFound={<NotFoundContent />}
      />
    </RequireAuth>
  );
}
