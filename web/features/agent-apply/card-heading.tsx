import type { ReactNode } from 'react';

/** A card's title as the page's second heading level (the design system's CardTitle is an h3). */
export function CardHeading({ id, children }: { id?: string; children: ReactNode }) {
  return (
    <h2 id={id} className="text-lg font-semibold leading-tight text-slate-900">
      {children}
    </h2>
  );
}
