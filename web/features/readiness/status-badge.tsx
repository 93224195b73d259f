import { CircleCheck, CircleX, TriangleAlert, type LucideIcon } from 'lucide-react';
import { Badge } from '#web/components/ui/badge';
import type { StatusLabel, Tone } from './readiness-status';

export const TONE_ICONS: Record<Tone, LucideIcon> = {
  good: CircleCheck,
  warning: TriangleAlert,
  error: CircleX,
};

const TONE_BADGES = { good: 'success', warning: 'warning', error: 'danger' } as const;

/** A status as a badge: icon, colour and the word, so colour is never the only cue. */
export function StatusBadge({ status, className }: { status: StatusLabel; className?: string }) {
  const Icon = TONE_ICONS[status.tone];
  return (
    <Badge variant={TONE_BADGES[status.tone]} className={className}>
      <Icon aria-hidden="true" className="size-3.5" />
      {status.label}
    </Badge>
  );
}
