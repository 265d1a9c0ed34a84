import { SCORE_PERIOD_MONTHS, SCORE_SOURCES } from '@synergie/shared/score-constants';
import { ScorePageView } from '~/features/score';
import { seo } from '~/lib/seo';

export const meta = () =>
  seo({
    title: 'Score de réputation',
    description: `Comment le score de réputation des membres est calculé\u00a0: ${SCORE_SOURCES.map((s) => s.label.toLowerCase()).join(', ')}, sur les ${SCORE_PERIOD_MONTHS} derniers mois, recalculé chaque jour.`,
    path: '/score',
  });

/** /score: the score's rules, published as the server applies them, and the member's own score. */
export default function ScoreRoute() {
  return <ScorePageView />;
}
