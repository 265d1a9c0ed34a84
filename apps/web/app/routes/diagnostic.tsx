import { PageHero } from '~/components/layout/page-hero';
import { seo } from '~/lib/seo';

export const meta = () => seo({ title: 'diagnostic', description: 'diagnostic', path: '/diagnostic' });

export default function Page() {
  return <PageHero title="diagnostic" />;
}
