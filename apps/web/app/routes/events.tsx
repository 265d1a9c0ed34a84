import { PageHero } from '~/components/layout/page-hero';
import { seo } from '~/lib/seo';

export const meta = () => seo({ title: 'events', description: 'events', path: '/events' });

export default function Page() {
  return <PageHero title="events" />;
}
