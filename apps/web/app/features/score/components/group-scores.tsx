import { formatCalendarDate } from '@synergie/shared/format';
import { scoreMessages } from '@synergie/shared/score-constants';
import { Link } from 'react-router';
import { Loading } from '~/components/query-state';
import { apiErrorMessage } from '~/lib/api-client';
import { type GroupScoresResponse, useGroupScores } from '../api/score';
import { ScoreBadge } from './score-badge';
import { ScoreBreakdownTable } from './score-page-view';

/** The leaders' `Scores` section: the group's members, best first, each with their breakdown. */
export function GroupScores({ groupId }: { groupId: string }) {
  const scores = useGroupScores(groupId);
  return (
    <section aria-labelledby="leaders-scores-title">
      <h2 id="leaders-scores-title" className="mb-2 text-2xl font-bold text-slate-900">
        Scores
      </h2>
      <p className="mb-4 text-sm text-slate-600">
        Le score de réputation de chaque membre, du plus haut au plus bas.{' '}
        <Link to="/score" className="font-medium text-brand-700 underline-offset-4 hover:underline">
          Comment il est calculé
        </Link>
      </p>
      {scores.isPending ? (
        <Loading variant="text" label="Chargement des scores…" />
      ) : scores.isError ? (
        <p role="alert" className="text-red-700">
          {apiErrorMessage(scores.error, 'Impossible de charger les scores du groupe.')}
        </p>
      ) : (
        <GroupScoresList members={scores.data.members} />
      )}
    </section>
  );
}

export function GroupScoresList({ members }: { members: GroupScoresResponse['members'] }) {
  if (members.length === 0) return <p className="text-slate-600">Aucun membre dans le groupe.</p>;
  return (
    <ol className="divide-y divide-slate-100 rounded-xl border border-slate-200 bg-white">
      {members.map((member) => (
        <li key={member.userId} className="px-4 py-3">
          <div className="flex flex-wrap items-center justify-between gap-3">
            <div>
              <p className="font-semibold text-slate-900">
                <Link to={`/membres/${encodeURIComponent(member.userId)}`} className="hover:underline">
                  {member.name}
                </Link>
              </p>
              {member.trade ? <p className="text-sm text-slate-600">{member.trade}</p> : null}
            </div>
            {member.score ? (
              <ScoreBadge
                score={member.score.score}
                colour={member.score.colour}
                computedOn={member.score.computedOn}
              />
            ) : (
              <span className="text-sm text-slate-600">Pas encore calculé</span>
            )}
          </div>
          {member.score ? (
            <details className="mt-2">
              <summary className="cursor-pointer text-sm font-medium text-brand-700">
                {scoreMessages.why}
                <span className="sr-only">{` (${member.name})`}</span>
              </summary>
              <p className="mt-2 text-xs text-slate-600">
                {scoreMessages.computedOn(formatCalendarDate(member.score.computedOn))}
              </p>
              <div className="mt-2 overflow-x-auto rounded-lg border border-slate-200">
                <ScoreBreakdownTable
                  breakdown={member.score.breakdown}
                  caption={`Le détail du score de ${member.name}`}
                />
              </div>
            </details>
          ) : null}
        </li>
      ))}
    </ol>
  );
}
