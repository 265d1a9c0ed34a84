import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1';
const IPAD_AS_MAC =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Safari/605.1.15';

/** The feature as a fresh page loads it (its store is one per page), on a given browser. */
async function load(browser: { userAgent?: string; standalone?: boolean } = {}) {
  vi.resetModules();
  if (browser.userAgent) vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(browser.userAgent);
  vi.spyOn(window, 'matchMedia').mockImplementation(
    (query: string) =>
      ({ matches: query === '(display-mode: standalone)' && browser.standalone === true }) as MediaQueryList,
  );
  return import('~/features/app-install');
}

beforeEach(() => {
  vi.restoreAllMocks();
});
afterEach(() => {
  vi.restoreAllMocks();
});

describe('Installer l’application', () => {
  it('keeps the browser’s prompt and shows it on a press, once', async () => {
    const { InstallAppSection, INSTALL_APP_LABEL } = await load();
    const { container } = render(<InstallAppSection />);
    expect(container.textContent).toBe('');
    const prompt = vi.fn(async () => {});
    const event = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
      prompt,
      userChoice: Promise.resolve({ outcome: 'dismissed' as const }),
    });
    act(() => {
      window.dispatchEvent(event);
    });
    // The browser shows nothing by itself: the page offers it.
    expect(event.defaultPrevented).toBe(true);
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: INSTALL_APP_LABEL }));
    });
    expect(prompt).toHaveBeenCalledTimes(1);
    // A prompt is used once: gone until the browser offers another.
    expect(screen.queryByRole('button', { name: INSTALL_APP_LABEL })).toBeNull();
  });

  it('guides an iPhone’s Safari to the home screen, in French typography', async () => {
    const { InstallAppSection } = await load({ userAgent: IPHONE });
    render(<InstallAppSection />);
    // The exact characters (no-break spaces), not testing-library's whitespace-folded text.
    const guide = screen.getByText(/^Sur iPhone/);
    expect(guide.textContent).toBe('Sur iPhone\u00a0: touchez Partager, puis «\u00a0Sur l’écran d’accueil\u00a0».');
  });

  it('tells an iPad (which says it is a Mac) apart from a Mac by its touch screen', async () => {
    const { appleDeviceOf } = await load();
    expect(appleDeviceOf(IPAD_AS_MAC, 5)).toBe('iPad');
    expect(appleDeviceOf(IPAD_AS_MAC, 0)).toBeNull();
    expect(appleDeviceOf(IPHONE, 5)).toBe('iPhone');
  });

  it('shows nothing once the app runs installed', async () => {
    const { InstallAppSection } = await load({ userAgent: IPHONE, standalone: true });
    const { container } = render(<InstallAppSection />);
    act(() => {
      window.dispatchEvent(new Event('beforeinstallprompt', { cancelable: true }));
    });
    expect(container.textContent).toBe('');
  });

  it('registers no service worker outside a production build', async () => {
    const register = vi.fn();
    Object.defineProperty(navigator, 'serviceWorker', { value: { register }, configurable: true });
    const { registerServiceWorker } = await load();
    registerServiceWorker();
    expect(register).not.toHaveBeenCalled();
  });
});
