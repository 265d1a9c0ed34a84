import { PageHero } from '~/components/layout/page-hero';
import { seo } from '~/lib/seo';

export const meta = () => seo({ title: 'blog', description: 'blog', path: '/blog' });

export default function Page() {
  return <PageHero title="blog" />;
}
