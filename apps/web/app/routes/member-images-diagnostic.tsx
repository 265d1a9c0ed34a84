import { PageHero } from '~/components/layout/page-hero';
import { seo } from '~/lib/seo';

export const meta = () => seo({ title: 'member-images-diagnostic', description: 'member-images-diagnostic', path: '/member-images-diagnostic' });

export default function Page() {
  return <PageHero title="member-images-diagnostic" />;
}
