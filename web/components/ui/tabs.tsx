import { Tabs as TabsPrimitive } from 'radix-ui';
import type { ComponentProps } from 'react';
import { cn } from '#web/lib/cn';
import { useHydrated } from '#web/lib/use-hydrated';

export const Tabs = TabsPrimitive.Root;

export function TabsList({ className, ...props }: ComponentProps<typeof TabsPrimitive.List>) {
  return (
    <TabsPrimitive.List
      className={cn('inline-flex h-10 items-center rounded-lg bg-slate-100 p-1 text-slate-600', className)}
      {...props}
    />
  );
}

export function TabsTrigger({ className, disabled, ...props }: ComponentProps<typeof TabsPrimitive.Trigger>) {
  // Inert until the app has started on a pre-rendered page, without looking disabled: Radix selects a tab
  // on mousedown, which the held-and-replayed click of a button (app/early-interactions.ts) cannot stand
  // in for.
  const hydrated = useHydrated();
  return (
    <TabsPrimitive.Trigger
      disabled={disabled || !hydrated}
      className={cn(
        'inline-flex flex-1 items-center justify-center whitespace-nowrap rounded-md px-3 py-1.5 text-sm font-medium transition-all focus-visible:outline-2 focus-visible:outline-brand-500 disabled:opacity-50 data-[state=active]:bg-white data-[state=active]:text-slate-900 data-[state=active]:shadow-sm',
        !hydrated && !disabled && 'disabled:opacity-100',
        className,
      )}
      {...props}
    />
  );
}

export function TabsContent({ className, ...props }: ComponentProps<typeof TabsPrimitive.Content>) {
  return <TabsPrimitive.Content className={cn('mt-4 focus-visible:outline-none', className)} {...props} />;
}
