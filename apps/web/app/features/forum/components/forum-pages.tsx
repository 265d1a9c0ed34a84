import { forumMessages as M } from '@synergie/shared/forum-constants';
import type * as React from 'react';
import { lazy, Suspense } from 'react';
import { PageHero } from '~/components/layout/page-hero';
import { Loading } from '~/components/query-state';
import { RequireAuth } from '~/features/auth';

// The forum's pages behind /forum/:slug, /forum/sujets/:topicId and /admin/forum. Each view is
// loaded when its page opens: the route table stays small (its manifest is part of every
// page's first load, the home page's included) and each page loads only its own code.
const CategoryView = lazy(() => import('./category-view').then((m) => ({ default: m.CategoryView })));
const TopicView = lazy(() => import('./topic-view').then((m) => ({ default: m.TopicView })));
const NewTopicView = lazy(() => import('./new-topic-view').then((m) => ({ default: m.NewTopicView })));
const SearchView = lazy(() => import('./search-view').then((m) => ({ default: m.SearchView })));
const ModerationView = lazy(() => import('./moderation-view').then((m) => ({ default: m.ModerationView })));
const ForumCategoriesAdmin = lazy(() =>
  import('./admin-categories').then((m) => ({ default: m.ForumCategoriesAdmin })),
);

function Waiting() {
  return (
    <Loading className="mx-auto max-w-5xl px-4 py-12">
      <div className="h-24 animate-pulse rounded-xl bg-slate-200" aria-hidden="true" />
    </Loading>
  );
}

/** The words of the pages under /forum/:slug that are not categories. */
export const FORUM_SUBPAGES = {
  nouveau: { title: M.newTopic, description: 'Posez une question aux membres du réseau sur le forum d’entraide.' },
  recherche: {
    title: 'Rechercher dans le forum',
    description: 'Les sujets du forum d’entraide Synergie Pro qui répondent à votre recherche.',
  },
  moderation: { title: M.moderation, description: 'Les signalements du forum à traiter.' },
} as const;

/**
 * /forum/:slug: `nouveau` (a new question, signed-in members), `recherche` (the search),
 * `moderation` (the reports queue, leaders and admins), or a category's topics.
 */
export function ForumSlugPage({ slug, notFound }: { slug: string; notFound: React.ReactNode }) {
  if (slug === 'nouveau') {
    return (
      <RequireAuth>
        <PageHero title={M.newTopic}>
          <p>Les membres du réseau vous répondent&#8239;; choisissez la réponse qui vous aide.</p>
        </PageHero>
        <div className="mx-auto max-w-3xl px-4 py-10 sm:px-6">
          <Suspense fallback={<Waiting />}>
            <NewTopicView />
          </Suspense>
        </div>
      </RequireAuth>
    );
  }
  if (slug === 'recherche') {
    return (
      <>
        <PageHero title="Rechercher dans le forum" />
        <Suspense fallback={<Waiting />}>
          <SearchView />
        </Suspense>
      </>
    );
  }
  if (slug === 'moderation') {
    return (
      <RequireAuth>
        <PageHero title={M.moderation}>
          <p>Masquez ou rétablissez les messages signalés, avec une raison gardée dans leur historique.</p>
        </PageHero>
        <Suspense fallback={<Waiting />}>
          <ModerationView />
        </Suspense>
      </RequireAuth>
    );
  }
  return (
    <Suspense fallback={<Waiting />}>
      <CategoryView key={slug} slug={slug} notFound={notFound} />
    </Suspense>
  );
}

/** /forum/sujets/:topicId. */
export function ForumTopicPage({ topicId, notFound }: { topicId: string; notFound: React.ReactNode }) {
  return (
    <Suspense fallback={<Waiting />}>
      <TopicView key={topicId} topicId={topicId} notFound={notFound} />
    </Suspense>
  );
}

/** /admin/forum (inside RequireAdmin). */
export function ForumAdminPage() {
  return (
    <Suspense fallback={<Waiting />}>
      <ForumCategoriesAdmin />
    </Suspense>
  );
}
