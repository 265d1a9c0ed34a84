import { TOAST_DURATION_MS, toastTitles } from '@synergie/shared/constants';
import { ApiRequestError, apiErrorMessage } from './api-client';

/**
 * The one way the app shows a toast (spec section 8): errors titled 'Erreur' in the destructive
 * style, successes with an optional title ('Succès' for services), always 5000 ms.
 * The toast library is loaded on first use, keeping it out of every page's load: the layout's
 * toast area (shell/toaster.tsx) is mounted then too, before the first toast.
 */
let loading: Promise<typeof import('sonner')> | undefined;
/** Mounts the layout's toast area; resolves once it listens. None in component tests. */
let host: (() => Promise<void>) | null = null;

export function registerToastHost(mount: () => Promise<void>) {
  host = mount;
  return () => {
    if (host === mount) host = null;
  };
}

const sonner = async () => {
  loading ??= import('sonner');
  const [library] = await Promise.all([loading, host?.()]);
  return library;
};

export const notify = {
  success(message: string, options: { title?: string } = {}) {
    void sonner().then(({ toast }) => {
      if (options.title) toast.success(options.title, { description: message, duration: TOAST_DURATION_MS });
      else toast.success(message, { duration: TOAST_DURATION_MS });
    });
  },
  error(message: string, options: { title?: string } = {}) {
    void sonner().then(({ toast }) =>
      toast.error(options.title ?? toastTitles.error, { description: message, duration: TOAST_DURATION_MS }),
    );
  },
  /**
   * A failed API call on the partner and project pages: the server's message (else the
   * fallback), titled 'Accès refusé' when the server refused the member (403), 'Erreur' otherwise.
   */
  apiError(error: unknown, fallback: string) {
    const refused = error instanceof ApiRequestError && error.status === 403;
    notify.error(apiErrorMessage(error, fallback), refused ? { title: toastTitles.accessDenied } : {});
  },
  info(message: string) {
    void sonner().then(({ toast }) => toast(message, { duration: TOAST_DURATION_MS }));
  },
};
