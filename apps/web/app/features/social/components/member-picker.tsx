import { Search } from 'lucide-react';
import { useId, useState } from 'react';
import { Input } from '~/components/ui/input';
import { Label } from '~/components/ui/label';
import { useMemberSearch } from '../api/one-to-ones';

interface Picked {
  id: string;
  name: string;
}

/**
 * Picks one member: a search field over the directory (by name, 2 letters at least) and the
 * results as radio buttons (arrow keys move between them). The choice stays while searching again.
 */
export function MemberPicker({
  viewerId,
  value,
  onChange,
  error,
}: {
  viewerId: string | null;
  value: string;
  onChange: (id: string) => void;
  error?: string;
}) {
  const [q, setQ] = useState('');
  const [picked, setPicked] = useState<Picked | null>(null);
  const search = useMemberSearch(q);
  const id = useId();
  const results = (search.data?.members ?? []).filter((m) => m.userId !== viewerId);
  const chosen = value && picked?.id === value ? picked : null;

  return (
    <fieldset className="flex flex-col gap-2" aria-describedby={error ? `${id}-error` : undefined}>
      <legend className="mb-1 text-sm font-medium text-slate-900">Membre rencontré</legend>
      <Label htmlFor={`${id}-search`} className="sr-only">
        Rechercher un membre par son nom
      </Label>
      <div className="relative">
        <Search aria-hidden="true" className="absolute top-3 left-3 size-4 text-slate-500" />
        <Input
          id={`${id}-search`}
          type="search"
          className="pl-9"
          placeholder="Rechercher un membre par son nom"
          value={q}
          onChange={(event) => setQ(event.target.value)}
          aria-invalid={Boolean(error)}
        />
      </div>
      {q.trim().length >= 2 ? (
        search.isError ? (
          <p className="text-sm text-red-700">La recherche a échoué. Réessayez.</p>
        ) : results.length === 0 && !search.isFetching ? (
          <p className="text-sm text-slate-600">Aucun membre trouvé.</p>
        ) : (
          <ul className="flex flex-col gap-1" aria-label="Membres trouvés">
            {results.map((m) => (
              <li key={m.userId}>
                <label className="flex cursor-pointer items-center gap-3 rounded-md border border-slate-200 px-3 py-2 text-sm has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand-600">
                  <input
                    type="radio"
                    name={`${id}-member`}
                    value={m.userId}
                    checked={value === m.userId}
                    onChange={() => {
                      setPicked({ id: m.userId, name: m.fullName });
                      onChange(m.userId);
                    }}
                    className="accent-brand-700"
                  />
                  <span className="font-medium text-slate-900">{m.fullName}</span>
                  <span className="text-slate-600">
                    {[m.trade?.label ?? m.profession, m.companyName, m.city].filter(Boolean).join(' · ')}
                  </span>
                </label>
              </li>
            ))}
          </ul>
        )
      ) : null}
      <p className="text-sm text-slate-700" aria-live="polite">
        {chosen ? `Membre choisi\u202f: ${chosen.name}` : 'Aucun membre choisi.'}
      </p>
      {error ? (
        <p id={`${id}-error`} className="text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
