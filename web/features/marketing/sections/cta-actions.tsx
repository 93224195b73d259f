import { ArrowRight } from 'lucide-react';
import { Link } from 'react-router';
import { Button, type ButtonProps } from '#web/components/ui/button';
import { cn } from '#web/lib/cn';

export interface CtaLink {
  to: string;
  label: string;
}

type ButtonStyle = Pick<ButtonProps, 'variant' | 'className'>;

const GHOST_ON_DARK = 'text-white ring-1 hover:bg-white/10 hover:text-white';

/** Button styles for each background the actions sit on. */
const TONES = {
  /** A light background: brand button and a white outline button. */
  light: { primary: {}, secondary: { variant: 'outline' } },
  /** A near-black background with Lightning accents. */
  lightning: {
    primary: { variant: 'lightning' },
    secondary: { variant: 'ghost', className: cn(GHOST_ON_DARK, 'ring-white/25') },
  },
  /** The dark slate band of the information pages. */
  slate: {
    primary: {},
    secondary: {
      variant: 'outline',
      className: 'border-slate-600 bg-transparent text-white hover:bg-slate-800',
    },
  },
  /** A brand-coloured band. */
  brand: {
    primary: { variant: 'outline', className: 'border-white' },
    secondary: { variant: 'ghost', className: cn(GHOST_ON_DARK, 'ring-white/40') },
  },
} satisfies Record<string, { primary: ButtonStyle; secondary: ButtonStyle }>;

export type CtaTone = keyof typeof TONES;

interface CtaActionsProps {
  primary: CtaLink;
  secondary?: CtaLink;
  tone?: CtaTone;
  /** Spacing and alignment of the row, e.g. `mt-8 justify-center`. */
  className?: string;
}

/** A large primary link with an arrow and an optional secondary link, stacked on small screens. */
export function CtaActions({ primary, secondary, tone = 'light', className }: CtaActionsProps) {
  const styles: { primary: ButtonStyle; secondary: ButtonStyle } = TONES[tone];
  return (
    <div className={cn('flex flex-col gap-3 sm:flex-row', className)}>
      <Button asChild size="lg" {...styles.primary}>
        <Link to={primary.to}>
          {primary.label}
          <ArrowRight aria-hidden="true" />
        </Link>
      </Button>
      {secondary && (
        <Button asChild size="lg" {...styles.secondary}>
          <Link to={secondary.to}>{secondary.label}</Link>
        </Button>
      )}
    </div>
  );
}
