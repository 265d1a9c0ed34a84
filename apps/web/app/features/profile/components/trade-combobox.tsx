import { TRADE_FAMILIES } from '@synergie/shared/group-constants';
import type { Trade } from '@synergie/shared/groups';
import { Check, ChevronsUpDown } from 'lucide-react';
import { forwardRef, useId, useMemo, useRef, useState } from 'react';
import { cn } from '~/lib/utils';
import { foldForSearch } from '../lib/fold';

interface TradeComboboxProps {
  id?: string;
  trades: readonly Trade[];
  value: string | null;
  onChange: (tradeId: string | null) => void;
  onBlur?: () => void;
  'aria-invalid'?: boolean;
  'aria-describedby'?: string;
  disabled?: boolean;
  placeholder?: string;
}

/** The trades that match every word typed, accents and case ignored, grouped by family in catalogue order. */
export function filterTrades(trades: readonly Trade[], query: string) {
  const words = foldForSearch(query).split(/\s+/).filter(Boolean);
  const matching = trades.filter((trade) => {
    const label = foldForSearch(trade.label);
    return words.every((word) => label.includes(word));
  });
  return TRADE_FAMILIES.map((family) => ({
    family,
    trades: matching.filter((trade) => trade.family === family.slug),
  })).filter((group) => group.trades.length > 0);
}

/**
 * The WAI-ARIA combobox pattern (editable, list autocomplete) over the trade catalogue: the
 * input keeps the focus, the highlighted option is named by aria-activedescendant; ↓ ↑ move,
 * Entrée chooses, Échap closes (then clears), Début/Fin jump. No dependency beyond React.
 */
