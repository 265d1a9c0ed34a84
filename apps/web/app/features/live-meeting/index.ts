// The weekly meeting run live (issue 30): the public surface (docs/architecture.md "Feature boundaries").
export { LaunchLiveMeetingButton } from './components/launch-live-meeting-button';
export { LiveMeetingEntry, LiveMeetingPhone, LiveMeetingProjector } from './components/live-meeting-view';
export { LiveMeetingVisitor } from './components/live-meeting-visitor';
