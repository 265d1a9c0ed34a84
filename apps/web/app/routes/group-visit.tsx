import { useParams, useSearchParams } from 'react-router';
import { NotFoundContent } from '~/components/not-found-content';
import { VisitView } from '~/features/guests';
import { seo } from '~/lib/seo';
import type { Route } from './+types/group-visit';

export const meta = ({ params }: Route.MetaArgs) =>
  seo({
    title: 'Visiter le groupe',
    description: 'Inscrivez-vous à la prochaine réunion du groupe, sans créer de compte.',
    path: `/groupes/${params.slug}/visiter`,
  });

/**
 * /groupes/:slug/visiter: a visitor registers themselves (issue 30), without an account. Its GET
 * is answered by the server with the group, its next meeting and the form written in (works
 * without scripts, apps/server/src/routes/visit-page.ts); here the same page with scripts.
 */
export default function GroupVisitRoute() {
  const { slug = '' } = useParams();
  const [params] = useSearchParams();
  return (
    <section className="mx-auto flex w-full max-w-xl flex-col gap-6 px-4 py-10">
      <VisitView key={slug} slug={slug} invite={params.get('invite') ?? ''} notFound={<NotFoundContent />} />
    </section>
  );
}
