// Suggestions that explain themselves (issue 29): the public surface (docs/architecture.md
// "Feature boundaries"). Pure re-exports: each page loads only the modules it uses.
export { MissingTrades } from './components/missing-trades';
export { OneToOneSuggestions } from './components/one-to-one-suggestions';
