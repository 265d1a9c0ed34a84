import { useSearchParams } from 'react-router';
import { LiveMeetingVisitor } from '~/features/live-meeting';
import { seo } from '~/lib/seo';

export const meta = () =>
  seo({
    title: 'La réunion en direct',
    description: 'La réunion où vous êtes invité, en direct.',
    path: '/invitation/direct',
    noindex: true,
  });

/** /invitation/direct?jeton=…: a visitor of the day follows the live meeting; works without an account. */
export default function InvitationLivePage() {
  const [params] = useSearchParams();
  return <LiveMeetingVisitor token={params.get('jeton') ?? ''} />;
}
