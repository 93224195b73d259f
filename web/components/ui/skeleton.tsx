import type { ComponentProps } from 'react';
import { cn } from '#web/lib/cn';

export function Skeleton({ className, ...props }: ComponentProps<'div'>) {
  return (
    <div aria-hidden="true" className={cn('animate-pulse rounded-lg bg-slate-200', className)} {...props} />
  );
}
