// Sign-in, sessions and account security: the public surface (docs/architecture.md "Feature
// boundaries in the web app"). Pure re-exports: a page that only asks who is signed in
// (useSession) loads neither the auth library nor zod.
export { useSession } from './api/get-session';
export { useSendVerificationEmail } from './api/send-verification-email';
export { AUTH_TAB_PATHS, type AuthTab, AuthTabs } from './components/auth-tabs';
export { RequireAuth } from './components/require-auth';
export { ResetRequestForm } from './components/reset-request-form';
export { SecuritySection } from './components/security-section';
export { SignOutButton } from './components/sign-out-button';
export { UpdatePasswordForm } from './components/update-password-form';
export { leaveSession, refreshAuthState, useAuthChannel } from './lib/auth-channel';
export { useLeaveWhenSignedIn } from './lib/use-leave-when-signed-in';
