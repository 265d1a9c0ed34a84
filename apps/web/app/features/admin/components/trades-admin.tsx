import { groupAdminMessages } from '@synergie/shared/group-admin';
import { TRADE_FAMILIES } from '@synergie/shared/group-constants';
import { Merge, Pencil, Plus } from 'lucide-react';
import { lazy, Suspense, useId, useMemo, useState } from 'react';
import { Loading } from '~/components/query-state';
import { Alert, AlertDescription } from '~/components/ui/alert';
import { Badge } from '~/components/ui/badge';
import { Button } from '~/components/ui/button';
import { Input } from '~/components/ui/input';
import { Label } from '~/components/ui/label';
import { foldForSearch } from '~/features/profile';
import { apiErrorMessage } from '~/lib/api-client';
import { type AdminTrade, useAdminTrades } from '../api/admin-groups';

// The dialogs (zod, react-hook-form, Radix) load on first use.
const loadTradeDialog = () => import('./trade-dialog');
const loadMergeDialog = () => import('./trade-merge-dialog');
const TradeDialog = lazy(loadTradeDialog);
const TradeMergeDialog = lazy(loadMergeDialog);

type OpenDialog = { kind: 'edit'; trade: AdminTrade | null } | { kind: 'merge'; trade: AdminTrade } | null;

const plural = (n: number, one: string, many: string) => `${n} ${n > 1 ? many : one}`;

/** /admin/metiers: the trade catalogue by family, with counts, search, add, edit and merge. */
export function TradesAdmin() {
  const trades = useAdminTrades();
  const [search, setSearch] = useState('');
  const [dialog, setDialog] = useState<OpenDialog>(null);
  const searchId = useId();
  const close = () => setDialog(null);

  const families = useMemo(() => {
    const words = foldForSearch(search).split(/\s+/).filter(Boolean);
    const all = trades.data?.trades ?? [];
    const shown = all.filter((t) => {
      const text = foldForSearch(`${t.label} ${t.slug} ${t.nafCode ?? ''}`);
      return words.every((w) => text.includes(w));
    });
    return TRADE_FAMILIES.map((family) => ({ family, trades: shown.filter((t) => t.family === family.slug) })).filter(
      (group) => group.trades.length > 0,
    );
  }, [trades.data, search]);
  const shownCount = families.reduce((n, group) => n + group.trades.length, 0);

  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-6 px-4 py-10">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="flex min-w-64 flex-1 flex-col gap-1.5">
          <Label htmlFor={searchId}>Rechercher un métier</Label>
          <Input
            id={searchId}
            type="search"
            value={search}
            onChange={(event) => setSearch(event.target.value)}
            placeholder="ex. electricien, 43.21A"
          />
        </div>
        <Button
          type="button"
          onClick={() => setDialog({ kind: 'edit', trade: null })}
          onPointerEnter={loadTradeDialog}
          onFocus={loadTradeDialog}
        >
          <Plus aria-hidden="true" />
          Ajouter un métier
        </Button>
      </div>

      {trades.isPending ? (
        <Loading variant="text" label="Chargement des métiers…" />
      ) : trades.isError ? (
        <Alert variant="destructive">
          <AlertDescription>{apiErrorMessage(trades.error, groupAdminMessages.loadFailed)}</AlertDescription>
        </Alert>
      ) : (
        <>
          <p role="status" className="text-sm text-slate-600">
            {plural(shownCount, 'métier', 'métiers')} sur {trades.data.trades.length}
          </p>
          {families.map(({ family, trades: list }) => (
            <section key={family.slug} aria-labelledby={`famille-${family.slug}`} className="flex flex-col gap-2">
              <h2 id={`famille-${family.slug}`} className="text-lg font-semibold text-slate-900">
                {family.label} <span className="text-sm font-normal text-slate-600">({list.length})</span>
              </h2>
              <ul className="divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white">
                {list.map((trade) => (
                  <li key={trade.id} className="flex flex-wrap items-center justify-between gap-2 px-4 py-3">
                    <div className="min-w-0">
                      <p className="font-medium text-slate-900">
                        {trade.label} {trade.regulated ? <Badge variant="accent">Profession réglementée</Badge> : null}
                      </p>
                      {trade.labelFeminine ? (
                        <p className="text-sm text-slate-700">Au féminin&nbsp;: {trade.labelFeminine}</p>
                      ) : null}
                      <p className="text-sm text-slate-600">
                        {trade.nafCode ? `NAF ${trade.nafCode} · ` : ''}
                        {plural(trade.members, 'membre', 'membres')} ·{' '}
                        {plural(trade.activeSeats, 'siège occupé', 'sièges occupés')}
                      </p>
                    </div>
                    <div className="flex shrink-0 gap-1">
                      <Button
                        type="button"
                        variant="outline"
                        size="icon"
                        onClick={() => setDialog({ kind: 'edit', trade })}
                        onPointerEnter={loadTradeDialog}
                        onFocus={loadTradeDialog}
                      >
                        <Pencil aria-hidden="true" />
                        <span className="sr-only">Modifier le métier {trade.label}</span>
                      </Button>
                      <Button
                        type="button"
                        variant="outline"
                        size="icon"
                        onClick={() => setDialog({ kind: 'merge', trade })}
                        onPointerEnter={loadMergeDialog}
                        onFocus={loadMergeDialog}
                      >
                        <Merge aria-hidden="true" />
                        <span className="sr-only">Fusionner le métier {trade.label}</span>
                      </Button>
                    </div>
                  </li>
                ))}
              </ul>
            </section>
          ))}
          {shownCount === 0 ? <p className="text-slate-600">Aucun métier ne correspond à votre recherche.</p> : null}
        </>
      )}

      <Suspense fallback={null}>
        {dialog?.kind === 'edit' ? <TradeDialog trade={dialog.trade} onClose={close} /> : null}
        {dialog?.kind === 'merge' ? (
          <TradeMergeDialog trade={dialog.trade} trades={trades.data?.trades ?? []} onClose={close} />
        ) : null}
      </Suspense>
    </div>
  );
}
