import {
  type EinvoiceStatus,
  einvoicingMessages,
  LIFECYCLE_DEFINITIONS,
  type LifecycleCode,
} from '@synergie/shared/einvoicing';
import { formatDate, formatDateTime } from '@synergie/shared/format';
import { Badge } from '~/components/ui/badge';
import { parseApiDateTime } from '~/lib/api-dates';

const definitionOf = (code: number): string | undefined => LIFECYCLE_DEFINITIONS[code as LifecycleCode];

function variantOf(status: EinvoiceStatus) {
  if (status.state === 'failed') return 'accent' as const;
  if (status.state === 'waiting') return 'secondary' as const;
  const last = status.steps.at(-1)?.code;
  if (last === 210 || last === 213) return 'accent' as const;
  if (last === 212 || last === 205) return 'success' as const;
  return 'default' as const;
}

/**
 * An invoice's course on the plateforme agréée (issue 32): its last status with the day, the
 * reason of a rejection or a refusal, and every step with what it means.
 */
export function EinvoiceStatusLine({ status, compact = false }: { status: EinvoiceStatus; compact?: boolean }) {
  const day = status.at ? formatDate(parseApiDateTime(status.at), 'medium') : null;
  return (
    <span className="flex flex-col gap-1 text-sm">
      <span className="flex flex-wrap items-center gap-2">
        {compact ? null : <span className="text-slate-600">{`${einvoicingMessages.statusColumn}\u00a0:`}</span>}
        <Badge variant={variantOf(status)}>{status.label}</Badge>
        {day ? <span className="text-slate-600">{`le ${day}`}</span> : null}
      </span>
      {status.state === 'waiting' && !compact ? (
        <span className="text-slate-600">{einvoicingMessages.waitingHint}</span>
      ) : null}
      {status.reason ? <span className="text-orange-800">{status.reason}</span> : null}
      {status.steps.length > 1 ? (
        <details className="text-slate-700">
          <summary className="cursor-pointer text-brand-800 underline-offset-2 hover:underline">
            {einvoicingMessages.history}
          </summary>
          <ol className="mt-1 flex flex-col gap-1 border-l border-slate-200 pl-3">
            {status.steps.map((step) => (
              <li key={`${step.code}-${step.at}`}>
                <span className="font-medium">{step.label}</span>
                {` — ${formatDateTime(parseApiDateTime(step.at))}`}
                {definitionOf(step.code) ? (
                  <span className="block text-slate-600">{definitionOf(step.code)}</span>
                ) : null}
              </li>
            ))}
          </ol>
        </details>
      ) : null}
    </span>
  );
}
