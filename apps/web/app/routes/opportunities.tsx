import { PageHero } from '~/components/layout/page-hero';
import { seo } from '~/lib/seo';

export const meta = () => seo({ title: 'opportunities', description: 'opportunities', path: '/opportunities' });

export default function Page() {
  return <PageHero title="opportunities" />;
}
