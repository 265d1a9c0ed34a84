import { useParams } from 'react-router';
import { NotFoundContent } from '~/components/not-found-content';
import { ForumTopicPage } from '~/features/forum';
import { seo } from '~/lib/seo';
import type { Route } from './+types/forum-topic';

export const meta = ({ params }: Route.MetaArgs) =>
  seo({
    title: 'Forum',
    description: 'Une question du forum d’entraide Synergie Pro et ses réponses.',
    path: `/forum/sujets/${params.topicId}`,
  });

/** /forum/sujets/:topicId: the question, the accepted answer first, the replies. */
export default function ForumTopicRoute() {
  const { topicId = '' } = useParams();
  return <ForumTopicPage topicId={topicId} notFound={<NotFoundContent />} />;
}
