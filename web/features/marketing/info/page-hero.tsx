import type { ReactNode } from 'react';
import { Eyebrow, Lead, PageHeading } from '#web/components/ui/section';
import { cn } from '#web/lib/cn';

interface PageHeroProps {
  eyebrow: string;
  title: ReactNode;
  lead: ReactNode;
  /** Buttons, tiles or notes shown under the lead. */
  children?: ReactNode;
  className?: string;
}

/** The opening band of an information page: eyebrow, the page's only h1, and a lead paragraph. */
export function PageHero({ eyebrow, title, lead, children, className }: PageHeroProps) {
  return (
    <div
      className={cn(
        'relative overflow-hidden border-b border-slate-200 bg-gradient-to-b from-brand-50 to-white',
        className,
      )}
    >
      <div
        aria-hidden="true"
        className="pointer-events-none absolute -right-24 -top-24 size-72 rounded-full bg-brand-200/40 blur-3xl"
      />
      <div className="relative mx-auto w-full max-w-6xl px-4 pb-14 pt-14 sm:px-6 lg:pb-20 lg:pt-20">
        <div className="max-w-3xl">
          <Eyebrow>{eyebrow}</Eyebrow>
          <PageHeading className="mt-3 text-balance">{title}</PageHeading>
          <Lead className="mt-5 max-w-2xl">{lead}</Lead>
        </div>
        {children}
      </div>
    </div>
  );
}
