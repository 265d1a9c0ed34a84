/**
 * A guest has no account: the meeting's QR code (made for members) opens /pointage, which cannot
 * tell who the guest is. When a guest opens their invitation on their phone, the invitation's own
 * token is remembered on that device; /pointage then forwards a signed-out visitor who has one to
 * their invitation page with the scanned code (`/invitation?jeton=…&code=…`), where they check in.
 */
const KEY = 'synergie-pro:invitation';

export function rememberGuestInvitation(token: string): void {
  try {
    window.localStorage.setItem(KEY, token);
  } catch {
    // Private browsing without storage: the guest opens their invitation link again.
  }
}

export function rememberedGuestInvitation(): string | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage.getItem(KEY);
  } catch {
    return null;
  }
}
