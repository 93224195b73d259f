import type { ReactNode } from 'react';
import { Eyebrow, Lead, SectionHeading } from '#web/components/ui/section';

interface SectionIntroProps {
  eyebrow: ReactNode;
  eyebrowClassName?: string;
  /** The h2's id, for the section's aria-labelledby. */
  headingId: string;
  title: ReactNode;
  lead?: ReactNode;
  /** Centred over the section (the default), or at the start of a column. */
  align?: 'center' | 'start';
  /** Anything that follows the lead in the same block. */
  children?: ReactNode;
}

/** A section's eyebrow, h2 and optional lead paragraph. */
export function SectionIntro({
  eyebrow,
  eyebrowClassName,
  headingId,
  title,
  lead,
  align = 'center',
  children,
}: SectionIntroProps) {
  return (
    <div className={align === 'center' ? 'mx-auto max-w-2xl text-center' : undefined}>
      <Eyebrow className={eyebrowClassName}>{eyebrow}</Eyebrow>
      <SectionHeading id={headingId} className="mt-3">
        {title}
      </SectionHeading>
      {lead && <Lead className="mt-4">{lead}</Lead>}
      {children}
    </div>
  );
}
