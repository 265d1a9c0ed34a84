import { useParams } from 'react-router';
import { NotFoundContent } from '~/components/not-found-content';
import { RequireAuth } from '~/features/auth';
import { LeadersPageView } from '~/features/groups';
import { seo } from '~/lib/seo';
import type { Route } from './+types/group-leaders';

export const meta = ({ params }: Route.MetaArgs) =>
  seo({
    title: 'Gestion du groupe',
    description: 'Candidatures, objections, listes d’attente et membres du groupe, pour ses responsables.',
    path: `/groupes/${params.slug}/gestion`,
    noindex: true,
  });

/** /groupes/:slug/gestion: the leaders' page (the API refuses everyone but the group's leaders). */
export default function GroupLeadersRoute() {
  const { slug = '' } = useParams();
  return (
    <RequireAuth>
      <LeadersPageView key={slug} slug={slug} notFound={<NotFoundContent />} />
    </RequireAuth>
  );
}
