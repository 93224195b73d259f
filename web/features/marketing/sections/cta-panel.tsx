import type { ReactNode } from 'react';
import { cn } from '#web/lib/cn';

/** Panel colour, vertical padding and the two blurred glows behind the content. */
const TONES = {
  night: {
    panel: 'bg-slate-950 lg:py-16',
    glows: ['-top-24 -right-24 size-72 bg-lightning-500/25', '-bottom-32 -left-20 size-72 bg-brand-600/30'],
  },
  slate: {
    panel: 'bg-slate-900 text-center sm:py-16',
    glows: ['-left-20 -top-20 size-64 bg-brand-600/40', '-bottom-24 -right-16 size-64 bg-lightning-500/20'],
  },
  brand: {
    panel: 'bg-brand-700 text-center lg:py-16',
    glows: ['-top-24 -left-24 size-72 bg-brand-500/50', '-right-24 -bottom-24 size-72 bg-emerald-400/25'],
  },
} satisfies Record<string, { panel: string; glows: [string, string] }>;

export type CtaPanelTone = keyof typeof TONES;

/** The rounded, dark call-to-action panel with two soft glows; the content sits above them. */
export function CtaPanel({ tone, children }: { tone: CtaPanelTone; children: ReactNode }) {
  const { panel, glows } = TONES[tone];
  return (
    <div className={cn('relative overflow-hidden rounded-3xl px-6 py-12 sm:px-12', panel)}>
      {glows.map((glow) => (
        <div
          key={glow}
          aria-hidden="true"
          className={cn('pointer-events-none absolute rounded-full blur-3xl', glow)}
        />
      ))}
      {children}
    </div>
  );
}
