import { TOAST_DURATION_MS } from '@synergie/shared';
import { toast } from 'sonner';

/**
 * The one way the app shows a toast (spec section 8): errors titled 'Erreur' in the destructive
 * style, successes with an optional title ('Succès' for services), always 5000 ms.
 */
export const notify = {
  success(message: string, options: { title?: string } = {}) {
    if (options.title) toast.success(options.title, { description: message, duration: TOAST_DURATION_MS });
    else toast.success(message, { duration: TOAST_DURATION_MS });
  },
  error(message: string, options: { title?: string } = {}) {
    toast.error(options.title ?? 'Erreur', { description: message, duration: TOAST_DURATION_MS });
  },
  info(message: string) {
    toast(message, { duration: TOAST_DURATION_MS });
  },
};
