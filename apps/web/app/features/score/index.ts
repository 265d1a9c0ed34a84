// The reputation score (network-core §7): the public surface (docs/architecture.md "Feature
// boundaries"). Pure re-exports: each page loads only the modules it uses.
export { GroupScores } from './components/group-scores';
export { ScoreBadge } from './components/score-badge';
export { ScorePageView } from './components/score-page-view';
