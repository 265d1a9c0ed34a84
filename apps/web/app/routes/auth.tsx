import { PageHero } from '~/components/layout/page-hero';
import { seo } from '~/lib/seo';

export const meta = () => seo({ title: 'auth', description: 'auth', path: '/auth' });

export default function Page() {
  return <PageHero title="auth" />;
}
