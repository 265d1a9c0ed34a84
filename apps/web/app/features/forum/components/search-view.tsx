import { FORUM_LIMITS, FORUM_SEARCH_PAGE_SIZE, forumMessages as M } from '@synergie/shared/forum-constants';
import { useSearchParams } from 'react-router';
import { Pagination, pageCount } from '~/components/pagination';
import { LoadError, Loading } from '~/components/query-state';
import { useForumSearch } from '../api/forum';
import { pageParam } from '../lib/format';
import { ForumSearchForm } from './forum-common';
import { TopicRow } from './topic-row';

/** /forum/recherche?q=: the topics whose words match, with where they were found. */
export function SearchView() {
  const [params] = useSearchParams();
  const q = (params.get('q') ?? '').trim();
  const page = pageParam(params.get('page'));
  const valid = q.length >= FORUM_LIMITS.searchMin && q.length <= FORUM_LIMITS.searchMax;
  const query = useForumSearch(q, page, valid);
  const href = (p: number) => `/forum/recherche?q=${encodeURIComponent(q)}${p > 1 ? `&page=${p}` : ''}`;
  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-8 px-4 py-12 sm:px-6 lg:px-8">
      <ForumSearchForm key={q} defaultValue={q} />
      {!q ? null : !valid ? (
        <p role="alert" className="text-slate-700">
          {M.searchTooShort}
        </p>
      ) : query.isPending ? (
        <Loading label="Recherche en cours…" />
      ) : query.isError ? (
        <LoadError error={query.error} message="La recherche a échoué." onRetry={() => query.refetch()} />
      ) : (
        <section aria-labelledby="forum-results-title" className="flex flex-col gap-4">
          <h2 id="forum-results-title" className="text-2xl font-bold text-slate-900">
            {query.data.total} résultat{query.data.total > 1 ? 's' : ''} pour «&nbsp;{q}&nbsp;»
          </h2>
          {query.data.results.length === 0 ? (
            <p className="text-slate-700">{M.noResults}</p>
          ) : (
            <ul className="flex flex-col gap-4">
              {query.data.results.map((r) => (
                <li key={r.id}>
                  <TopicRow topic={r} extra={<p className="text-sm text-slate-700">… {r.excerpt} …</p>} />
                </li>
              ))}
            </ul>
          )}
          <Pagination page={page} pages={pageCount(query.data.total, FORUM_SEARCH_PAGE_SIZE)} href={href} />
        </section>
      )}
    </div>
  );
}
