// The reputation score (docs/product/network-core.md §7, issue 18): its sources, weights and
// colours, published on /score as they are here (one home), with no dependency.

/** The score looks at this many months before the day it is computed. */
export const SCORE_PERIOD_MONTHS = 6;

export const SCORE_SOURCE_KEYS = [
  'attendance',
  'recommendations',
  'guests',
  'oneToOnes',
  'business',
  'testimonials',
] as const;
export type ScoreSourceKey = (typeof SCORE_SOURCE_KEYS)[number];

export interface ScoreSource {
  key: ScoreSourceKey;
  /** The line's label on /score and in `Pourquoi ce score ?`. */
  label: string;
  /** Points at most: the weights add up to 100. */
  points: number;
  /**
   * What earns every point over the 6 months: a count (points in proportion below it), or, for
   * attendance, a rate (1 = every meeting).
   */
  target: number;
  /** How it is counted, in one French sentence (the page prints it). */
  rule: string;
}

export const SCORE_SOURCES: readonly ScoreSource[] = [
  {
    key: 'attendance',
    label: 'Présence aux réunions',
    points: 25,
    target: 1,
    rule: 'La part des réunions de votre groupe où vous étiez présent, en retard ou remplacé\u202f; les absences excusées ne comptent ni pour ni contre vous.',
  },
  {
    key: 'recommendations',
    label: 'Recommandations données',
    points: 20,
    target: 26,
    rule: 'Les recommandations que vous avez passées à d’autres membres\u00a0: une par semaine donne tous les points.',
  },
  {
    key: 'guests',
    label: 'Visiteurs invités venus',
    points: 15,
    target: 6,
    rule: 'Les visiteurs que vous avez invités et qui sont venus à une réunion\u00a0: un par mois donne tous les points.',
  },
  {
    key: 'oneToOnes',
    label: 'Tête-à-tête',
    points: 15,
    target: 13,
    rule: 'Les tête-à-tête confirmés par les deux membres\u00a0: un toutes les deux semaines donne tous les points.',
  },
  {
    key: 'business',
    label: 'Affaires confirmées',
    points: 15,
    target: 6,
    rule: 'Les affaires conclues grâce à vos recommandations et dont le montant est confirmé\u00a0: une par mois donne tous les points.',
  },
  {
    key: 'testimonials',
    label: 'Témoignages écrits',
    points: 10,
    target: 3,
    rule: 'Les témoignages que vous avez écrits et que le membre a publiés\u00a0: trois donnent tous les points.',
  },
];

export const SCORE_COLOURS = ['green', 'orange', 'red', 'grey'] as const;
export type ScoreColour = (typeof SCORE_COLOURS)[number];

/** From the highest: the first threshold the score reaches gives its colour. */
export const SCORE_THRESHOLDS: readonly { colour: ScoreColour; label: string; min: number; range: string }[] = [
  { colour: 'green', label: 'Vert', min: 70, range: '70 et plus' },
  { colour: 'orange', label: 'Orange', min: 50, range: 'de 50 à 69' },
  { colour: 'red', label: 'Rouge', min: 30, range: 'de 30 à 49' },
  { colour: 'grey', label: 'Gris', min: 0, range: 'moins de 30' },
];

export const SCORE_COLOUR_LABELS: Record<ScoreColour, string> = {
  green: 'Vert',
  orange: 'Orange',
  red: 'Rouge',
  grey: 'Gris',
};

export function scoreColour(score: number): ScoreColour {
  return SCORE_THRESHOLDS.find((t) => score >= t.min)?.colour ?? 'grey';
}

/** A source's points for what was found: in proportion to the target, whole points, never above. */
export function scorePoints(source: ScoreSource, found: number): number {
  if (!(found > 0)) return 0;
  return Math.round(source.points * Math.min(found / source.target, 1));
}

export const scoreMessages = {
  title: 'Score de réputation',
  why: 'Pourquoi ce score\u202f?',
  computedOn: (date: string) => `Calculé le ${date}`,
  noScore: 'Votre score sera calculé cette nuit.',
  /** A source with nothing to count weighs 0, and says why. */
  noMeetings: 'Aucune réunion de votre groupe sur la période\u00a0: ce critère vous donne 0 point.',
  noGroup: 'Vous n’avez pas de siège dans un groupe\u00a0: la présence vous donne 0 point.',
  // The ring and its bars (issue 29).
  chartTitle: 'Votre score sur 100 et les points de chaque critère',
  ringSummary: (score: number, colour: string, range: string) => `Score de ${score} sur 100, ${colour} (${range}).`,
  barsTitle: 'Points par critère',
  barPoints: (points: number, max: number) => `${points} sur ${max} points`,
  nextTitle: 'Pour gagner des points',
  nextWhy: (label: string, points: number, max: number) =>
    `C’est le critère où une action de plus rapporte le plus\u00a0: ${label}, ${points} sur ${max} points.`,
} as const;
