import { PageHero } from '~/components/layout/page-hero';
import { seo } from '~/lib/seo';

export const meta = () => seo({ title: 'a-propos', description: 'a-propos', path: '/a-propos' });

export default function Page() {
  return <PageHero title="a-propos" />;
}
