import type { ComponentProps } from 'react';
import { cn } from '#web/lib/cn';

export function Skeleton({ className, ...props }: ComponentProps<'div'>) {
  return (
    <div aria-hidden="true" className={cn('animate-pulse rounded-lg bg-slate-200', className)} {...props} />
  );
}

/** Skeletons while something loads, announced once to screen readers by `label`. */
export function LoadingState({ label, className, children }: ComponentProps<'div'> & { label: string }) {
  return (
    <div aria-busy="true" className={cn('space-y-2', className)}>
      <span className="sr-only" role="status">
        {label}
      </span>
      {children}
    </div>
  );
}
