import type { LucideIcon } from 'lucide-react';
import { useId, type ReactNode } from 'react';
import { Card, CardContent, CardDescription, CardHeader } from './card';

/**
 * A dashboard card that is a named region: its heading labels it, so screen-reader users can jump between
 * cards. `aside` sits at the header's end (a status badge, a View All link).
 */
export function SectionCard({
  title,
  description,
  icon: Icon,
  aside,
  contentClassName,
  children,
}: {
  title: ReactNode;
  description: ReactNode;
  icon?: LucideIcon;
  aside?: ReactNode;
  contentClassName?: string;
  children: ReactNode;
}) {
  const headingId = useId();
  return (
    <Card role="region" aria-labelledby={headingId}>
      <CardHeader className="flex-row items-start justify-between gap-4">
        <div className="space-y-1.5">
          <h2
            id={headingId}
            className="flex items-center gap-2 text-lg font-semibold leading-tight text-slate-900"
          >
            {Icon && <Icon aria-hidden="true" className="size-5 text-brand-600" />}
            {title}
          </h2>
          <CardDescription>{description}</CardDescription>
        </div>
        {aside}
      </CardHeader>
      <CardContent className={contentClassName}>{children}</CardContent>
    </Card>
  );
}
