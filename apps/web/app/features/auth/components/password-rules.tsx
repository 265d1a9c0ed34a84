import { passwordRules } from '@synergie/shared/auth';
import { Check, Circle } from 'lucide-react';
import { cn } from '~/lib/utils';

/**
 * The rules of the shared password schema, ticked as the member types. Plain spans: the form
 * field puts its hint in a paragraph (no list may go there), and the field reads it as its
 * description, which screen readers flatten to text anyway.
 */
export function PasswordRules({ value }: { value: string }) {
  return (
    <span className="mt-0.5 flex flex-col gap-1">
      {passwordRules.map((rule) => {
        const met = rule.test(value);
        return (
          <span key={rule.id} className={cn('flex items-center gap-1.5', met ? 'text-green-700' : 'text-slate-600')}>
            {met ? (
              <Check aria-hidden="true" className="size-3.5 shrink-0" />
            ) : (
              <Circle aria-hidden="true" className="size-3.5 shrink-0" />
            )}
            {rule.label}
            <span className="sr-only">{met ? ' (respectée)' : ' (non respectée)'}</span>
          </span>
        );
      })}
    </span>
  );
}
