// Recommendations and closed business (network-core §3): the public surface (docs/architecture.md
// "Feature boundaries"). Pure re-exports: each page loads only the modules it uses.

export { MyRecommendationsView } from './components/my-recommendations-view';
export { NewRecommendationView } from './components/new-recommendation-view';
export { AnswerBusinessForm } from './components/recommendation-actions';
export { AdminRecommendationTotals, GroupRecommendationTotals } from './components/recommendation-totals';
export { RecommendationView } from './components/recommendation-view';
