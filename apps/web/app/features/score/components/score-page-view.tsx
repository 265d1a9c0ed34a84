import { formatCalendarDate, formatCount, formatNumber } from '@synergie/shared/format';
import type { ScoreLine } from '@synergie/shared/score';
import {
  SCORE_COLOUR_LABELS,
  SCORE_PERIOD_MONTHS,
  SCORE_SOURCES,
  SCORE_THRESHOLDS,
  type ScoreColour,
  type ScoreSourceKey,
  scoreMessages,
} from '@synergie/shared/score-constants';
import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import { PageHero } from '~/components/layout/page-hero';
import { Loading } from '~/components/query-state';
import { useSession } from '~/features/auth';
import { useHydrated } from '~/lib/use-hydrated';
import { type MemberScore, useMyScore } from '../api/score';
import { ScoreBadge } from './score-badge';

// The ring and its bars load with a member's score only: the public page's first view (the
// rules, prerendered) does not carry them (docs/decisions/0019-charts.md).
const ScoreChart = lazy(() => import('./score-chart').then((m) => ({ default: m.ScoreChart })));

const swatch: Record<ScoreColour, string> = {
  green: 'bg-green-600',
  orange: 'bg-orange-500',
  red: 'bg-red-600',
  grey: 'bg-slate-500',
};

/** What each source counts, as the breakdown says it. */
const foundForms: Record<Exclude<ScoreSourceKey, 'attendance'>, { one: string; other: string }> = {
  recommendations: { one: 'recommandation donnée', other: 'recommandations données' },
  guests: { one: 'visiteur venu', other: 'visiteurs venus' },
  oneToOnes: { one: 'tête-à-tête confirmé', other: 'tête-à-tête confirmés' },
  business: { one: 'affaire confirmée', other: 'affaires confirmées' },
  testimonials: { one: 'témoignage publié', other: 'témoignages publiés' },
};

export function foundText(line: ScoreLine): string {
  if (line.key === 'attendance') {
    const detail = line.detail ?? { attended: 0, counted: 0 };
    return detail.counted === 0
      ? 'Aucune réunion comptée'
      : `${formatCount(detail.attended, { one: 'réunion', other: 'réunions' })} sur ${detail.counted}`;
  }
  return formatCount(line.found, foundForms[line.key]);
}

/**
 * How a line's points come out of what was counted, so that every number is explained:
 * `7/9 × 25 = 19,4 → 19`, `14/26 × 20 = 10,8 → 11`, `30/26 : les 20 points`.
 */
export function pointsText(line: ScoreLine): string {
  const source = SCORE_SOURCES.find((s) => s.key === line.key);
  if (!source) return `${line.points}`;
  const [numerator, denominator] =
    line.key === 'attendance' ? [line.detail?.attended ?? 0, line.detail?.counted ?? 0] : [line.found, source.target];
  if (denominator === 0 || numerator === 0) return `0 sur ${source.points}`;
  if (numerator >= denominator) return `${numerator}/${denominator}\u00a0: les ${source.points} points`;
  const exact = (source.points * numerator) / denominator;
  return `${numerator}/${denominator} × ${source.points} = ${formatNumber(exact, { maxFractionDigits: 1 })} → ${line.points}`;
}

const sectionTitle = 'mb-4 text-2xl font-bold text-slate-900';

/** /score: how the reputation score is computed (from the constants, nothing hidden), and mine. */
export function ScorePageView() {
  return (
    <>
      <PageHero eyebrow="Transparence" title={scoreMessages.title}>
        <p>
          Chaque membre a un score sur 100, calculé sur les {SCORE_PERIOD_MONTHS} derniers mois à partir de ce qu’il
          apporte au réseau. Les règles sont toutes ici, rien n’est caché.
        </p>
      </PageHero>
      <div className="mx-auto flex max-w-5xl flex-col gap-14 px-4 py-12 sm:px-6 lg:px-8">
        <MyScoreSection />
        <ScoreRules />
      </div>
    </>
  );
}

