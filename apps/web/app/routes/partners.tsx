import { PageHero } from '~/components/layout/page-hero';
import { seo } from '~/lib/seo';

export const meta = () => seo({ title: 'partners', description: 'partners', path: '/partners' });

export default function Page() {
  return <PageHero title="partners" />;
}
