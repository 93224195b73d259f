import { Ban } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { whyNotCancellable, type CancelOrderInput } from '#common/api/orders';
import { ORDER_CANCELLATION_LABELS, REFUND_REASON_LABELS } from '#common/domain/labels';
import { REFUND_REASONS, type RefundReason } from '#common/domain/refunds';
import { Alert } from '#web/components/ui/alert';
import { Button } from '#web/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogTitle,
  DialogTrigger,
} from '#web/components/ui/dialog';
import { Label } from '#web/components/ui/field';
import { LoadError } from '#web/components/ui/load-error';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '#web/components/ui/select';
import { LoadingState, Skeleton } from '#web/components/ui/skeleton';
import { Switch } from '#web/components/ui/switch';
import { ApiRequestError } from '#web/lib/api-client';
import { formatMoney } from '#web/lib/money';
import { useIdempotentSubmission } from '#web/lib/use-idempotent-submission';
import { usePaymentRefunds } from '../refunds/api';
import { useCancelOrder, useDecideStoreCancellation } from './api';

export interface CancellableOrder {
  id: string;
  status: string;
  cancelled_by: 'merchant' | 'store' | null;
  store_cancellation: 'flagged' | 'refunded' | 'kept' | null;
}

/**
 * The Cancel order action beside Refund (ADR 056): a confirmation dialog saying in words what happens
 * (the refund of what is left, the store's order cancelled, the buyer's agent told), with a reason. Shown
 * disabled, with why, when the order can no longer be cancelled; an order the store cancelled and the
 * merchant's policy flagged shows its decision instead.
 */
export function CancelOrderAction({ order, paymentId }: { order: CancellableOrder; paymentId: string }) {
  if (order.store_cancellation === 'flagged') {
    return <StoreCancellationDecision orderId={order.id} paymentId={paymentId} />;
  }
  if (order.status === 'CANCELLED') return null;
  const why = whyNotCancellable(order.status);
  if (why) {
    const hintId = `cancel-why-${order.id}`;
    return (
      <span className="inline-flex">
        <Button variant="ghost" size="sm" disabled aria-describedby={hintId} title={why}>
          <Ban aria-hidden="true" />
          {ORDER_CANCELLATION_LABELS.action}
        </Button>
        <span id={hintId} className="sr-only">
          {why}
        </span>
      </span>
    );
  }
  return <CancelOrderDialog orderId={order.id} paymentId={paymentId} />;
}

function CancelOrderDialog({ orderId, paymentId }: { orderId: string; paymentId: string }) {
  const [open, setOpen] = useState(false);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="ghost" size="sm">
          <Ban aria-hidden="true" />
          {ORDER_CANCELLATION_LABELS.action}
        </Button>
      </DialogTrigger>
      <DialogContent className="max-h-[calc(100dvh-2rem)] overflow-y-auto">
        <DialogTitle>Cancel this order?</DialogTitle>
        <DialogDescription>The order has not been fulfilled yet, so it can be cancelled.</DialogDescription>
        {open && <CancelPanel orderId={orderId} paymentId={paymentId} onDone={() => setOpen(false)} />}
      </DialogContent>
    </Dialog>
  );
}

function PanelLoading() {
  return (
    <LoadingState label="Loading the payment">
      <div className="mt-4 space-y-3">
        <Skeleton className="h-16 rounded-xl" />
        <Skeleton className="h-10" />
      </div>
    </LoadingState>
  );
}

/** What a refused cancellation means and what to do next. */
function refusalOf(err: unknown): { title: string; next: string } {
  if (!(err instanceof ApiRequestError)) {
    return { title: 'The order could not be cancelled.', next: 'Try again in a moment.' };
  }
  if (err.status === 409) {
    return {
      title: err.message,
      next: 'The order changed meanwhile (in another tab, say). Nothing was refunded by this request.',
    };
  }
  if (err.status === 422 || err.status === 400) {
    const fields = Object.values(err.fieldErrors);
    return { title: err.message, next: fields.length ? `${fields.join('. ')}.` : 'Change it and try again.' };
  }
  return {
    title: err.message,
    next: 'Nothing is cancelled or refunded twice: trying again is safe.',
  };
}

