import { NotFoundContent } from '~/components/not-found-content';
import { seo } from '~/lib/seo';

export const meta = () =>
  seo({
    title: 'Page introuvable',
    description: 'La page demandée n’existe pas ou a été déplacée.',
    path: '/404',
    noindex: true,
  });

export default function NotFound() {
  return <NotFoundContent />;
}
