import { PageHero } from '~/components/layout/page-hero';
import { seo } from '~/lib/seo';

export const meta = () => seo({ title: 'advanced-diagnostic', description: 'advanced-diagnostic', path: '/advanced-diagnostic' });

export default function Page() {
  return <PageHero title="advanced-diagnostic" />;
}
