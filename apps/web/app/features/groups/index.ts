// Local groups, seats, applications and waiting lists (network-core §2): the public surface
// (docs/architecture.md "Feature boundaries"). Pure re-exports; forms and dialogs load on use.
export { GroupPageView } from './components/group-page-view';
export { GroupsDirectory } from './components/groups-directory';
export { LeadersPageView } from './components/leaders-page-view';
export { MyGroupView, WaitlistPlace } from './components/my-group-view';
export { MyMeetingsView } from './components/my-meetings-view';
export { RosterImportView } from './components/roster-import-view';
