import { Search } from 'lucide-react';
import { type Ref, useEffect, useId, useRef, useState } from 'react';
import { MemberAvatar } from '~/components/member-avatar';
import { Button } from '~/components/ui/button';
import { Input } from '~/components/ui/input';
import { Label } from '~/components/ui/label';
import { type MemberCard, useMemberSearch } from '../api/network';

/** The member chosen in a picker: enough to show them and to send their id. */
export interface PickedMember {
  userId: string;
  fullName: string;
  avatarUrl?: string | null;
  /** Trade, company, city: the line under the name. */
  detail: string | null;
}

/** A directory card as a picked member. */
export function pickedMember(m: MemberCard): PickedMember {
  const detail = [m.trade?.label ?? m.profession, m.companyName, m.city].filter(Boolean).join(' · ') || null;
  return { userId: m.userId, fullName: m.fullName, avatarUrl: m.avatarUrl, detail };
}

/**
 * Picks one member of the directory (useMemberSearch; never the viewer), for the forms that name
 * a member (the recommendation, the one-to-one). Controlled: `value` is the chosen member, or
 * null while searching. Searching: the field, the state of the search read out as it changes
 * (role=status), each answer with `Choisir`. Chosen: the member's summary with `Changer de
 * membre`. Focus follows: to the summary once a member is chosen, back to the field after
 * `Changer de membre`, never lost on the page.
 */
export function MemberPicker({
  viewerId,
  value,
  onChange,
  searchLabel,
  error,
}: {
  viewerId: string | null;
  value: PickedMember | null;
  onChange: (member: PickedMember | null) => void;
  /** The search field's label, in the form's words. */
  searchLabel: string;
  /** The form's French error for this field (no member chosen). */
  error?: string;
}) {
  const id = useId();
  const summaryRef = useRef<HTMLParagraphElement>(null);
  const searchRef = useRef<HTMLInputElement>(null);
  // Where focus goes after the member's own choice (not on the first render: the page's order).
  const focusNext = useRef<'summary' | 'search' | null>(null);

  // After each render: the render that follows a choice shows the summary, or the field again.
  useEffect(() => {
    if (!focusNext.current) return;
    const target = focusNext.current === 'summary' ? summaryRef.current : searchRef.current;
    if (!target) return;
    target.focus();
    focusNext.current = null;
  });

  if (value) {
    return (
      <div className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-slate-200 bg-slate-50 px-4 py-3">
        <div className="flex min-w-0 items-center gap-3">
          <MemberAvatar name={value.fullName} avatarUrl={value.avatarUrl} size="sm" />
          <div className="min-w-0">
            <p
              ref={summaryRef}
              tabIndex={-1}
              className="rounded text-slate-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
            >
              <span className="text-sm text-slate-600">Membre choisi&#160;: </span>
              <span className="font-semibold">{value.fullName}</span>
            </p>
            {value.detail ? <p className="text-sm text-slate-600">{value.detail}</p> : null}
          </div>
        </div>
        <Button
          type="button"
          size="sm"
          variant="outline"
          onClick={() => {
            focusNext.current = 'search';
            onChange(null);
          }}
        >
          Changer de membre
        </Button>
      </div>
    );
  }
  return (
    <MemberSearch
      id={id}
      inputRef={searchRef}
      viewerId={viewerId}
      searchLabel={searchLabel}
      error={error}
      onPick={(member) => {
        focusNext.current = 'summary';
        onChange(member);
      }}
    />
  );
}

/** The search half of the picker: its text starts empty each time it shows. */
function MemberSearch({
  id,
  inputRef,
  viewerId,
  searchLabel,
  error,
  onPick,
}: {
  id: string;
  inputRef: Ref<HTMLInputElement>;
  viewerId: string | null;
  searchLabel: string;
  error?: string;
  onPick: (member: PickedMember) => void;
}) {
  const [text, setText] = useState('');
  const search = useMemberSearch(text, viewerId);
  const { members } = search;
  const status = search.tooShort
    ? 'Tapez au moins 2 lettres du nom, du métier ou de l’entreprise.'
    : search.searching
      ? 'Recherche en cours…'
      : search.failed
        ? 'La recherche a échoué. Réessayez.'
        : members.length === 0
          ? 'Aucun membre trouvé.'
          : `${members.length} membre${members.length > 1 ? 's' : ''} trouvé${members.length > 1 ? 's' : ''}.`;
  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-col gap-1.5">
        <Label htmlFor={`${id}-q`}>{searchLabel}</Label>
        <div className="relative">
          <Search aria-hidden="true" className="absolute top-3 left-3 size-4 text-slate-500" />
          <Input
            ref={inputRef}
            id={`${id}-q`}
            type="search"
            className="pl-9"
            value={text}
            onChange={(e) => setText(e.target.value)}
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
        <ul
          aria-label="Membres trouvés"
          className="flex flex-col divide-y divide-slate-100 rounded-lg border border-slate-200 bg-white"
        >
          {members.map((m) => {
            const member = pickedMember(m);
            return (
              <li key={m.userId} className="flex flex-wrap items-center justify-between gap-3 px-4 py-3">
                <div className="flex min-w-0 items-center gap-3">
                  <MemberAvatar name={m.fullName} avatarUrl={m.avatarUrl} size="sm" />
                  <div className="min-w-0">
                    <p className="font-semibold text-slate-900">{m.fullName}</p>
                    {member.detail ? <p className="text-sm text-slate-600">{member.detail}</p> : null}
                  </div>
                </div>
                <Button type="button" size="sm" variant="outline" onClick={() => onPick(member)}>
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
