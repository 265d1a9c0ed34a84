import { Search, UserRound } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '~/components/ui/button';
import { Input } from '~/components/ui/input';
import { Label } from '~/components/ui/label';
import { useDebounced } from '~/lib/use-debounced';
import { useMemberSearch } from '../api/recommendations';

export interface PickedMember {
  userId: string;
  fullName: string;
  detail: string | null;
}

/**
 * Who receives the recommendation, when the page was opened without `?pour=`: the directory's
 * search, each answer a button. The number of answers is read out as they arrive.
 */
export function MemberPicker({
  viewerId,
  onPick,
  error,
}: {
  viewerId: string | null;
  onPick: (member: PickedMember) => void;
  error?: string;
}) {
  const id = useId();
  const [q, setQ] = useState('');
  const debounced = useDebounced(q.trim(), 300);
  const search = useMemberSearch(debounced);
  const members = (debounced.length >= 2 ? (search.data?.members ?? []) : []).filter((m) => m.userId !== viewerId);
  const status =
    debounced.length < 2
      ? 'Tapez au moins 2 lettres du nom, du métier ou de l’entreprise.'
      : search.isFetching && !search.data
        ? 'Recherche en cours...'
        : search.isError
          ? 'La recherche a échoué. Réessayez.'
          : members.length === 0
            ? 'Aucun membre trouvé.'
            : `${members.length} membre${members.length > 1 ? 's' : ''} trouvé${members.length > 1 ? 's' : ''}.`;
  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-col gap-1.5">
        <Label htmlFor={`${id}-q`}>Rechercher le membre à recommander</Label>
        <div className="relative">
          <Search aria-hidden="true" className="absolute top-3 left-3 size-4 text-slate-500" />
          <Input
            id={`${id}-q`}
            type="search"
            className="pl-9"
            value={q}
            onChange={(e) => setQ(e.target.value)}
            aria-describedby={`${id}-status${error ? ` ${id}-error` : ''}`}
            aria-invalid={Boolean(error)}
            autoComplete="off"
          />
        </div>
        <p id={`${id}-status`} role="status" className="text-sm text-slate-600">
          {status}
        </p>
        {error ? (
          <p id={`${id}-error`} className="text-sm font-medium text-red-700">
            {error}
          </p>
        ) : null}
      </div>
      {members.length > 0 ? (
        <ul className="flex flex-col divide-y divide-slate-100 rounded-lg border border-slate-200 bg-white">
          {members.map((m) => {
            const detail = [m.trade?.label ?? m.profession, m.companyName, m.city].filter(Boolean).join(' · ') || null;
            return (
              <li key={m.userId} className="flex flex-wrap items-center justify-between gap-3 px-4 py-3">
                <div className="flex items-center gap-3">
                  <UserRound aria-hidden="true" className="size-5 text-slate-500" />
                  <div>
                    <p className="font-semibold text-slate-900">{m.fullName}</p>
                    {detail ? <p className="text-sm text-slate-600">{detail}</p> : null}
                  </div>
                </div>
                <Button
                  type="button"
                  size="sm"
                  variant="outline"
                  onClick={() => onPick({ userId: m.userId, fullName: m.fullName, detail })}
                >
                  Choisir<span className="sr-only"> {m.fullName}</span>
                </Button>
              </li>
            );
          })}
        </ul>
      ) : null}
    </div>
  );
}
