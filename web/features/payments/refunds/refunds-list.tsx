import type { RefundView } from '#common/api/refunds';
import { REFUND_REASON_LABELS, REFUND_STATUS_LABELS } from '#common/domain/labels';
import type { RefundStatus } from '#common/domain/refunds';
import { Badge } from '#web/components/ui/badge';
import { TestBadge } from '#web/components/test-badge';
import { formatMoney } from '#web/lib/money';

const STATUS_BADGE: Record<RefundStatus, 'success' | 'warning' | 'danger'> = {
  succeeded: 'success',
  pending: 'warning',
  failed: 'danger',
};

/** What a pending refund waits for, by how the money goes back. */
const PENDING_NOTE: Record<RefundView['rail'], string> = {
  card: 'The card provider has not finished it yet.',
  lightning: 'Waiting for the buyer to give a Lightning invoice on their order page.',
};

/** A payment's refunds, oldest first, each with its status and, when it failed, why. */
export function RefundsList({ refunds }: { refunds: RefundView[] }) {
  if (refunds.length === 0) {
    return <p className="text-sm text-slate-600">No refunds of this payment yet.</p>;
  }
  return (
    <ul aria-label="Refunds" className="divide-y divide-slate-100 rounded-xl border border-slate-200">
      {refunds.map((refund) => (
        <li key={refund.id} className="grid gap-1 px-4 py-3 text-sm">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <span className="font-medium tabular-nums text-slate-900">
              {formatMoney(refund.amount, refund.currency)}
            </span>
            <span className="inline-flex flex-wrap items-center gap-1.5">
              <Badge variant={STATUS_BADGE[refund.status]}>{REFUND_STATUS_LABELS[refund.status]}</Badge>
              {refund.test && <TestBadge />}
            </span>
          </div>
          <p className="text-slate-600">
            <time dateTime={refund.created_at}>
              {new Date(refund.created_at).toLocaleString(undefined, {
                dateStyle: 'medium',
                timeStyle: 'short',
              })}
            </time>
            {' · '}
            {REFUND_REASON_LABELS[refund.reason]}
            {refund.origin === 'provider_dashboard' && ' · Made in the provider’s dashboard'}
          </p>
          {refund.line_items && (
            <p className="text-slate-600">
              {refund.line_items.map((line) => `${line.quantity} × ${line.sku}`).join(', ')}
              {refund.restock && ' · back in stock'}
            </p>
          )}
          {refund.amount_sats !== null && (
            <p className="text-slate-600">
              {refund.amount_sats.toLocaleString()} sats at the rate the buyer paid at
            </p>
          )}
          {refund.settled_outside && <p className="text-slate-600">Refunded outside AgentCart</p>}
          {refund.status === 'pending' && (
            <p className="text-slate-600">
              {refund.rail === 'lightning' && !refund.awaiting_invoice
                ? 'The buyer gave an invoice; your provider is paying it.'
                : PENDING_NOTE[refund.rail]}
            </p>
          )}
          {refund.status === 'failed' && (
            <p className="text-red-700">
              Not refunded: {refund.failure_reason ?? 'the provider refused it without a reason.'} Its amount
              is refundable again.
            </p>
          )}
        </li>
      ))}
    </ul>
  );
}
