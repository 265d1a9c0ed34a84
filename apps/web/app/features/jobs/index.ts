// Job offers and applications: the public surface (docs/architecture.md "Feature boundaries").
export { CareersBoard } from './components/careers-board';
