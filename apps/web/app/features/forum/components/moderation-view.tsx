import { FORUM_REPORT_STATUSES, type ForumReportStatus, forumMessages as M } from '@synergie/shared/forum-constants';
import { Link, useSearchParams } from 'react-router';
import { Pagination, pageCount } from '~/components/pagination';
import { LoadError, Loading } from '~/components/query-state';
import { ApiRequestError } from '~/lib/api-client';
import { cn } from '~/lib/utils';
import { type ForumReportsResponse, useForumReports } from '../api/forum';
import { forumDateTime, pageParam } from '../lib/format';
import { ModerateDialog } from './moderation-dialogs';

const STATUS_LABELS: Record<ForumReportStatus, string> = {
  open: 'À traiter',
  hidden: 'Masqués',
  dismissed: 'Classés',
};

const PAGE_SIZE = 20;

function ReportCard({ report }: { report: ForumReportsResponse['reports'][number] }) {
  const who = report.author.id ? report.author.name : M.formerMember;
  const what = report.postId ? `la réponse de ${who}` : `la question de ${who}`;
  const target = report.postId
    ? ({ kind: 'post', id: report.postId } as const)
    : ({ kind: 'topic', id: report.topicId } as const);
  return (
    <article
      aria-label={`Signalement de ${what}`}
      className="flex flex-col gap-2 rounded-xl border border-slate-200 bg-white p-5 shadow-sm"
    >
      <h3 className="text-lg font-semibold text-slate-900">
        <Link to={`/forum/sujets/${encodeURIComponent(report.topicId)}`} className="hover:underline">
          {report.topicTitle}
        </Link>
      </h3>
      <p className="text-sm text-slate-600">
        {report.postId ? 'Réponse' : 'Question'} de {who} · signalé par{' '}
        {report.reporter.id ? report.reporter.name : M.formerMember} le {forumDateTime(report.createdAt)}
        {report.reportCount > 1 ? ` · ${report.reportCount} signalements` : ''}
      </p>
      <blockquote className="border-l-4 border-slate-200 pl-3 text-sm whitespace-pre-wrap break-words text-slate-800">
        {report.excerpt}
      </blockquote>
      {report.reason ? <p className="text-sm text-slate-800">Raison du signalement&nbsp;: {report.reason}</p> : null}
      {report.hidden ? (
        <p className="text-sm text-amber-900">
          Masqué le {forumDateTime(report.hidden.at)}&nbsp;: {report.hidden.reason}
        </p>
      ) : null}
      <div>
        <ModerateDialog target={target} action={report.hidden ? 'restore' : 'hide'} what={what} />
      </div>
    </article>
  );
}

/** /forum/moderation: the reports of the categories the caller moderates (leaders: their group's; admins: all). */
export function ModerationView() {
  const [params] = useSearchParams();
  const raw = params.get('statut');
  const status: ForumReportStatus = FORUM_REPORT_STATUSES.includes(raw as ForumReportStatus)
    ? (raw as ForumReportStatus)
    : 'open';
  const page = pageParam(params.get('page'));
  const query = useForumReports(status, page);
  const href = (s: ForumReportStatus, p = 1) =>
    `/forum/moderation${s === 'open' && p === 1 ? '' : `?statut=${s}${p > 1 ? `&page=${p}` : ''}`}`;
  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-6 px-4 py-10 sm:px-6">
      <nav aria-label="Statut des signalements" className="flex flex-wrap gap-2">
        {FORUM_REPORT_STATUSES.map((s) => (
          <Link
            key={s}
            to={href(s)}
            aria-current={s === status ? 'page' : undefined}
            className={cn(
              'rounded-md border px-3 py-1.5 text-sm font-medium',
              s === status
                ? 'border-brand-700 bg-brand-50 text-brand-900'
                : 'border-slate-300 text-slate-700 hover:bg-slate-50',
            )}
          >
            {STATUS_LABELS[s]}
          </Link>
        ))}
      </nav>
      {query.isPending ? (
        <Loading label="Chargement des signalements…" />
      ) : query.isError ? (
        query.error instanceof ApiRequestError && query.error.status === 403 ? (
          <p role="alert" className="rounded-md border border-amber-300 bg-amber-50 px-4 py-3 text-amber-900">
            La modération du forum est réservée aux responsables de groupe et aux administrateurs.
          </p>
        ) : (
          <LoadError
            error={query.error}
            message="Impossible de charger les signalements."
            onRetry={() => query.refetch()}
          />
        )
      ) : (
        <section aria-labelledby="forum-reports-title" className="flex flex-col gap-4">
          <h2 id="forum-reports-title" className="text-2xl font-bold text-slate-900">
            Signalements {STATUS_LABELS[status].toLowerCase()}{' '}
            <span className="text-base font-normal text-slate-600">({query.data.total})</span>
          </h2>
          {query.data.reports.length === 0 ? (
            <p className="text-slate-700">Aucun signalement.</p>
          ) : (
            <ul className="flex flex-col gap-4">
              {query.data.reports.map((r) => (
                <li key={r.id}>
                  <ReportCard report={r} />
                </li>
              ))}
            </ul>
          )}
          <Pagination page={page} pages={pageCount(query.data.total, PAGE_SIZE)} href={(p) => href(status, p)} />
        </section>
      )}
    </div>
  );
}
