import { Plus, X } from 'lucide-react';
import type * as React from 'react';
import { useEffect, useId, useRef, useState } from 'react';
import { Button } from '~/components/ui/button';
import { Input } from '~/components/ui/input';
import { Label } from '~/components/ui/label';

export interface ChipInputProps {
  label: string;
  value: string[];
  onChange: (next: string[]) => void;
  onBlur?: () => void;
  /** Most items allowed (the shared schema's SKILLS_MAX, LOOKING_FOR_MAX). */
  max: number;
  /** Longest item, in characters (the shared schema's limit). */
  maxLength?: number;
  placeholder?: string;
  error?: string;
  ref?: React.Ref<HTMLInputElement>;
}

/** Same rule as the shared chip schema: 'React' and 'react' are the same chip. */
const sameChip = (a: string, b: string) => a.toLocaleLowerCase('fr') === b.toLocaleLowerCase('fr');

/**
 * A list of short texts typed one by one (spec section 5, skills and looking_for): added with
 * Enter or the 'Ajouter' button, trimmed, never blank nor twice; removed by clicking the chip.
 */
export function ChipInput({ label, value, onChange, onBlur, max, maxLength, placeholder, error, ref }: ChipInputProps) {
  const id = useId();
  const [draft, setDraft] = useState('');
  const [notice, setNotice] = useState('');
  const inputRef = useRef<HTMLInputElement | null>(null);
  const listRef = useRef<HTMLUListElement>(null);
  // After a removal, focus goes to the chip that took its place (or the field), never to <body>.
  const focusAfterRemoval = useRef<number | null>(null);

  useEffect(() => {
    if (focusAfterRemoval.current === null) return;
    const chips = listRef.current?.querySelectorAll('button') ?? [];
    const next = chips[Math.min(focusAfterRemoval.current, chips.length - 1)];
    focusAfterRemoval.current = null;
    (next ?? inputRef.current)?.focus();
  });

  const add = () => {
    const item = draft.trim();
    if (item === '') {
      setDraft('');
      return;
    }
    if (value.some((existing) => sameChip(existing, item))) {
      setNotice(`«\u00a0${item}\u00a0» est déjà dans la liste`);
      return;
    }
    if (value.length >= max) {
      setNotice(`Maximum ${max} éléments`);
      return;
    }
    onChange([...value, item]);
    setDraft('');
    setNotice('');
  };

  const remove = (index: number) => {
    focusAfterRemoval.current = index;
    onChange(value.filter((_, i) => i !== index));
    setNotice('');
  };

  const hintId = `${id}-hint`;
  const noticeId = `${id}-notice`;
  const errorId = `${id}-error`;

  return (
    <fieldset className="flex min-w-0 flex-col gap-1.5" aria-labelledby={`${id}-label`}>
      <Label id={`${id}-label`} htmlFor={id}>
        {label}
      </Label>
      <div className="flex gap-2">
        <Input
          id={id}
          ref={(node) => {
            inputRef.current = node;
            if (typeof ref === 'function') ref(node);
            else if (ref) ref.current = node;
          }}
          value={draft}
          maxLength={maxLength}
          placeholder={placeholder}
          aria-invalid={Boolean(error)}
          aria-describedby={[hintId, notice ? noticeId : null, error ? errorId : null].filter(Boolean).join(' ')}
          onChange={(event) => {
            setDraft(event.target.value);
            if (notice) setNotice('');
          }}
          onBlur={onBlur}
          onKeyDown={(event) => {
            // Enter adds the chip; it must not submit the surrounding form.
            if (event.key !== 'Enter' || event.nativeEvent.isComposing) return;
            event.preventDefault();
            add();
          }}
        />
        <Button type="button" variant="outline" onClick={add}>
          <Plus aria-hidden="true" />
          Ajouter
        </Button>
      </div>
      <p id={hintId} className="text-sm text-slate-600">
        Entrée ou «&nbsp;Ajouter&nbsp;» pour ajouter, clic sur un élément pour le retirer ({value.length} sur {max}).
      </p>
      {value.length > 0 ? (
        <ul ref={listRef} className="flex flex-wrap gap-2" aria-label={`${label}\u00a0: ${value.length} sur ${max}`}>
          {value.map((item, index) => (
            <li key={item}>
              <button
                type="button"
                onClick={() => remove(index)}
                aria-label={`Retirer ${item}`}
                className="inline-flex max-w-full items-center gap-1 rounded-full bg-brand-100 py-1 pr-2 pl-3 text-sm font-medium break-all text-brand-900 hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
              >
                {item}
                <X aria-hidden="true" className="size-3.5 shrink-0" />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <p id={noticeId} className="text-sm text-slate-700" aria-live="polite">
        {notice}
      </p>
      {error ? (
        <p id={errorId} className="text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
