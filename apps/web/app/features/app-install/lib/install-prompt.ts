/**
 * `Installer l’application` (issue 28): the browser's install prompt, kept when it is offered
 * (`beforeinstallprompt`, Chromium's browsers) and shown on a press; on an iPhone or iPad, where
 * Safari has no prompt, a short guide instead; nothing once the app is installed (it runs
 * standalone). One store for every button of the page.
 */

/** Chromium's event (not in TypeScript's DOM types). */
export interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<void>;
  readonly userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

export interface InstallState {
  /** The kept prompt: the browser allows an install now. */
  prompt: BeforeInstallPromptEvent | null;
  /** Running as the installed app (or just installed). */
  installed: boolean;
  /** iPhone or iPad: installed from Safari's share menu. */
  appleDevice: 'iPhone' | 'iPad' | null;
}

const listeners = new Set<() => void>();
let captured = false;
let state: InstallState = { prompt: null, installed: false, appleDevice: null };

function set(next: Partial<InstallState>) {
  state = { ...state, ...next };
  for (const listener of listeners) listener();
}

export function isStandalone(): boolean {
  return (
    window.matchMedia?.('(display-mode: standalone)').matches === true ||
    (navigator as Navigator & { standalone?: boolean }).standalone === true
  );
}

/** iPadOS presents itself as a Mac: its touch screen tells them apart. */
export function appleDeviceOf(userAgent: string, maxTouchPoints: number): InstallState['appleDevice'] {
  if (/iPhone|iPod/.test(userAgent)) return 'iPhone';
  if (/iPad/.test(userAgent) || (/Macintosh/.test(userAgent) && maxTouchPoints > 1)) return 'iPad';
  return null;
}

/** Starts listening, once per page (the event comes once, whenever the browser decides). */
export function captureInstallPrompt(): void {
  if (captured || typeof window === 'undefined') return;
  captured = true;
  set({ installed: isStandalone(), appleDevice: appleDeviceOf(navigator.userAgent, navigator.maxTouchPoints ?? 0) });
  window.addEventListener('beforeinstallprompt', (event) => {
    // Kept for the button: the browser shows nothing by itself.
    event.preventDefault();
    set({ prompt: event as BeforeInstallPromptEvent });
  });
  window.addEventListener('appinstalled', () => set({ prompt: null, installed: true }));
}

export function subscribe(listener: () => void): () => void {
  captureInstallPrompt();
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export const installSnapshot = (): InstallState => state;
const serverState: InstallState = { prompt: null, installed: false, appleDevice: null };
export const serverInstallSnapshot = (): InstallState => serverState;

/** Shows the browser's prompt; a prompt is used once, whatever the answer. */
export async function promptInstall(): Promise<'accepted' | 'dismissed' | null> {
  const prompt = state.prompt;
  if (!prompt) return null;
  set({ prompt: null });
  await prompt.prompt();
  const { outcome } = await prompt.userChoice;
  if (outcome === 'accepted') set({ installed: true });
  return outcome;
}
