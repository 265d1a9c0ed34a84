import { PageHero } from '~/components/layout/page-hero';
import { seo } from '~/lib/seo';

export const meta = () => seo({ title: 'maintenance', description: 'maintenance', path: '/maintenance' });

export default function Page() {
  return <PageHero title="maintenance" />;
}
