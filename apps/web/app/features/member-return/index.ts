// `Mon retour sur cotisation` (issue 29): the public surface (docs/architecture.md "Feature
// boundaries"). Pure re-exports: each page loads only the modules it uses.
export { ReturnView } from './components/return-view';
