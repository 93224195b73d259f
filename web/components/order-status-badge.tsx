import { orderStatusLabel } from '#common/domain/labels';
import { Badge } from '#web/components/ui/badge';

type Tone = 'success' | 'warning' | 'danger';

/** Fulfilled and accepted orders went through; pending and in-progress ones wait; the rest failed. */
export function orderStatusTone(status: string): Tone {
  if (status === 'FULFILLED' || status === 'ACCEPTED') return 'success';
  if (status === 'PENDING' || status === 'IN_PROGRESS') return 'warning';
  return 'danger';
}

export function OrderStatusBadge({ status }: { status: string }) {
  return <Badge variant={orderStatusTone(status)}>{orderStatusLabel(status)}</Badge>;
}
