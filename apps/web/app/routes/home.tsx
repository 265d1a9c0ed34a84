import { PageHero } from '~/components/layout/page-hero';
import { seo } from '~/lib/seo';

export const meta = () => seo({ title: 'home', description: 'home', path: '/home' });

export default function Page() {
  return <PageHero title="home" />;
}
