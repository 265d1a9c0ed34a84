import { Eye, EyeOff } from 'lucide-react';
import type * as React from 'react';
import { useState } from 'react';
import { Input } from '~/components/ui/input';
import { NEEDS_SCRIPTS } from '~/lib/needs-scripts';
import { cn } from '~/lib/utils';

/**
 * A password field with a button to show what was typed (handy on phones). The button works
 * through React only: hidden until the page has hydrated (NEEDS_SCRIPTS).
 */
export function PasswordInput({ className, ...props }: Omit<React.ComponentProps<'input'>, 'type'>) {
  const [visible, setVisible] = useState(false);
  return (
    <div className="relative">
      <Input {...props} type={visible ? 'text' : 'password'} className={cn('pr-11', className)} />
      <button
        type="button"
        onClick={() => setVisible((v) => !v)}
        aria-label={visible ? 'Masquer le mot de passe' : 'Afficher le mot de passe'}
        aria-pressed={visible}
        className={cn(
          'absolute inset-y-0 right-0 flex w-10 items-center justify-center rounded-r-md text-slate-600 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-brand-600',
          NEEDS_SCRIPTS,
        )}
      >
        {visible ? <EyeOff aria-hidden="true" className="size-4" /> : <Eye aria-hidden="true" className="size-4" />}
      </button>
    </div>
  );
}
