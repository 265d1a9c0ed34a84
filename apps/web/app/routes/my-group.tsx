import { PageHero } from '~/components/layout/page-hero';
import { RequireAuth } from '~/features/auth';
import { MyGroupView } from '~/features/groups';
import { seo } from '~/lib/seo';

export const meta = () =>
  seo({
    title: 'Mon groupe',
    description: 'Votre groupe, ses candidatures, vos candidatures et vos listes d’attente.',
    path: '/mon-groupe',
    noindex: true,
  });

/** /mon-groupe: the member's home group, applications and waiting-list places. */
export default function MyGroupPage() {
  return (
    <RequireAuth>
      <PageHero title="Mon groupe">
        <p>Votre groupe d’attache, les candidatures à examiner, vos candidatures et vos listes d’attente.</p>
      </PageHero>
      <MyGroupView />
    </RequireAuth>
  );
}
