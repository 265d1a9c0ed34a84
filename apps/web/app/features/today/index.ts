// `Aujourd'hui`, the member's home (issue 28): the public surface (docs/architecture.md "Feature
// boundaries"). Pure re-exports: each page loads only the modules it uses.
export { TodayView } from './components/today-view';
