import { groupMessages, TRADE_FAMILIES } from '@synergie/shared/group-constants';
import type { GroupPage } from '@synergie/shared/groups';
import { ChevronDown } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { Link } from 'react-router';
import { cn } from '~/lib/utils';

type Family = GroupPage['openSeatsByFamily'][number];

/**
 * The open seats (network-core §2): the catalogue's trades no one holds here, by family in the
 * catalogue's order, each family a disclosure (a button with aria-expanded controlling its list).
 * `applyTo` says where `Postuler pour ce métier` leads: sign-up for a visitor, the apply box otherwise.
 */
export function OpenSeats({
  families,
  applyTo,
  viewerTradeId,
}: {
  families: Family[];
  applyTo: { to: string; state?: unknown };
  viewerTradeId: string | null;
}) {
  const ordered = TRADE_FAMILIES.map((f) => families.find((family) => family.family === f.slug)).filter(
    (family): family is Family => Boolean(family && family.trades.length > 0),
  );
  if (ordered.length === 0) return <p className="text-slate-600">Tous les métiers du catalogue sont représentés.</p>;
  return (
    <ul className="flex flex-col gap-3">
      {ordered.map((family) => (
        <li key={family.family}>
          <FamilySeats
            family={family}
            applyTo={applyTo}
            viewerTradeId={viewerTradeId}
            initiallyOpen={family.trades.some((t) => t.id === viewerTradeId)}
          />
        </li>
      ))}
    </ul>
  );
}

function FamilySeats({
  family,
  applyTo,
  viewerTradeId,
  initiallyOpen,
}: {
  family: Family;
  applyTo: { to: string; state?: unknown };
  viewerTradeId: string | null;
  initiallyOpen: boolean;
}) {
  const [open, setOpen] = useState(initiallyOpen);
  // The viewer's trade arrives after the page (their seat state): their family opens then.
  useEffect(() => {
    if (initiallyOpen) setOpen(true);
  }, [initiallyOpen]);
  const panelId = useId();
  const label = TRADE_FAMILIES.find((f) => f.slug === family.family)?.label ?? family.family;
  return (
    <div className="rounded-xl border border-slate-200 bg-white">
      <h3>
        <button
          type="button"
          aria-expanded={open}
          aria-controls={panelId}
          onClick={() => setOpen((v) => !v)}
          className="flex w-full items-center justify-between gap-3 rounded-xl px-4 py-3 text-left font-semibold text-slate-900 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
        >
          <span>
            {label}{' '}
            <span className="font-normal text-slate-600">
              ({family.trades.length} {family.trades.length > 1 ? 'sièges libres' : 'siège libre'})
            </span>
          </span>
          <ChevronDown
            aria-hidden="true"
            className={cn('size-5 shrink-0 transition-transform', open && 'rotate-180')}
          />
        </button>
      </h3>
      <ul id={panelId} hidden={!open} className="divide-y divide-slate-100 border-t border-slate-100">
        {family.trades.map((trade) => (
          <li key={trade.id} className="flex flex-wrap items-center justify-between gap-2 px-4 py-2">
            <span className="text-slate-800">
              {trade.label}
              {trade.id === viewerTradeId ? (
                <span className="ml-2 rounded-full bg-green-100 px-2 py-0.5 text-xs font-semibold text-green-800">
                  Votre métier
                </span>
              ) : null}
            </span>
            <ApplyLink applyTo={applyTo} tradeLabel={trade.label} />
          </li>
        ))}
      </ul>
    </div>
  );
}

const linkClass =
  'text-sm font-semibold text-brand-700 underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-brand-600';

/** A link within the page (the apply box) stays a plain anchor; the sign-up link keeps the way back. */
function ApplyLink({ applyTo, tradeLabel }: { applyTo: { to: string; state?: unknown }; tradeLabel: string }) {
  const content = (
    <>
      {groupMessages.applyForTrade}
      <span className="sr-only">{`\u00a0: ${tradeLabel}`}</span>
    </>
  );
  if (applyTo.to.startsWith('#')) {
    return (
      <a href={applyTo.to} className={linkClass}>
        {content}
      </a>
    );
  }
  return (
    <Link to={applyTo.to} state={applyTo.state} className={linkClass}>
      {content}
    </Link>
  );
}
