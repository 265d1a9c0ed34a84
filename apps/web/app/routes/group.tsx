import { useParams } from 'react-router';
import { NotFoundContent } from '~/components/not-found-content';
import { GroupPageView } from '~/features/groups';

// No `meta` export: the page is dynamic; the server writes its title, description and JSON-LD
// into the served HTML, and the page sets its title in the browser.

/** /groupes/:slug: a group's public page (description, members, open seats, apply box). */
export default function GroupRoute() {
  const { slug = '' } = useParams();
  return <GroupPageView key={slug} slug={slug} notFound={<NotFoundContent />} />;
}
