import { PageHero } from '~/components/layout/page-hero';
import { seo } from '~/lib/seo';

export const meta = () => seo({ title: 'pricing', description: 'pricing', path: '/pricing' });

export default function Page() {
  return <PageHero title="pricing" />;
}
