import { useParams } from 'react-router';
import { MemberPageView } from '~/features/member-page';

// No `meta` export: the page is dynamic, so MemberHead writes its title, description and JSON-LD
// in the browser once the member is loaded.

/** /membres/:userId: a member's public page and digital business card (anyone may read it). */
export default function MemberRoute() {
  const { userId = '' } = useParams();
  return <MemberPageView key={userId} userId={userId} />;
}
