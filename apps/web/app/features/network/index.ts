// The members directory, contact requests and shared projects: the public surface
// (docs/architecture.md "Feature boundaries").
export { ContactRequestsLink } from './components/contact-requests-link';
export { ContactRequestsPanel } from './components/contact-requests-panel';
export { MemberDirectory } from './components/member-directory';
export { MemberPicker, type PickedMember } from './components/member-picker';
export { SharedProjectsSection } from './components/shared-projects-section';
