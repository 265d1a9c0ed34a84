import { PageHero } from '~/components/layout/page-hero';
import { seo } from '~/lib/seo';

export const meta = () => seo({ title: 'forum', description: 'forum', path: '/forum' });

export default function Page() {
  return <PageHero title="forum" />;
}
