import { Copy } from 'lucide-react';
import { toast } from 'sonner';
import { type PaymentDisplayStatus, type PaymentView } from '#common/api/payments';
import { DISPUTED_LABEL, ORDER_CANCELLATION_LABELS, PAYMENT_STATUS_LABELS } from '#common/domain/labels';
import { CopyableId } from '#web/components/copyable-id';
import { usePaymentMethods } from '#web/features/connections';
import { TestBadge } from '#web/components/test-badge';
import { Badge } from '#web/components/ui/badge';
import { Button } from '#web/components/ui/button';
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableMessageRow,
  TableRow,
  TableSkeletonRows,
} from '#web/components/ui/table';
import { useCopyToClipboard } from '#web/lib/use-copy-to-clipboard';
import { formatMoney } from '#web/lib/money';
import { BuyerDetailsDialog } from './buyer-details-dialog';
import { CancelOrderAction } from './cancellations/cancel-order-dialog';
import { RefundDialog } from './refunds/refund-dialog';

const STATUS_BADGE: Record<PaymentDisplayStatus, 'success' | 'warning' | 'neutral' | 'danger'> = {
  PAID: 'success',
  PENDING: 'warning',
  EXPIRED: 'neutral',
  FAILED: 'danger',
};

const INVOICE_ID_SHOWN = 12;
const COLUMNS = 6;

/**
 * The payments of one page: method, status, amount, created time, invoice id, the Lightning request and
 * the buyer (on demand: the rows themselves hold no buyer data).
 */
export function PaymentsTable({
  payments,
  loading,
  emptyMessage,
}: {
  payments: PaymentView[] | undefined;
  loading: boolean;
  emptyMessage: string;
}) {
  // Each row has a Buyer button the keyboard reaches the scroller by; an empty or loading table (every
  // test payment left out, say) has none, so its scroller is a named region the keyboard can reach.
  const rowsWithControls = Boolean(payments?.length);
  return (
    <Table stacked caption="Payments, newest first" scrollLabel={rowsWithControls ? undefined : 'Payments'}>
      <TableHeader>
        <TableRow>
          <TableHead>Method</TableHead>
          <TableHead>Status</TableHead>
          <TableHead className="text-right">Amount</TableHead>
          <TableHead>Created</TableHead>
          <TableHead>Invoice</TableHead>
          <TableHead>
            <span className="sr-only">Payment request, refunds and buyer</span>
          </TableHead>
        </TableRow>
      </TableHeader>
      <TableBody aria-busy={loading}>
        {loading && !payments ? (
          <TableSkeletonRows rows={5} columns={COLUMNS} barClassName="w-20" />
        ) : !payments || payments.length === 0 ? (
          <TableMessageRow colSpan={COLUMNS}>{emptyMessage}</TableMessageRow>
        ) : (
          payments.map((p) => <PaymentRow key={p.id} payment={p} />)
        )}
      </TableBody>
    </Table>
  );
}

/** How a cancelled order's row reads (ADR 056). */
function cancellationLabel(order: NonNullable<PaymentView['order']>): string {
  if (order.cancelled_by === 'store') {
    return order.store_cancellation === 'kept'
      ? ORDER_CANCELLATION_LABELS.keptInStore
      : ORDER_CANCELLATION_LABELS.refundedInStore;
  }
  return ORDER_CANCELLATION_LABELS.byMerchant;
}

function PaymentRow({ payment: p }: { payment: PaymentView }) {
  const { labelOf } = usePaymentMethods();
  const created = new Date(p.created_at);
  return (
    <TableRow>
      <TableCell label="Method" className="font-medium text-slate-900">
        {labelOf(p.method)}
      </TableCell>
      <TableCell label="Status">
        <span className="inline-flex flex-wrap items-center gap-1.5">
          <Badge variant={STATUS_BADGE[p.status]}>{PAYMENT_STATUS_LABELS[p.status]}</Badge>
          {p.needs_review && <Badge variant="outline">Needs review</Badge>}
          {p.disputed && <Badge variant="danger">{DISPUTED_LABEL}</Badge>}
          {p.order?.status === 'CANCELLED' && p.order.store_cancellation !== 'flagged' && (
            <Badge variant="outline">{cancellationLabel(p.order)}</Badge>
          )}
          {p.test && <TestBadge />}
        </span>
      </TableCell>
      <TableCell label="Amount" className="text-right tabular-nums text-slate-900">
        {formatMoney(p.amount, p.currency)}
        {p.refunded > 0 && (
          <span className="block text-xs text-slate-600">
            {p.refunded >= p.amount ? 'Refunded in full' : `${formatMoney(p.refunded, p.currency)} refunded`}
          </span>
        )}
      </TableCell>
      <TableCell label="Created" className="tabular-nums text-slate-600">
        <time dateTime={p.created_at}>
          {created.toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' })}
        </time>
      </TableCell>
      <TableCell label="Invoice">
        {p.provider_invoice_id ? (
          <CopyableId
            value={p.provider_invoice_id}
            shown={
              p.provider_invoice_id.length > INVOICE_ID_SHOWN
                ? `${p.provider_invoice_id.slice(0, INVOICE_ID_SHOWN)}…`
                : p.provider_invoice_id
            }
            label="invoice id"
          />
        ) : (
          <span className="text-xs text-slate-500">None</span>
        )}
      </TableCell>
      <TableCell>
        <span className="flex flex-wrap justify-end gap-1">
          {p.payment_request && <CopyPaymentRequest paymentRequest={p.payment_request} />}
          {p.status === 'PAID' && <RefundDialog paymentId={p.id} refunded={p.refunded} />}
          {p.status === 'PAID' && p.order && <CancelOrderAction order={p.order} paymentId={p.id} />}
          <BuyerDetailsDialog paymentId={p.id} />
        </span>
      </TableCell>
    </TableRow>
  );
}

function CopyPaymentRequest({ paymentRequest }: { paymentRequest: string }) {
  const { copy } = useCopyToClipboard();
  async function onCopy() {
    if (await copy(paymentRequest)) toast.success('Payment request copied to clipboard.');
    else
      toast.error(
        'Could not copy the payment request. Your browser blocked the clipboard; try another browser.',
      );
  }
  return (
    <Button variant="ghost" size="sm" onClick={onCopy}>
      <Copy aria-hidden="true" />
      Copy request
    </Button>
  );
}
