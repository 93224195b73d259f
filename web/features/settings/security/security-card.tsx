import { useId, type ReactNode } from 'react';
import type { LucideIcon } from 'lucide-react';

/** The frame every Security tab card shares: icon, title, one line on what it does, then its body. */
export function SecurityCard({
  icon: Icon,
  title,
  description,
  aside,
  children,
}: {
  icon: LucideIcon;
  title: string;
  description: ReactNode;
  /** Beside the title: a badge or the card's main action. */
  aside?: ReactNode;
  children?: ReactNode;
}) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="grid gap-4 rounded-xl border border-slate-200 p-4">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="flex items-start gap-3">
          <span className="inline-flex size-9 shrink-0 items-center justify-center rounded-lg bg-brand-50 text-brand-700">
            <Icon aria-hidden="true" className="size-4" />
          </span>
          <div>
            <h3 id={headingId} className="font-semibold text-slate-900">
              {title}
            </h3>
            <p className="text-sm text-slate-600">{description}</p>
          </div>
        </div>
        {aside && <div className="flex shrink-0 items-center gap-2">{aside}</div>}
      </div>
      {children}
    </section>
  );
}
