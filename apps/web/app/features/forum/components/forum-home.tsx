import { forumMessages as M } from '@synergie/shared/forum-constants';
import { MessageSquarePlus, ShieldCheck } from 'lucide-react';
import { Link } from 'react-router';
import { LoadError, Loading } from '~/components/query-state';
import { Badge } from '~/components/ui/badge';
import { Button } from '~/components/ui/button';
import { type ForumCategoriesResponse, type ForumCategory, useForumCategories } from '../api/forum';
import { forumDay } from '../lib/format';
import { ForumSearchForm } from './forum-common';

/** Who may write: subscribers ask; a visitor is invited to sign in, a member out of subscription to subscribe. */
export function PostingCall({ viewer, category }: { viewer: ForumCategoriesResponse['viewer']; category?: string }) {
  if (viewer.canPost) {
    return (
      <Button asChild>
        <Link to={category ? `/forum/nouveau?categorie=${encodeURIComponent(category)}` : '/forum/nouveau'}>
          <MessageSquarePlus aria-hidden="true" />
          {M.newTopic}
        </Link>
      </Button>
    );
  }
  if (!viewer.signedIn) {
    return (
      <p className="text-sm text-slate-700">
        <Link to="/auth" className="font-semibold text-brand-700 underline hover:text-brand-900">
          Connectez-vous
        </Link>{' '}
        pour poser une question ou répondre.
      </p>
    );
  }
  return (
    <p className="text-sm text-slate-700">
      {M.subscribeToPost}{' '}
      <Link to="/pricing" className="font-semibold text-brand-700 underline hover:text-brand-900">
        Voir les offres
      </Link>
    </p>
  );
}

function CategoryCard({ category }: { category: ForumCategory }) {
  return (
    <article className="flex h-full flex-col gap-2 rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
      <h3 className="text-lg font-semibold text-slate-900">
        <Link to={`/forum/${encodeURIComponent(category.slug)}`} className="hover:text-brand-800 hover:underline">
          {category.name}
        </Link>
      </h3>
      {category.group ? (
        <p>
          <Badge variant="accent">{M.groupOnly}</Badge>{' '}
          <span className="text-sm text-slate-700">{category.group.name}</span>
        </p>
      ) : null}
      {category.description ? <p className="text-sm text-slate-700">{category.description}</p> : null}
      <p className="mt-auto text-sm text-slate-600">
        {category.topicCount} sujet{category.topicCount > 1 ? 's' : ''}
        {category.lastActivityAt ? ` · dernière activité le ${forumDay(category.lastActivityAt)}` : ''}
      </p>
      {category.topicCount > 0 ? (
        <p className="text-sm">
          <Link
            to={`/forum/${encodeURIComponent(category.slug)}?sans-reponse=1`}
            className="font-medium text-brand-700 hover:underline"
            aria-label={`Questions sans réponse de ${category.name}`}
          >
            Questions sans réponse
          </Link>
        </p>
      ) : null}
    </article>
  );
}

/** /forum below its hero: the search box (works before scripts), who may write, the categories. */
export function ForumHome() {
  const query = useForumCategories();
  const categories = (query.data?.categories ?? []).filter((c) => !c.archived);
  const national = categories.filter((c) => !c.group);
  const groups = categories.filter((c) => c.group);
  const viewer = query.data?.viewer;
  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-10 px-4 py-12 sm:px-6 lg:px-8">
      <ForumSearchForm />
      {query.isPending ? (
        <Loading label="Chargement du forum..." />
      ) : query.isError ? (
        <LoadError error={query.error} message="Impossible de charger le forum." onRetry={() => query.refetch()} />
      ) : (
        <>
          <div className="flex flex-wrap items-center justify-between gap-4">
            {viewer ? <PostingCall viewer={viewer} /> : null}
            {viewer && (viewer.isAdmin || viewer.moderatesGroupIds.length > 0) ? (
              <Button asChild variant="outline">
                <Link to="/forum/moderation">
                  <ShieldCheck aria-hidden="true" />
                  {M.moderation}
                </Link>
              </Button>
            ) : null}
          </div>
          {groups.length > 0 ? (
            <section aria-labelledby="forum-groups-title">
              <h2 id="forum-groups-title" className="mb-4 text-2xl font-bold text-slate-900">
                Mon groupe
              </h2>
              <ul className="grid gap-4 sm:grid-cols-2">
                {groups.map((c) => (
                  <li key={c.id}>
                    <CategoryCard category={c} />
                  </li>
                ))}
              </ul>
            </section>
          ) : null}
          <section aria-labelledby="forum-categories-title">
            <h2 id="forum-categories-title" className="mb-4 text-2xl font-bold text-slate-900">
              Catégories
            </h2>
            {national.length === 0 ? (
              <p className="text-slate-700">Aucune catégorie pour le moment.</p>
            ) : (
              <ul className="grid gap-4 sm:grid-cols-2">
                {national.map((c) => (
                  <li key={c.id}>
                    <CategoryCard category={c} />
                  </li>
                ))}
              </ul>
            )}
          </section>
        </>
      )}
    </div>
  );
}
