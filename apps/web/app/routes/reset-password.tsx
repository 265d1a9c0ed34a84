import { PageHero } from '~/components/layout/page-hero';
import { seo } from '~/lib/seo';

export const meta = () => seo({ title: 'reset-password', description: 'reset-password', path: '/reset-password' });

export default function Page() {
  return <PageHero title="reset-password" />;
}
