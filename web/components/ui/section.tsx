import type { ComponentProps } from 'react';
import { cn } from '#web/lib/cn';

/** A page-width content band used by the marketing pages. */
export function Section({ className, ...props }: ComponentProps<'section'>) {
  return (
    <section className={cn('mx-auto w-full max-w-6xl px-4 py-16 sm:px-6 lg:py-24', className)} {...props} />
  );
}

export function Eyebrow({ className, ...props }: ComponentProps<'p'>) {
  return (
    <p
      className={cn('text-sm font-semibold uppercase tracking-wider text-brand-600', className)}
      {...props}
    />
  );
}

export function PageHeading({ className, ...props }: ComponentProps<'h1'>) {
  return (
    <h1
      className={cn('text-4xl font-bold tracking-tight text-slate-900 sm:text-5xl', className)}
      {...props}
    />
  );
}

export function SectionHeading({ className, ...props }: ComponentProps<'h2'>) {
  return (
    <h2
      className={cn('text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl', className)}
      {...props}
    />
  );
}

export function Lead({ className, ...props }: ComponentProps<'p'>) {
  return <p className={cn('text-lg leading-relaxed text-slate-600', className)} {...props} />;
}
