import { useParams } from 'react-router';
import { NotFoundContent } from '~/components/not-found-content';
import { RequireAuth } from '~/features/auth';
import { RosterImportView } from '~/features/groups';
import { seo } from '~/lib/seo';
import type { Route } from './+types/group-roster-import';

export const meta = ({ params }: Route.MetaArgs) =>
  seo({
    title: 'Importer la liste des membres',
    description: 'Importer la liste des membres d’un groupe depuis un fichier CSV ou XLSX, pour ses responsables.',
    path: `/groupes/${params.slug}/import`,
    noindex: true,
  });

/** /groupes/:slug/import: a roster imported by the group's leaders (the API refuses everyone else). */
export default function GroupRosterImportRoute() {
  const { slug = '' } = useParams();
  return (
    <RequireAuth>
      <RosterImportView key={slug} slug={slug} notFound={<NotFoundContent />} />
    </RequireAuth>
  );
}