/** The rules: every source with its points and what earns them, and the colours. */
export function ScoreRules() {
  return (
    <>
      <section aria-labelledby="score-how-title">
        <h2 id="score-how-title" className={sectionTitle}>
          Comment il est calculé
        </h2>
        <ul className="mb-6 list-disc space-y-1 pl-6 text-slate-700">
          <li>Sur les {SCORE_PERIOD_MONTHS} derniers mois, jusqu’au jour du calcul.</li>
          <li>Recalculé chaque jour, pour tous les membres en même temps.</li>
          <li>
            Chaque critère rapporte des points en proportion de ce qui a été fait, jusqu’à son maximum. Le total est sur
            100.
          </li>
          <li>Un score est toujours affiché avec la date de son calcul.</li>
        </ul>
        {/* A phone scrolls the table sideways: the keyboard reaches it too (axe scrollable-region-focusable). */}
        <section
          className="overflow-x-auto rounded-xl border border-slate-200 bg-white"
          // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard
          tabIndex={0}
          aria-label="Les critères du score et leurs points"
        >
          <table className="w-full text-left text-sm">
            <caption className="sr-only">Les critères du score et leurs points</caption>
            <thead className="bg-slate-50 text-slate-700">
              <tr>
                <th scope="col" className="px-4 py-3 font-semibold">
                  Critère
                </th>
                <th scope="col" className="px-4 py-3 font-semibold">
                  Points au plus
                </th>
                <th scope="col" className="px-4 py-3 font-semibold">
                  Ce qui les rapporte
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {SCORE_SOURCES.map((source) => (
                <tr key={source.key}>
                  <th scope="row" className="px-4 py-3 font-semibold text-slate-900">
                    {source.label}
                  </th>
                  <td className="px-4 py-3 text-slate-900">{source.points}</td>
                  <td className="px-4 py-3 text-slate-700">{source.rule}</td>
                </tr>
              ))}
            </tbody>
            <tfoot>
              <tr className="border-t border-slate-200">
                <th scope="row" className="px-4 py-3 font-semibold text-slate-900">
                  Total
                </th>
                <td className="px-4 py-3 font-semibold text-slate-900">
                  {SCORE_SOURCES.reduce((sum, source) => sum + source.points, 0)}
                </td>
                <td />
              </tr>
            </tfoot>
          </table>
        </section>
      </section>

      <section aria-labelledby="score-colours-title">
        <h2 id="score-colours-title" className={sectionTitle}>
          Les couleurs
        </h2>
        <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
          {SCORE_THRESHOLDS.map((threshold) => (
            <li
              key={threshold.colour}
              className="flex items-center gap-3 rounded-xl border border-slate-200 bg-white px-4 py-3"
            >
              <span aria-hidden="true" className={`size-4 shrink-0 rounded-full ${swatch[threshold.colour]}`} />
              <span>
                <span className="block font-semibold text-slate-900">{threshold.label}</span>
                <span className="text-sm text-slate-700">{threshold.range}</span>
              </span>
            </li>
          ))}
        </ul>
      </section>
    </>
  );
}

/** Mine, signed in: the badge, its day and `Pourquoi ce score ?`. Nothing for a visitor. */
function MyScoreSection() {
  const hydrated = useHydrated();
  const session = useSession();
  const signedIn = hydrated && Boolean(session.data?.user);
  const mine = useMyScore(signedIn);
  if (!signedIn) {
    return (
      <p className="text-slate-700">
        {'Membre du réseau\u202f?'}{' '}
        <Link to="/auth" className="font-medium text-brand-700 underline-offset-4 hover:underline">
          Connectez-vous
        </Link>{' '}
        pour voir votre score et le détail de son calcul.
      </p>
    );
  }
  return (
    <section aria-labelledby="score-mine-title">
      <h2 id="score-mine-title" className={sectionTitle}>
        Votre score
      </h2>
      {mine.isPending ? (
        <Loading variant="text" label="Chargement de votre score…" />
      ) : mine.isError ? (
        <p role="alert" className="text-red-700">
          Impossible de charger votre score. Réessayez dans un instant.
        </p>
      ) : mine.data.score ? (
        <MyScore score={mine.data.score} nextAction={mine.data.nextAction} />
      ) : (
        <p className="text-slate-700">{scoreMessages.noScore}</p>
      )}
    </section>
  );
}

