import type { ScoreLine } from '@synergie/shared/score';
import {
  scoreMessages as M,
  SCORE_COLOUR_LABELS,
  SCORE_SOURCES,
  SCORE_THRESHOLDS,
  type ScoreColour,
  type ScoreSourceKey,
} from '@synergie/shared/score-constants';
import { SCORE_ACTIONS, todayMessages } from '@synergie/shared/today-constants';
import { Link } from 'react-router';
import type { MemberScore } from '../api/score';

/**
 * The ring's colour, the score's band (SCORE_THRESHOLDS): a shade at least 3:1 against white
 * (WCAG 1.4.11); the band is also said in words beside it, never by the colour alone.
 */
export const RING_COLOURS: Record<ScoreColour, string> = {
  green: '#16a34a',
  orange: '#ea580c',
  red: '#dc2626',
  grey: '#64748b',
};

const SIZE = 160;
const STROKE = 16;
const RADIUS = (SIZE - STROKE) / 2;
const CIRCUMFERENCE = 2 * Math.PI * RADIUS;

/** Every criterion of the score in SCORE_SOURCES' order, with its points (0 when the line is missing). */
export function scoreBars(breakdown: readonly ScoreLine[]) {
  return SCORE_SOURCES.map((source) => ({
    key: source.key,
    label: source.label,
    points: breakdown.find((line) => line.key === source.key)?.points ?? 0,
    max: source.points,
  }));
}

/** The text the ring stands for: the score, its band, then each criterion's points out of its maximum. */
export function scoreSummary(score: MemberScore): string {
  const band = SCORE_THRESHOLDS.find((t) => t.colour === score.colour);
  const lines = scoreBars(score.breakdown).map((bar) => `${bar.label}\u00a0: ${bar.points} sur ${bar.max}`);
  return `${M.ringSummary(score.score, SCORE_COLOUR_LABELS[score.colour], band?.range ?? '')} ${lines.join('\u202f; ')}.`;
}

/**
 * /score, signed in (issue 29): the score as a ring in its colour, one bar per criterion (points
 * and maximum), and `Pour gagner des points` naming the criterion with its action
 * (bestScoreAction, chosen by the server; SCORE_ACTIONS). Plain SVG, loaded with this chunk
 * only: the public /score's first view does not carry it (docs/decisions/0019-charts.md).
 */
export function ScoreChart({ score, nextAction }: { score: MemberScore; nextAction: ScoreSourceKey | null }) {
  const bars = scoreBars(score.breakdown);
  const colour = RING_COLOURS[score.colour];
  const band = SCORE_THRESHOLDS.find((t) => t.colour === score.colour);
  const filled = (Math.max(0, Math.min(100, score.score)) / 100) * CIRCUMFERENCE;
  const next = nextAction ? bars.find((bar) => bar.key === nextAction) : undefined;
  const action = nextAction ? SCORE_ACTIONS[nextAction] : null;
  return (
    <div className="flex flex-col gap-6">
      <figure className="flex flex-col gap-6 sm:flex-row sm:items-start">
        <figcaption className="sr-only">{M.chartTitle}</figcaption>
        <div className="flex shrink-0 flex-col items-center gap-2">
          <svg viewBox={`0 0 ${SIZE} ${SIZE}`} role="img" aria-label={scoreSummary(score)} className="size-40">
            <circle cx={SIZE / 2} cy={SIZE / 2} r={RADIUS} fill="none" stroke="#e2e8f0" strokeWidth={STROKE} />
            <circle
              cx={SIZE / 2}
              cy={SIZE / 2}
              r={RADIUS}
              fill="none"
              stroke={colour}
              strokeWidth={STROKE}
              strokeLinecap={score.score > 0 && score.score < 100 ? 'round' : 'butt'}
              strokeDasharray={`${filled} ${CIRCUMFERENCE}`}
              transform={`rotate(-90 ${SIZE / 2} ${SIZE / 2})`}
            />
            <text
              x="50%"
              y="47%"
              textAnchor="middle"
              dominantBaseline="middle"
              fontSize={44}
              fontWeight={700}
              fill="#0f172a"
            >
              {score.score}
            </text>
            <text x="50%" y="68%" textAnchor="middle" dominantBaseline="middle" fontSize={16} fill="#475569">
              sur 100
            </text>
          </svg>
          <p className="flex items-center gap-2 text-sm font-semibold text-slate-800">
            <span aria-hidden="true" className="size-3 rounded-full" style={{ backgroundColor: colour }} />
            {SCORE_COLOUR_LABELS[score.colour]} · {band?.range}
          </p>
        </div>
        <ul className="flex min-w-0 flex-1 flex-col gap-3" aria-label={M.barsTitle}>
          {bars.map((bar) => (
            <li key={bar.key} className="flex flex-col gap-1">
              <div className="flex flex-wrap items-baseline justify-between gap-x-3 text-sm">
                <span className="font-medium text-slate-900">{bar.label}</span>
                <span className="text-slate-700">{M.barPoints(bar.points, bar.max)}</span>
              </div>
              <div aria-hidden="true" className="h-3 w-full overflow-hidden rounded-full bg-slate-200">
                <div
                  className="h-full rounded-full bg-brand-700"
                  style={{ width: `${bar.max === 0 ? 0 : Math.round((bar.points / bar.max) * 100)}%` }}
                />
              </div>
            </li>
          ))}
        </ul>
      </figure>
      <section aria-labelledby="score-next-title" className="rounded-lg border border-brand-200 bg-brand-50 p-4">
        <h3 id="score-next-title" className="font-semibold text-slate-900">
          {M.nextTitle}
        </h3>
        {action && next ? (
          <p className="mt-1 text-slate-800">
            <Link to={action.to} className="font-semibold text-brand-800 underline underline-offset-4">
              {action.label}
            </Link>
            <span className="block text-sm text-slate-700">{M.nextWhy(next.label, next.points, next.max)}</span>
          </p>
        ) : (
          <p className="mt-1 text-slate-800">{todayMessages.scoreFull}</p>
        )}
      </section>
    </div>
  );
}
