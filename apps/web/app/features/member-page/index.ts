// A member's public page and business card: the public surface (docs/architecture.md "Feature
// boundaries").
export { MemberPageView } from './components/member-page-view';
export { MyBusinessCardLink } from './components/my-business-card-link';
