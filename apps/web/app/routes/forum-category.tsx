import { useParams } from 'react-router';
import { NotFoundContent } from '~/components/not-found-content';
import { FORUM_SUBPAGES, ForumSlugPage } from '~/features/forum';
import { seo } from '~/lib/seo';
import type { Route } from './+types/forum-category';

export const meta = ({ params }: Route.MetaArgs) => {
  const page = FORUM_SUBPAGES[params.slug as keyof typeof FORUM_SUBPAGES];
  return seo({
    title: page?.title ?? 'Forum',
    description: page?.description ?? 'Les sujets d’une catégorie du forum d’entraide Synergie Pro.',
    path: `/forum/${params.slug}`,
    noindex: Boolean(page),
  });
};

/**
 * /forum/:slug: a category's topics (a group's category: its members only), and the forum's own
 * pages /forum/nouveau (<RequireAuth>), /forum/recherche and /forum/moderation (<RequireAuth>).
 */
export default function ForumCategoryPage() {
  const { slug = '' } = useParams();
  return <ForumSlugPage slug={slug} notFound={<NotFoundContent />} />;
}
