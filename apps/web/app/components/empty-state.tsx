import type { LucideIcon } from 'lucide-react';
import type * as React from 'react';
import { cn } from '~/lib/utils';

/** What a list shows when it has nothing yet: an icon, a sentence and an optional action. */
export function EmptyState({
  icon: Icon,
  children,
  action,
  className,
}: {
  icon: LucideIcon;
  children: React.ReactNode;
  action?: React.ReactNode;
  className?: string;
}) {
  return (
    <div
      className={cn(
        'flex flex-col items-center gap-4 rounded-xl border border-dashed border-slate-300 bg-slate-50 px-6 py-12 text-center',
        className,
      )}
    >
      <Icon aria-hidden="true" className="size-10 text-slate-500" />
      <p className="max-w-xl text-slate-700">{children}</p>
      {action}
    </div>
  );
}
