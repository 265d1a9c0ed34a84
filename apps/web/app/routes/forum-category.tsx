import { useParams } from 'react-router';
import { NotFoundContent } from '~/components/not-found-content';
import { CategoryView } from '~/features/forum';
import { seo } from '~/lib/seo';
import type { Route } from './+types/forum-category';

export const meta = ({ params }: Route.MetaArgs) =>
  seo({
    title: 'Forum',
    description: "Les sujets d'une catégorie du forum d'entraide Synergie Pro.",
    path: `/forum/${params.slug}`,
  });

/** /forum/:slug: a category's topics (a group's category: its members only). */
export default function ForumCategoryPage() {
  const { slug = '' } = useParams();
  return <CategoryView key={slug} slug={slug} notFound={<NotFoundContent />} />;
}
