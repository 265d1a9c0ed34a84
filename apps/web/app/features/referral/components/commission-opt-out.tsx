import { renewalMessages } from '@synergie/shared/renewals';
import { apiErrorMessage } from '~/lib/api-client';
import { notify } from '~/lib/toast';
import { useCommissionOptOut, useSetCommissionOptOut } from '../api/commission-opt-out';

/**
 * Under the regulated-trade notice (network-core §1): a member of a regulated profession may
 * renounce commissions; no commission is recorded for them while the box is ticked.
 */
export function CommissionOptOutSetting() {
  const optOut = useCommissionOptOut();
  const mutation = useSetCommissionOptOut();
  const data = optOut.data;
  // Shown to regulated trades, and to anyone who opted out before changing trade (to come back).
  if (!data || (!data.regulated && !data.optedOut)) return null;
  return (
    <div className="flex items-start gap-2">
      <input
        id="commission-opt-out"
        type="checkbox"
        className="mt-1 size-4 accent-brand-700"
        checked={mutation.isPending ? (mutation.variables ?? data.optedOut) : data.optedOut}
        disabled={mutation.isPending}
        aria-describedby="commission-opt-out-help"
        onChange={(e) =>
          mutation.mutate(e.target.checked, {
            onSuccess: (next) => notify.success(next.optedOut ? renewalMessages.optedOut : renewalMessages.optedIn),
            onError: (error) => notify.error(apiErrorMessage(error, 'Erreur lors de la mise à jour de votre choix')),
          })
        }
      />
      <div>
        <label htmlFor="commission-opt-out" className="text-sm font-medium text-slate-900">
          {renewalMessages.optOutLabel}
        </label>
        <p id="commission-opt-out-help" className="text-sm text-slate-600">
          Aucune commission ne sera enregistrée pour les paiements de vos filleuls tant que cette case est cochée.
        </p>
      </div>
    </div>
  );
}
