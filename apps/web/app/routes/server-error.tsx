import { PageHero } from '~/components/layout/page-hero';
import { seo } from '~/lib/seo';

export const meta = () => seo({ title: 'server-error', description: 'server-error', path: '/server-error' });

export default function Page() {
  return <PageHero title="server-error" />;
}
