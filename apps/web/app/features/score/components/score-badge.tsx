import { formatCalendarDate } from '@synergie/shared/format';
import { SCORE_COLOUR_LABELS, type ScoreColour } from '@synergie/shared/score-constants';

// Class names joined by hand, not with cn(): a new cn() user without cva split the shared chunk
// of every page and took the home page over its bundle budget (bench/bundle-size.mjs).

/** The colours of the thresholds, with a dot: the word and the number say it too (never colour alone). */
const colourClasses: Record<ScoreColour, { badge: string; dot: string }> = {
  green: { badge: 'border-green-300 bg-green-50 text-green-800', dot: 'bg-green-600' },
  orange: { badge: 'border-orange-300 bg-orange-50 text-orange-800', dot: 'bg-orange-500' },
  red: { badge: 'border-red-300 bg-red-50 text-red-800', dot: 'bg-red-600' },
  grey: { badge: 'border-slate-300 bg-slate-50 text-slate-700', dot: 'bg-slate-500' },
};

/** `Vert · 74/100`. */
export const scoreBadgeText = (score: number, colour: ScoreColour) => `${SCORE_COLOUR_LABELS[colour]} · ${score}/100`;

/**
 * A reputation score (network-core §7) as `Vert · 74/100`, in its colour, always with the day it
 * was computed (`au 25 nov. 2026`): a score is never shown without its date.
 */
export function ScoreBadge({
  score,
  colour,
  computedOn,
  className,
}: {
  score: number;
  colour: ScoreColour;
  /** The Paris day of the computation, YYYY-MM-DD. */
  computedOn: string;
  className?: string;
}) {
  const classes = colourClasses[colour];
  return (
    <span className={`inline-flex flex-wrap items-center gap-x-2 gap-y-1 text-sm ${className ?? ''}`}>
      <span className="sr-only">{'Score de réputation\u00a0: '}</span>
      <span
        className={`inline-flex items-center gap-1.5 rounded-full border px-2.5 py-0.5 text-xs font-semibold ${classes.badge}`}
      >
        <span aria-hidden="true" className={`size-2 rounded-full ${classes.dot}`} />
        {scoreBadgeText(score, colour)}
      </span>
      <span className="text-xs text-slate-600">au {formatCalendarDate(computedOn, 'medium')}</span>
    </span>
  );
}
