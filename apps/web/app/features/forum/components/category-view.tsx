import { FORUM_TOPICS_PAGE_SIZE, forumMessages as M } from '@synergie/shared/forum-constants';
import { ArrowLeft } from 'lucide-react';
import type * as React from 'react';
import { Link, useSearchParams } from 'react-router';
import { Pagination, pageCount } from '~/components/pagination';
import { LoadError, Loading, NotFound } from '~/components/query-state';
import { Badge } from '~/components/ui/badge';
import { Button } from '~/components/ui/button';
import { ApiRequestError, isNotFoundError } from '~/lib/api-client';
import { cn } from '~/lib/utils';
import { useForumCategories, useForumTopics } from '../api/forum';
import { pageParam } from '../lib/format';
import { PostingCall } from './forum-home';
import { TopicRow } from './topic-row';

const tabClass = (active: boolean) =>
  cn(
    'rounded-md border px-3 py-1.5 text-sm font-medium',
    active ? 'border-brand-700 bg-brand-50 text-brand-900' : 'border-slate-300 text-slate-700 hover:bg-slate-50',
  );

/** /forum/:slug: the category's topics, newest activity first, paged, with `Sans réponse`. */
export function CategoryView({ slug, notFound }: { slug: string; notFound: React.ReactNode }) {
  const [params] = useSearchParams();
  const page = pageParam(params.get('page'));
  const unanswered = params.get('sans-reponse') === '1';
  const query = useForumTopics(slug, page, unanswered);
  const categories = useForumCategories();
  const base = `/forum/${encodeURIComponent(slug)}`;
  const href = (p: number, u = unanswered) => {
    const search = new URLSearchParams();
    if (u) search.set('sans-reponse', '1');
    if (p > 1) search.set('page', String(p));
    const text = search.toString();
    return text ? `${base}?${text}` : base;
  };

  if (query.isError && isNotFoundError(query.error)) return <NotFound>{notFound}</NotFound>;
  const data = query.data;
  return (
    <>
      <section className="bg-gradient-to-br from-brand-900 via-brand-800 to-brand-700 text-white">
        <div className="mx-auto max-w-5xl px-4 py-12 sm:px-6">
          <p className="mb-2 text-sm font-semibold uppercase tracking-wide text-brand-100">{M.title}</p>
          <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">{data?.category.name ?? 'Catégorie'}</h1>
          {data?.category.description ? <p className="mt-3 text-brand-50">{data.category.description}</p> : null}
          {data?.category.group ? (
            <p className="mt-3">
              <Badge variant="accent">{M.groupOnly}</Badge>
            </p>
          ) : null}
          <Button asChild variant="onDark" size="sm" className="mt-4">
            <Link to="/forum">
              <ArrowLeft aria-hidden="true" />
              Toutes les catégories
            </Link>
          </Button>
        </div>
      </section>
      <div className="mx-auto flex max-w-5xl flex-col gap-6 px-4 py-10 sm:px-6">
        {query.isPending ? (
          <Loading label="Chargement des sujets…" />
        ) : query.isError ? (
          query.error instanceof ApiRequestError && query.error.status === 403 ? (
            <p role="alert" className="rounded-md border border-amber-300 bg-amber-50 px-4 py-3 text-amber-900">
              {query.error.message}
            </p>
          ) : (
            <LoadError
              error={query.error}
              message="Impossible de charger les sujets."
              onRetry={() => query.refetch()}
            />
          )
        ) : (
          <>
            <div className="flex flex-wrap items-center justify-between gap-4">
              <nav aria-label="Filtrer les sujets" className="flex gap-2">
                <Link
                  to={href(1, false)}
                  aria-current={unanswered ? undefined : 'page'}
                  className={tabClass(!unanswered)}
                >
                  Tous les sujets
                </Link>
                <Link
                  to={href(1, true)}
                  aria-current={unanswered ? 'page' : undefined}
                  className={tabClass(unanswered)}
                >
                  Sans réponse
                </Link>
              </nav>
              {categories.data && !data?.category.archived ? (
                <PostingCall viewer={categories.data.viewer} category={slug} />
              ) : null}
            </div>
            <section aria-labelledby="forum-topics-title" className="flex flex-col gap-4">
              <h2 id="forum-topics-title" className="text-2xl font-bold text-slate-900">
                {unanswered ? 'Questions sans réponse acceptée' : 'Sujets'}
                <span className="ml-2 text-base font-normal text-slate-600">({data?.total ?? 0})</span>
              </h2>
              {data && data.topics.length === 0 ? (
                <p className="text-slate-700">Aucun sujet pour le moment.</p>
              ) : (
                <ul className="flex flex-col gap-4">
                  {data?.topics.map((t) => (
                    <li key={t.id}>
                      <TopicRow topic={t} />
                    </li>
                  ))}
                </ul>
              )}
              <Pagination
                page={page}
                pages={pageCount(data?.total ?? 0, FORUM_TOPICS_PAGE_SIZE)}
                href={(p) => href(p)}
              />
            </section>
          </>
        )}
      </div>
    </>
  );
}
