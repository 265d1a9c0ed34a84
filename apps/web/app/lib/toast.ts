import { TOAST_DURATION_MS } from '@synergie/shared/constants';

/**
 * The one way the app shows a toast (spec section 8): errors titled 'Erreur' in the destructive
 * style, successes with an optional title ('Succès' for services), always 5000 ms.
 * The toast library is loaded on first use, keeping it out of every page's initial load.
 */
let loading: Promise<typeof import('sonner')> | undefined;
const sonner = () => {
  loading ??= import('sonner');
  return loading;
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
      toast.error(options.title ?? 'Erreur', { description: message, duration: TOAST_DURATION_MS }),
    );
  },
  info(message: string) {
    void sonner().then(({ toast }) => toast(message, { duration: TOAST_DURATION_MS }));
  },
};
