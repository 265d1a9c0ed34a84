// Meetings (network-core §4): the public surface (docs/architecture.md "Feature boundaries").
// Pure re-exports: each page loads only the modules it uses; the leaders' dialog loads on use.

export { type MeetingDetail, useMeeting } from './api/meetings';
export { CalendarFeed } from './components/calendar-feed';
export { CalendarLinkRenewal } from './components/calendar-link-renewal';
export { GroupMeetings } from './components/group-meetings';
export { GroupHybridSettings } from './components/hybrid';
export { LeaderMeetings } from './components/leader-meetings';
export { MeetingView } from './components/meeting-view';
