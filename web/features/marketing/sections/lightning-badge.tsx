import { Zap } from 'lucide-react';
import type { ReactNode } from 'react';

/** A small amber pill with a lightning bolt, for the Lightning beta on dark backgrounds. */
export function LightningBadge({ children }: { children: ReactNode }) {
  return (
    <span className="inline-flex items-center gap-1.5 rounded-full bg-lightning-400/15 px-3 py-1 text-xs font-semibold text-lightning-400 ring-1 ring-lightning-400/30">
      <Zap aria-hidden="true" className="size-3.5" />
      {children}
    </span>
  );
}
