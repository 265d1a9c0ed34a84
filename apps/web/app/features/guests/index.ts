// Guests (visiteurs, network-core §5): the public surface (docs/architecture.md "Feature
// boundaries"). Pure re-exports: each page loads only the modules it uses.
export { GroupGuests } from './components/group-guests';
export { GroupVisitors } from './components/group-visitors';
export { InvitationView } from './components/invitation-view';
export { InviteGuestDialog } from './components/invite-guest-dialog';
export { MyGuestsView } from './components/my-guests-view';
export { VisitQrCode } from './components/visit-qr-code';
export { VisitView } from './components/visit-view';
export { rememberedGuestInvitation } from './lib/guest-device';
