import { PageHero } from '~/components/layout/page-hero';
import { seo } from '~/lib/seo';

export const meta = () => seo({ title: 'system-health', description: 'system-health', path: '/system-health' });

export default function Page() {
  return <PageHero title="system-health" />;
}
