import { PageHero } from '~/components/layout/page-hero';
import { seo } from '~/lib/seo';

export const meta = () => seo({ title: 'services', description: 'services', path: '/services' });

export default function Page() {
  return <PageHero title="services" />;
}
