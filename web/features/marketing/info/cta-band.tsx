import type { ReactNode } from 'react';
import { cn } from '#web/lib/cn';
import { CtaActions, type CtaLink } from '#web/features/marketing/sections/cta-actions';
import { CtaPanel } from '#web/features/marketing/sections/cta-panel';

const TONES = {
  slate: { text: 'text-slate-300' },
  brand: { text: 'text-brand-100' },
} as const;

interface CtaBandProps {
  title: string;
  body: ReactNode;
  primary: CtaLink;
  secondary?: CtaLink;
  /** Dark slate (the default) or the brand colour. */
  tone?: keyof typeof TONES;
  /** The h2's id; the band is then labelled by it. */
  headingId?: string;
  /** A small note under the buttons. */
  footnote?: ReactNode;
  /** Extra classes on the outer band, e.g. top padding. */
  className?: string;
}

/** A closing call to action on a dark, centred panel. */
export function CtaBand({
  title,
  body,
  primary,
  secondary,
  tone = 'slate',
  headingId,
  footnote,
  className,
}: CtaBandProps) {
  const { text } = TONES[tone];
  return (
    <section
      aria-labelledby={headingId}
      className={cn('mx-auto w-full max-w-6xl px-4 pb-16 sm:px-6 lg:pb-24', className)}
    >
      <CtaPanel tone={tone}>
        <div className="relative mx-auto max-w-2xl">
          <h2
            id={headingId}
            className="text-balance text-3xl font-bold tracking-tight text-white sm:text-4xl"
          >
            {title}
          </h2>
          <p className={cn('mt-4 text-lg leading-relaxed', text)}>{body}</p>
          <CtaActions primary={primary} secondary={secondary} tone={tone} className="mt-8 justify-center" />
          {footnote && <p className={cn('mt-6 text-sm', text)}>{footnote}</p>}
        </div>
      </CtaPanel>
    </section>
  );
}
