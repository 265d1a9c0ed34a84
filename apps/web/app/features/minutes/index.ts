// The minutes of a meeting (`Compte rendu`, issue 30): the public surface (docs/architecture.md
// "Feature boundaries"). Pure re-exports; the leaders' correction form loads on use.

export { MeetingMinutesSection } from './components/meeting-minutes-section';