/**
 * Mine (issue 29): the ring in its colour with one bar per criterion and `Pour gagner des points`,
 * its badge and day, then `Pourquoi ce score ?` as a table (what a screen reader reads line by line).
 */
export function MyScore({ score, nextAction }: { score: MemberScore; nextAction: ScoreSourceKey | null }) {
  return (
    <div className="flex flex-col gap-4 rounded-xl border border-slate-200 bg-white p-4 sm:p-6">
      <p className="flex flex-wrap items-center gap-3">
        <ScoreBadge score={score.score} colour={score.colour} computedOn={score.computedOn} />
      </p>
      <Suspense
        fallback={
          <p className="text-4xl font-bold text-slate-900">
            {score.score}
            <span className="text-lg font-semibold text-slate-600">/100</span>
          </p>
        }
      >
        <ScoreChart score={score} nextAction={nextAction} />
      </Suspense>
      <p className="text-sm text-slate-700">
        {scoreMessages.computedOn(formatCalendarDate(score.computedOn))}, sur la période du{' '}
        {formatCalendarDate(score.periodStart)} au {formatCalendarDate(score.periodEnd)}. {'Couleur\u00a0:'}{' '}
        {SCORE_COLOUR_LABELS[score.colour]}.
      </p>
      <details className="group rounded-lg border border-slate-200" open>
        <summary className="cursor-pointer px-4 py-3 font-semibold text-brand-800">{scoreMessages.why}</summary>
        <section
          className="overflow-x-auto border-t border-slate-200"
          // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard
          tabIndex={0}
          aria-label="Le détail de votre score, critère par critère"
        >
          <ScoreBreakdownTable breakdown={score.breakdown} caption="Le détail de votre score, critère par critère" />
        </section>
      </details>
    </div>
  );
}

const maxOf = (key: ScoreSourceKey) => SCORE_SOURCES.find((s) => s.key === key)?.points ?? 0;
const labelOf = (key: ScoreSourceKey) => SCORE_SOURCES.find((s) => s.key === key)?.label ?? key;

/** `Pourquoi ce score ?`: each line's label, what was counted, its note and its points out of the most. */
export function ScoreBreakdownTable({ breakdown, caption }: { breakdown: ScoreLine[]; caption: string }) {
  return (
    <table className="w-full text-left text-sm">
      <caption className="sr-only">{caption}</caption>
      <thead className="bg-slate-50 text-slate-700">
        <tr>
          <th scope="col" className="px-4 py-2 font-semibold">
            Critère
          </th>
          <th scope="col" className="px-4 py-2 font-semibold">
            Ce qui a été compté
          </th>
          <th scope="col" className="px-4 py-2 font-semibold">
            Calcul
          </th>
          <th scope="col" className="px-4 py-2 font-semibold">
            Points
          </th>
        </tr>
      </thead>
      <tbody className="divide-y divide-slate-100">
        {breakdown.map((line) => (
          <tr key={line.key}>
            <th scope="row" className="px-4 py-2 align-top font-semibold text-slate-900">
              {labelOf(line.key)}
            </th>
            <td className="px-4 py-2 align-top text-slate-700">
              {foundText(line)}
              {line.note ? <span className="mt-1 block text-slate-600">{line.note}</span> : null}
            </td>
            <td className="px-4 py-2 align-top text-slate-700">{pointsText(line)}</td>
            <td className="px-4 py-2 align-top text-slate-900">
              {line.points}/{maxOf(line.key)}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
