import { PageHero } from '~/components/layout/page-hero';
import { seo } from '~/lib/seo';

export const meta = () => seo({ title: 'cgu', description: 'cgu', path: '/cgu' });

export default function Page() {
  return <PageHero title="cgu" />;
}
