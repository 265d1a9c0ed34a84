import { PageHero } from '~/components/layout/page-hero';
import { seo } from '~/lib/seo';

export const meta = () => seo({ title: 'portfolio', description: 'portfolio', path: '/portfolio' });

export default function Page() {
  return <PageHero title="portfolio" />;
}
