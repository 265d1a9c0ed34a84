import * as TabsPrimitive from '@radix-ui/react-tabs';
import type * as React from 'react';
import { cn } from '~/lib/utils';

/**
 * Tabs (Radix underneath): a tablist whose arrow keys move between tabs (Home and End to the
 * ends), each tab naming its panel (aria-controls) and each panel its tab (aria-labelledby).
 * Only the active panel is mounted, so a tab's data loads when it is opened.
 */
export const Tabs = TabsPrimitive.Root;

export function TabsList({ className, ...props }: React.ComponentProps<typeof TabsPrimitive.List>) {
  return (
    <TabsPrimitive.List
      // Wrapped, never scrolled sideways: on a phone every tab stays in sight (a strip that scrolls
      // hides its last tabs with no sign of them, issue 28).
      className={cn('flex flex-wrap gap-x-1 border-b border-slate-200', className)}
      {...props}
    />
  );
}

export function TabsTrigger({ className, ...props }: React.ComponentProps<typeof TabsPrimitive.Trigger>) {
  return (
    <TabsPrimitive.Trigger
      className={cn(
        '-mb-px shrink-0 whitespace-nowrap border-b-2 border-transparent px-4 py-3 text-sm font-semibold text-slate-600 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-offset-[-2px] focus-visible:outline-brand-600 data-[state=active]:border-brand-700 data-[state=active]:text-brand-800 sm:text-base',
        className,
      )}
      {...props}
    />
  );
}

export function TabsContent({ className, ...props }: React.ComponentProps<typeof TabsPrimitive.Content>) {
  return <TabsPrimitive.Content className={cn('pt-8 focus-visible:outline-none', className)} {...props} />;
}