function CancelPanel({
  orderId,
  paymentId,
  onDone,
}: {
  orderId: string;
  paymentId: string;
  onDone: () => void;
}) {
  const refunds = usePaymentRefunds(paymentId, true);
  const cancel = useCancelOrder(orderId);
  const [reason, setReason] = useState<RefundReason | ''>('');
  const [refundedOutside, setRefundedOutside] = useState(false);
  const [showErrors, setShowErrors] = useState(false);
  const submission = useIdempotentSubmission();

  if (refunds.isPending) return <PanelLoading />;
  if (refunds.isError) {
    return (
      <div className="mt-4">
        <LoadError
          title="Failed to load the payment."
          onRetry={() => void refunds.refetch()}
          retrying={refunds.isFetching}
        >
          {refunds.error.message}
        </LoadError>
      </div>
    );
  }
  const { refundable, rail, lightning_payout: payout } = refunds.data;
  const left = formatMoney(refundable.remaining, refundable.currency);
  const outside = rail === 'lightning' && payout === 'outside_agentcart' && refundable.remaining > 0;
  const reasonError = reason ? undefined : 'Choose a reason';
  const outsideError =
    outside && !refundedOutside ? 'Confirm you refunded the buyer outside AgentCart' : undefined;

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    setShowErrors(true);
    if (reasonError || outsideError || cancel.isPending || !reason) return;
    const body: CancelOrderInput = { reason, ...(outside ? { refunded_outside: true } : {}) };
    const idempotencyKey = submission.begin(body);
    if (!idempotencyKey) return;
    cancel.mutate(
      { body, idempotencyKey },
      {
        onSettled: (_data, error) => submission.end(!error),
        onSuccess: ({ refund }) => {
          toast.success(
            refund
              ? `Order cancelled. ${formatMoney(refund.amount, refund.currency)} ${refund.status === 'succeeded' ? 'refunded' : 'refund on its way'}.`
              : 'Order cancelled.',
          );
          onDone();
        },
      },
    );
  }

  const refusal = cancel.isError ? refusalOf(cancel.error) : null;
  return (
    <form onSubmit={onSubmit} noValidate className="mt-4 grid gap-4" aria-label="Cancel the order">
      <section aria-labelledby={`cancel-what-${orderId}`} className="grid gap-1.5">
        <h3 id={`cancel-what-${orderId}`} className="text-sm font-semibold text-slate-900">
          What will happen
        </h3>
        <ul className="list-disc space-y-1 pl-5 text-sm text-slate-700">
          <li>
            {refundable.remaining === 0
              ? 'Nothing is left to refund on this payment, so no money moves.'
              : rail === 'card'
                ? `The buyer is refunded ${left}, everything left on the payment, to their card.`
                : payout === 'buyer_invoice'
                  ? `The buyer is refunded ${left}: they collect it with a Lightning invoice on their order page.`
                  : `You record that the buyer got ${left} back outside AgentCart.`}
          </li>
          <li>The order is cancelled in your store.</li>
          <li>The buyer&rsquo;s agent is told the order is cancelled.</li>
        </ul>
      </section>

      <div className="grid gap-1.5">
        <Label id={`cancel-reason-label-${orderId}`}>Reason</Label>
        <Select value={reason} onValueChange={(v) => setReason(v as RefundReason)}>
          <SelectTrigger
            className="data-[placeholder]:text-slate-600"
            aria-labelledby={`cancel-reason-label-${orderId}`}
            aria-invalid={showErrors && reasonError ? true : undefined}
            aria-describedby={showErrors && reasonError ? `cancel-reason-error-${orderId}` : undefined}
          >
            <SelectValue placeholder="Choose a reason" />
          </SelectTrigger>
          <SelectContent>
            {REFUND_REASONS.map((r) => (
              <SelectItem key={r} value={r}>
                {REFUND_REASON_LABELS[r]}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
        {showErrors && reasonError && (
          <p id={`cancel-reason-error-${orderId}`} role="alert" className="text-xs font-medium text-red-600">
            {reasonError}
          </p>
        )}
      </div>

      {outside && (
        <div className="grid gap-2">
          <div className="flex items-start gap-3">
            <Switch
              id={`cancel-outside-${orderId}`}
              checked={refundedOutside}
              onCheckedChange={setRefundedOutside}
              aria-invalid={showErrors && outsideError ? true : undefined}
              aria-describedby={showErrors && outsideError ? `cancel-outside-error-${orderId}` : undefined}
            />
            <Label htmlFor={`cancel-outside-${orderId}`}>I have refunded the buyer outside AgentCart</Label>
          </div>
          {showErrors && outsideError && (
            <p
              id={`cancel-outside-error-${orderId}`}
              role="alert"
              className="text-xs font-medium text-red-600"
            >
              {outsideError}
            </p>
          )}
        </div>
      )}

      {refusal && (
        <Alert variant="error" title={refusal.title}>
          {refusal.next}
        </Alert>
      )}

      <Button type="submit" variant="destructive" disabled={cancel.isPending} aria-busy={cancel.isPending}>
        {cancel.isPending
          ? 'Cancelling…'
          : refundable.remaining > 0
            ? `Cancel order and refund ${left}`
            : 'Cancel order'}
      </Button>
    </form>
  );
}

/** An order the store cancelled, flagged by the merchant's policy: refund the buyer in full, or keep it. */
function StoreCancellationDecision({ orderId, paymentId }: { orderId: string; paymentId: string }) {
  const [open, setOpen] = useState(false);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="outline" size="sm">
          {ORDER_CANCELLATION_LABELS.flagged}
        </Button>
      </DialogTrigger>
      <DialogContent className="max-h-[calc(100dvh-2rem)] overflow-y-auto">
        <DialogTitle>{ORDER_CANCELLATION_LABELS.flagged}</DialogTitle>
        <DialogDescription>
          Your store cancelled this order. Refund the buyer in full, or keep the payment (if you settled it
          with the buyer another way).
        </DialogDescription>
        {open && <DecisionPanel orderId={orderId} paymentId={paymentId} onDone={() => setOpen(false)} />}
      </DialogContent>
    </Dialog>
  );
}

function DecisionPanel({
  orderId,
  paymentId,
  onDone,
}: {
  orderId: string;
  paymentId: string;
  onDone: () => void;
}) {
  const refunds = usePaymentRefunds(paymentId, true);
  const decide = useDecideStoreCancellation(orderId);
  if (refunds.isPending) return <PanelLoading />;
  if (refunds.isError) {
    return (
      <div className="mt-4">
        <LoadError
          title="Failed to load the payment."
          onRetry={() => void refunds.refetch()}
          retrying={refunds.isFetching}
        >
          {refunds.error.message}
        </LoadError>
      </div>
    );
  }
  const { refundable } = refunds.data;
  const left = formatMoney(refundable.remaining, refundable.currency);
  const choose = (decision: 'refund' | 'keep') =>
    decide.mutate(
      { decision },
      {
        onSuccess: () => {
          toast.success(decision === 'refund' ? `Refunded ${left}.` : 'Kept: no refund.');
          onDone();
        },
      },
    );
  return (
    <div className="mt-4 grid gap-4">
      <p className="text-sm text-slate-700">{left} is left to refund on this payment.</p>
      {decide.isError && (
        <Alert variant="error" title={refusalOf(decide.error).title}>
          {refusalOf(decide.error).next}
        </Alert>
      )}
      <div className="flex flex-wrap gap-2">
        <Button onClick={() => choose('refund')} disabled={decide.isPending}>
          Refund {left}
        </Button>
        <Button variant="outline" onClick={() => choose('keep')} disabled={decide.isPending}>
          Keep the payment
        </Button>
      </div>
    </div>
  );
}
