import { PageHero } from '~/components/layout/page-hero';
import { seo } from '~/lib/seo';

export const meta = () => seo({ title: 'careers', description: 'careers', path: '/careers' });

export default function Page() {
  return <PageHero title="careers" />;
}
