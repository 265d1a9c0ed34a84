import { useCallback, useId, useLayoutEffect, useRef, useState } from 'react';
import { Textarea } from '~/components/ui/textarea';
import { useDebounced } from '~/lib/use-debounced';
import { cn } from '~/lib/utils';
import { type ForumMentionable, useMentionable } from '../api/forum';

export interface Mention {
  id: string;
  name: string;
}

/** The `@` being typed just before the caret: where it starts and the letters after it. */
export function mentionQuery(text: string, caret: number): { start: number; q: string } | null {
  const before = text.slice(0, caret);
  const match = /(?:^|[\s(])@(\p{L}[\p{L}'’-]*(?: [\p{L}'’-]*)?)$/u.exec(before);
  if (!match?.[1]) return null;
  return { start: caret - match[1].length - 1, q: match[1] };
}

/**
 * The members picked with `@` in a message. `idsIn(body)` keeps those whose `@Name` is still in
 * the text: a mention erased from the text notifies nobody.
 */
export function useMentionPicks(initial: readonly Mention[] = []) {
  const [picked, setPicked] = useState<Mention[]>(() => [...initial]);
  const add = useCallback(
    (member: Mention) => setPicked((list) => (list.some((m) => m.id === member.id) ? list : [...list, member])),
    [],
  );
  const idsIn = useCallback(
    (body: string) => [...new Set(picked.filter((m) => body.includes(`@${m.name}`)).map((m) => m.id))],
    [picked],
  );
  const reset = useCallback(() => setPicked([]), []);
  return { picked, add, idsIn, reset };
}

type TextareaProps = {
  id: string;
  'aria-invalid': boolean;
  'aria-describedby'?: string;
};

/**
 * A message's text box where `@` and two letters propose members (GET /api/forum/mentionable):
 * a listbox tied to the box (aria-controls, aria-activedescendant), the arrows move, Enter or Tab
 * inserts `@Name`, Escape closes. The number of proposals is read out.
 */
export function MentionTextarea({
  value,
  onChange,
  onBlur,
  onPick,
  rows = 6,
  field,
  name,
}: {
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  onPick: (member: Mention) => void;
  rows?: number;
  field: TextareaProps;
  name?: string;
}) {
  const listId = useId();
  const ref = useRef<HTMLTextAreaElement>(null);
  const [caret, setCaret] = useState<number | null>(null);
  const [active, setActive] = useState(0);
  const [dismissedAt, setDismissedAt] = useState<number | null>(null);
  const pendingCaret = useRef<number | null>(null);

  const query = caret === null ? null : mentionQuery(value, caret);
  const q = query && query.start !== dismissedAt ? query.q.trim() : '';
  const debounced = useDebounced(q, 200);
  const search = useMentionable(debounced);
  const members: ForumMentionable[] = q.length >= 2 && debounced.length >= 2 ? (search.data?.members ?? []) : [];
  const open = members.length > 0;
  const current = open ? Math.min(active, members.length - 1) : -1;
  const optionId = (i: number) => `${listId}-option-${i}`;

  useLayoutEffect(() => {
    if (pendingCaret.current !== null && ref.current) {
      ref.current.setSelectionRange(pendingCaret.current, pendingCaret.current);
      pendingCaret.current = null;
    }
  });

  const readCaret = (el: HTMLTextAreaElement) => setCaret(el.selectionStart ?? el.value.length);

  const pick = (member: ForumMentionable) => {
    if (!query) return;
    const insert = `@${member.name} `;
    const end = caret ?? query.start + query.q.length + 1;
    const next = `${value.slice(0, query.start)}${insert}${value.slice(end)}`;
    const at = query.start + insert.length;
    pendingCaret.current = at;
    onChange(next);
    onPick({ id: member.id, name: member.name });
    setCaret(at);
    setActive(0);
    ref.current?.focus();
  };

  const onKeyDown = (event: React.KeyboardEvent<HTMLTextAreaElement>) => {
    if (!open) return;
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      setActive((current + 1) % members.length);
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      setActive((current - 1 + members.length) % members.length);
    } else if (event.key === 'Enter' || event.key === 'Tab') {
      const member = members[current];
      if (member) {
        event.preventDefault();
        pick(member);
      }
    } else if (event.key === 'Escape') {
      event.preventDefault();
      setDismissedAt(query?.start ?? null);
    }
  };

  const status =
    q.length >= 2 && debounced.length >= 2 && search.data
      ? members.length === 0
        ? 'Aucun membre à mentionner.'
        : `${members.length} membre${members.length > 1 ? 's' : ''} à mentionner\u00a0: flèches pour choisir, Entrée pour insérer.`
      : '';

  return (
    <div className="relative">
      <Textarea
        {...field}
        ref={ref}
        name={name}
        rows={rows}
        value={value}
        aria-autocomplete="list"
        aria-controls={open ? listId : undefined}
        aria-activedescendant={open && current >= 0 ? optionId(current) : undefined}
        onChange={(event) => {
          onChange(event.target.value);
          readCaret(event.target);
          setActive(0);
        }}
        onKeyUp={(event) => {
          if (!['ArrowDown', 'ArrowUp', 'Enter', 'Tab', 'Escape'].includes(event.key)) readCaret(event.currentTarget);
        }}
        onClick={(event) => readCaret(event.currentTarget)}
        onKeyDown={onKeyDown}
        onBlur={() => {
          setCaret(null);
          onBlur?.();
        }}
      />
      <p role="status" className="sr-only">
        {status}
      </p>
      {open ? (
        <div
          id={listId}
          role="listbox"
          aria-label="Membres à mentionner"
          className="absolute z-20 mt-1 max-h-60 w-full max-w-sm overflow-y-auto rounded-lg border border-slate-200 bg-white py-1 shadow-lg"
        >
          {members.map((member, i) => (
            // biome-ignore lint/a11y/useFocusableInteractive: the text box keeps the focus and names the option by aria-activedescendant
            // biome-ignore lint/a11y/useKeyWithClickEvents: the keyboard picks from the text box (↓ ↑ Entrée Échap)
            <div
              key={member.id}
              id={optionId(i)}
              role="option"
              aria-selected={i === current}
              className={cn(
                'cursor-pointer px-3 py-2 text-sm',
                i === current ? 'bg-brand-50 text-brand-900' : 'text-slate-800 hover:bg-slate-50',
              )}
              // The text box keeps the focus while the mouse picks.
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => pick(member)}
            >
              <span className="font-medium">{member.name}</span>
              {member.trade ? <span className="text-slate-600"> · {member.trade}</span> : null}
            </div>
          ))}
        </div>
      ) : null}
    </div>
  );
}
