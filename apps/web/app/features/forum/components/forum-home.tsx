import { formatCount } from '@synergie/shared/format';
import { forumMessages as M } from '@synergie/shared/forum-constants';
import { MessageSquarePlus, ShieldCheck } from 'lucide-react';
import { Link } from 'react-router';
import { LoadError, Loading } from '~/components/query-state';
import { Badge } from '~/components/ui/badge';
import { Button } from '~/components/ui/button';
import {
  type ForumCategoriesResponse,
  type ForumCategory,
  type ForumLandingResponse,
  useForumCategories,
  useForumLanding,
} from '../api/forum';
import { forumDay } from '../lib/format';
import { ForumSearchForm } from './forum-common';
import { TopicRow } from './topic-row';

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

const topicCount = (count: number) => formatCount(count, { one: 'sujet', other: 'sujets' });

/** A category in the landing's side list: its name to open it, its count and last activity. */
function CategoryLine({ category }: { category: ForumCategory }) {
  return (
    <div className="flex flex-col gap-0.5 py-2">
      <Link
        to={`/forum/${encodeURIComponent(category.slug)}`}
        className="font-semibold text-slate-900 underline-offset-2 hover:text-brand-800 hover:underline"
      >
        {category.name}
      </Link>
      {category.group ? (
        <p>
          <Badge variant="accent">{M.groupOnly}</Badge>
        </p>
      ) : null}
      <p className="text-sm text-slate-600">
        {category.topicCount === 0 ? 'Aucun sujet' : topicCount(category.topicCount)}
        {category.lastActivityAt ? ` · dernière activité le ${forumDay(category.lastActivityAt)}` : ''}
      </p>
    </div>
  );
}

function CategoryList({ id, title, categories }: { id: string; title: string; categories: ForumCategory[] }) {
  return (
    <section aria-labelledby={id}>
      <h2 id={id} className="mb-2 text-xl font-bold text-slate-900">
        {title}
      </h2>
      {categories.length === 0 ? (
        <p className="text-slate-700">Aucune catégorie pour le moment.</p>
      ) : (
        <ul className="divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white px-4">
          {categories.map((c) => (
            <li key={c.id}>
              <CategoryLine category={c} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** The landing's two lists: the latest discussions, the questions nobody has answered yet. */
function Discussions({ landing }: { landing: ForumLandingResponse }) {
  return (
    <>
      <section aria-labelledby="forum-latest-title" className="flex flex-col gap-4">
        <h2 id="forum-latest-title" className="text-2xl font-bold text-slate-900">
          Dernières discussions
        </h2>
        {landing.latest.length === 0 ? (
          <p className="text-slate-700">{'Aucune discussion pour le moment\u00a0: posez la première question.'}</p>
        ) : (
          <ul className="flex flex-col gap-4">
            {landing.latest.map((topic) => (
              <li key={topic.id}>
                <TopicRow topic={topic} category={topic.categoryName} />
              </li>
            ))}
          </ul>
        )}
      </section>
      <section aria-labelledby="forum-unanswered-title" className="flex flex-col gap-4">
        <h2 id="forum-unanswered-title" className="text-2xl font-bold text-slate-900">
          Personne n’a encore répondu
        </h2>
        {landing.unanswered.length === 0 ? (
          <p className="text-slate-700">Chaque question a reçu au moins une réponse.</p>
        ) : (
          <ul className="flex flex-col gap-4">
            {landing.unanswered.map((topic) => (
              <li key={topic.id}>
                <TopicRow topic={topic} category={topic.categoryName} />
              </li>
            ))}
          </ul>
        )}
      </section>
    </>
  );
}

/**
 * /forum below its hero (issue 31): the search box (works before scripts), who may write, then the
 * latest discussions and those nobody answered yet; the categories beside them (below on a phone).
 */
export function ForumHome() {
  const query = useForumCategories();
  const landing = useForumLanding();
  const categories = (query.data?.categories ?? []).filter((c) => !c.archived);
  const national = categories.filter((c) => !c.group);
  const groups = categories.filter((c) => c.group);
  const viewer = query.data?.viewer;
  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-8 px-4 py-12 sm:px-6 lg:px-8">
      <ForumSearchForm />
      {query.isPending ? (
        <Loading label="Chargement du forum…" />
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
          <div className="grid gap-10 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
            <div className="flex min-w-0 flex-col gap-10">
              {landing.isPending ? (
                <Loading label="Chargement des discussions…" />
              ) : landing.isError ? (
                <LoadError
                  error={landing.error}
                  message="Impossible de charger les discussions."
                  onRetry={() => landing.refetch()}
                />
              ) : (
                <Discussions landing={landing.data} />
              )}
            </div>
            <div className="flex min-w-0 flex-col gap-8">
              {groups.length > 0 ? (
                <CategoryList id="forum-groups-title" title="Mon groupe" categories={groups} />
              ) : null}
              <CategoryList id="forum-categories-title" title="Catégories" categories={national} />
            </div>
          </div>
        </>
      )}
    </div>
  );
}