export const TradeCombobox = forwardRef<HTMLInputElement, TradeComboboxProps>(function TradeCombobox(
  { id, trades, value, onChange, onBlur, disabled, placeholder = 'Rechercher un métier (ex. électricien)', ...aria },
  ref,
) {
  const listboxId = useId();
  const optionId = (tradeId: string) => `${listboxId}-${tradeId}`;
  const selected = trades.find((trade) => trade.id === value) ?? null;
  const [query, setQuery] = useState<string | null>(null);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState<string | null>(null);
  const listRef = useRef<HTMLDivElement>(null);

  const text = query ?? selected?.label ?? '';
  const groups = useMemo(() => filterTrades(trades, query ?? ''), [trades, query]);
  const flat = useMemo(() => groups.flatMap((group) => group.trades), [groups]);

  const highlight = (tradeId: string | null) => {
    setActive(tradeId);
    if (tradeId) {
      // Keep the highlighted option in view without moving the focus from the input.
      requestAnimationFrame(() => document.getElementById(optionId(tradeId))?.scrollIntoView?.({ block: 'nearest' }));
    }
  };
  const choose = (trade: Trade) => {
    onChange(trade.id);
    setQuery(null);
    setOpen(false);
    setActive(null);
  };
  const move = (delta: number) => {
    if (flat.length === 0) return;
    const index = flat.findIndex((trade) => trade.id === active);
    const next = index < 0 ? (delta > 0 ? 0 : flat.length - 1) : (index + delta + flat.length) % flat.length;
    highlight(flat[next]?.id ?? null);
  };

  const onKeyDown = (event: React.KeyboardEvent<HTMLInputElement>) => {
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        if (!open) {
          setOpen(true);
          highlight(selected?.id ?? flat[0]?.id ?? null);
        } else move(1);
        break;
      case 'ArrowUp':
        event.preventDefault();
        if (!open) setOpen(true);
        move(-1);
        break;
      case 'Home':
        if (open && flat[0]) {
          event.preventDefault();
          highlight(flat[0].id);
        }
        break;
      case 'End':
        if (open && flat.length > 0) {
          event.preventDefault();
          highlight(flat[flat.length - 1]?.id ?? null);
        }
        break;
      case 'Enter': {
        const trade = open ? flat.find((t) => t.id === active) : undefined;
        if (trade) {
          event.preventDefault();
          choose(trade);
        }
        break;
      }
      case 'Escape':
        if (open) {
          event.preventDefault();
          setOpen(false);
          setActive(null);
        } else if (query !== null) {
          event.preventDefault();
          setQuery(null);
        }
        break;
    }
  };

  return (
    <div className="relative">
      <input
        ref={ref}
        id={id}
        type="text"
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={open}
        aria-controls={listboxId}
        aria-activedescendant={open && active ? optionId(active) : undefined}
        aria-invalid={aria['aria-invalid']}
        aria-describedby={aria['aria-describedby']}
        autoComplete="off"
        spellCheck={false}
        disabled={disabled}
        placeholder={placeholder}
        value={text}
        onChange={(event) => {
          setQuery(event.target.value);
          setOpen(true);
          const first = filterTrades(trades, event.target.value)[0]?.trades[0];
          setActive(first?.id ?? null);
        }}
        onClick={() => setOpen(true)}
        onKeyDown={onKeyDown}
        onBlur={(event) => {
          // A click in the list keeps it open (the option's mousedown prevents the blur).
          if (listRef.current?.contains(event.relatedTarget as Node | null)) return;
          if (query !== null && query.trim() === '') onChange(null);
          setQuery(null);
          setOpen(false);
          setActive(null);
          onBlur?.();
        }}
        className="flex h-10 w-full rounded-md border border-slate-300 bg-white px-3 py-2 pr-9 text-base text-slate-900 placeholder:text-slate-500 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 disabled:cursor-not-allowed disabled:opacity-50 aria-[invalid=true]:border-red-600 sm:text-sm"
      />
      <ChevronsUpDown
        aria-hidden="true"
        className="pointer-events-none absolute top-1/2 right-3 size-4 -translate-y-1/2 text-slate-500"
      />
      <div
        ref={listRef}
        id={listboxId}
        role="listbox"
        aria-label="Métiers du catalogue"
        hidden={!open}
        className="absolute z-50 mt-1 max-h-72 w-full overflow-y-auto rounded-md border border-slate-200 bg-white py-1 shadow-lg"
      >
        {groups.length === 0 ? (
          <p className="px-3 py-2 text-sm text-slate-600">Aucun métier ne correspond à «&nbsp;{query}&nbsp;».</p>
        ) : (
          groups.map((group) => (
            // biome-ignore lint/a11y/useSemanticElements: a listbox's group (WAI-ARIA combobox pattern), not a form fieldset
            <div key={group.family.slug} role="group" aria-labelledby={`${listboxId}-${group.family.slug}`}>
              <div
                id={`${listboxId}-${group.family.slug}`}
                className="px-3 pt-2 pb-1 text-xs font-semibold tracking-wide text-slate-600 uppercase"
              >
                {group.family.label}
              </div>
              {group.trades.map((trade) => (
                // biome-ignore lint/a11y/useFocusableInteractive: the input keeps the focus and names the option by aria-activedescendant
                // biome-ignore lint/a11y/useKeyWithClickEvents: the keyboard is handled by the input (↓ ↑ Entrée Échap)
                <div
                  key={trade.id}
                  id={optionId(trade.id)}
                  role="option"
                  aria-selected={trade.id === value}
                  // Keeps the focus in the input: the click chooses without a blur first.
                  onMouseDown={(event) => event.preventDefault()}
                  onClick={() => choose(trade)}
                  onMouseMove={() => active !== trade.id && setActive(trade.id)}
                  className={cn(
                    'flex cursor-pointer items-center justify-between gap-2 px-3 py-2 text-sm text-slate-900',
                    trade.id === active && 'bg-brand-50 text-brand-900',
                  )}
                >
                  <span>{trade.label}</span>
                  {trade.id === value ? <Check aria-hidden="true" className="size-4 text-brand-700" /> : null}
                </div>
              ))}
            </div>
          ))
        )}
      </div>
    </div>
  );
});
