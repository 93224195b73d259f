import { RotateCcw } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import type {
  CreateRefundInput,
  PaymentRefundsOutput,
  RefundableItemView,
  RefundableView,
} from '#common/api/refunds';
import { REFUND_REASON_LABELS } from '#common/domain/labels';
import { currencyDecimals, decimalToMinor } from '#common/domain/money';
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
import { Field, Label } from '#web/components/ui/field';
import { Input } from '#web/components/ui/input';
import { LoadError } from '#web/components/ui/load-error';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '#web/components/ui/select';
import { LoadingState, Skeleton } from '#web/components/ui/skeleton';
import { Switch } from '#web/components/ui/switch';
import { ApiRequestError } from '#web/lib/api-client';
import { cn } from '#web/lib/cn';
import { formatMoney } from '#web/lib/money';
import { useIdempotentSubmission } from '#web/lib/use-idempotent-submission';
import { usePaymentRefunds, useCreateRefund } from './api';
import { RefundsList } from './refunds-list';

type Kind = 'full' | 'amount' | 'items';

const KIND_LABELS: Record<Kind, string> = {
  full: 'Everything left',
  amount: 'An amount',
  items: 'Items',
};

/**
 * The Refund action of one payment: a dialog with what is left to refund, a form for a full refund, a
 * refund by amount or by line items (with the restock choice) and a reason, and the payment's refunds.
 */
export function RefundDialog({ paymentId, refunded = 0 }: { paymentId: string; refunded?: number }) {
  const [open, setOpen] = useState(false);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="ghost" size="sm">
          <RotateCcw aria-hidden="true" />
          {refunded > 0 ? 'Refunds' : 'Refund'}
        </Button>
      </DialogTrigger>
      <DialogContent className="max-h-[calc(100dvh-2rem)] overflow-y-auto">
        <DialogTitle>Refund this payment</DialogTitle>
        <DialogDescription>
          Give some or all of the payment back. It is never more than what is left to refund.
        </DialogDescription>
        {open && <RefundPanel paymentId={paymentId} />}
      </DialogContent>
    </Dialog>
  );
}

function RefundPanel({ paymentId }: { paymentId: string }) {
  const refunds = usePaymentRefunds(paymentId, true);
  if (refunds.isPending) {
    return (
      <LoadingState label="Loading the refunds">
        <div className="mt-4 space-y-3">
          <Skeleton className="h-16 rounded-xl" />
          <Skeleton className="h-10" />
          <Skeleton className="h-10" />
        </div>
      </LoadingState>
    );
  }
  if (refunds.isError) {
    return (
      <div className="mt-4">
        <LoadError
          title="Failed to load the refunds."
          onRetry={() => void refunds.refetch()}
          retrying={refunds.isFetching}
        >
          {refunds.error.message}
        </LoadError>
      </div>
    );
  }
  const data = refunds.data;
  return (
    <div className="mt-4 grid gap-5">
      <Remainder refundable={data.refundable} />
      {data.refundable.remaining > 0 ? (
        <RefundForm paymentId={paymentId} data={data} />
      ) : (
        <p className="rounded-xl bg-slate-50 px-4 py-3 text-sm text-slate-700">
          {data.refundable.paid === 0
            ? 'Only a paid payment can be refunded.'
            : 'Nothing is left to refund on this payment.'}
        </p>
      )}
      <section aria-labelledby={`refunds-${paymentId}`} className="grid gap-2">
        <h3 id={`refunds-${paymentId}`} className="text-sm font-semibold text-slate-900">
          Refunds of this payment
        </h3>
        <RefundsList refunds={data.refunds} />
      </section>
    </div>
  );
}

/** Paid, refunded, held by pending refunds, and what is left: the figure the form never exceeds. */
function Remainder({ refundable: r }: { refundable: RefundableView }) {
  const money = (minor: number) => formatMoney(minor, r.currency);
  return (
    <dl className="grid grid-cols-2 gap-x-4 gap-y-1 rounded-xl border border-slate-200 px-4 py-3 text-sm">
      <dt className="text-slate-600">Paid</dt>
      <dd className="text-right tabular-nums text-slate-900">{money(r.paid)}</dd>
      <dt className="text-slate-600">Refunded</dt>
      <dd className="text-right tabular-nums text-slate-900">{money(r.refunded)}</dd>
      {r.pending > 0 && (
        <>
          <dt className="text-slate-600">Pending refunds</dt>
          <dd className="text-right tabular-nums text-slate-900">{money(r.pending)}</dd>
        </>
      )}
      <dt className="font-semibold text-slate-900">Left to refund</dt>
      <dd className="text-right font-semibold tabular-nums text-slate-900" data-testid="refund-remaining">
        {money(r.remaining)}
      </dd>
    </dl>
  );
}

/** The amount as typed, in minor units; null when it is not a usable amount of this currency. */
function parseAmount(text: string, currency: string): number | null {
  const trimmed = text.trim();
  if (!/^\d+(\.\d*)?$/.test(trimmed)) return null;
  try {
    return decimalToMinor(trimmed, currency);
  } catch {
    return null;
  }
}

/** What a refused refund means and what to do next, from the server's answer. */
function refusalOf(err: unknown): { title: string; next: string } {
  if (!(err instanceof ApiRequestError)) {
    return { title: 'The refund could not be sent.', next: 'Try again in a moment.' };
  }
  if (err.status === 409) {
    return {
      title: err.message,
      next: 'Another refund of this payment may have been made meanwhile (in another tab, say). The amount left to refund above is up to date: check it and try again.',
    };
  }
  if (err.status === 422 || err.status === 400) {
    const fields = Object.values(err.fieldErrors);
    return {
      title: err.message,
      next: fields.length
        ? `${fields.join('. ')}. Change the refund and try again.`
        : 'Change the refund and try again.',
    };
  }
  if (err.status === 0) return { title: err.message, next: 'Nothing was refunded yet. Try again.' };
  return {
    title: err.message,
    next: 'Nothing is refunded twice: sending the same refund again is safe. Try again in a moment.',
  };
}

function RefundForm({ paymentId, data }: { paymentId: string; data: PaymentRefundsOutput }) {
  const { refundable, items } = data;
  const { currency, remaining } = refundable;
  const create = useCreateRefund(paymentId);
  const [kind, setKind] = useState<Kind>('full');
  const [amountText, setAmountText] = useState('');
  const [quantities, setQuantities] = useState<Record<string, string>>({});
  const [restock, setRestock] = useState(false);
  const [reason, setReason] = useState<RefundReason | ''>('');
  // A Lightning provider with no payout API: the merchant refunds outside AgentCart and says so here.
  const outside = data.lightning_payout === 'outside_agentcart';
  const [refundedOutside, setRefundedOutside] = useState(false);
  const [showErrors, setShowErrors] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  // One request at a time, one Idempotency-Key per submission (a retry refunds once; a change is new).
  const submission = useIdempotentSubmission();

  const itemLines = items
    .map((item) => ({ item, quantity: Number(quantities[item.sku] || 0) }))
    .filter((line) => Number.isInteger(line.quantity) && line.quantity > 0);
  const badItems = items.filter((item) => {
    const text = quantities[item.sku];
    if (!text) return false;
    const n = Number(text);
    return !Number.isInteger(n) || n < 0 || n > item.refundable_quantity;
  });
  const amountMinor =
    kind === 'full'
      ? remaining
      : kind === 'amount'
        ? parseAmount(amountText, currency)
        : itemLines.reduce((total, line) => total + line.item.unit_amount * line.quantity, 0);

  const amountError =
    kind !== 'amount'
      ? undefined
      : amountMinor === null
        ? `Enter an amount like ${formatMoney(Math.min(remaining, 10 ** currencyDecimals(currency) * 5), currency, { display: 'none' })}`
        : amountMinor <= 0
          ? 'The amount must be more than zero'
          : amountMinor > remaining
            ? `At most ${formatMoney(remaining, currency)}, what is left to refund`
            : undefined;
  const itemsError =
    kind !== 'items'
      ? undefined
      : badItems.length > 0
        ? 'Each quantity is a whole number, at most what is left of that item'
        : itemLines.length === 0
          ? 'Choose how many of at least one item to refund'
          : amountMinor !== null && amountMinor > remaining
            ? `These items come to ${formatMoney(amountMinor, currency)}, more than the ${formatMoney(remaining, currency)} left to refund`
            : undefined;
  const reasonError = reason ? undefined : 'Choose a reason';
  const outsideError =
    outside && !refundedOutside ? 'Confirm you refunded the buyer outside AgentCart' : undefined;
  const invalid = Boolean(amountError || itemsError || reasonError || outsideError);

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    setShowErrors(true);
    setDone(null);
    if (invalid || create.isPending || !reason) return;
    const body: CreateRefundInput =
      kind === 'full'
        ? { reason }
        : kind === 'amount'
          ? { reason, amount: amountMinor! }
          : {
              reason,
              restock,
              line_items: itemLines.map((line) => ({ sku: line.item.sku, quantity: line.quantity })),
            };
    if (outside) body.refunded_outside = true;
    const idempotencyKey = submission.begin(body);
    if (!idempotencyKey) return;
    create.mutate(
      { body, idempotencyKey },
      {
        onSettled: (_data, error) => submission.end(!error),
        onSuccess: ({ refund }) => {
          const money = formatMoney(refund.amount, refund.currency);
          const message = refund.settled_outside
            ? `Recorded ${money} refunded outside AgentCart.`
            : refund.status === 'succeeded'
              ? `Refunded ${money}.`
              : refund.awaiting_invoice
                ? `Refund of ${money} made; it waits for the buyer's Lightning invoice on their order page.`
                : refund.status === 'pending'
                  ? `Refund of ${money} sent; it is pending until the provider settles it.`
                  : `The refund of ${money} failed: ${refund.failure_reason ?? 'the provider refused it'}.`;
          setDone(message);
          if (refund.status === 'failed') toast.error(message);
          else toast.success(message);
          setKind('full');
          setAmountText('');
          setQuantities({});
          setRestock(false);
          setReason('');
          setRefundedOutside(false);
          setShowErrors(false);
        },
      },
    );
  }

  const refusal = create.isError ? refusalOf(create.error) : null;
  const verb = outside ? 'Record refund of' : 'Refund';
  const submitLabel =
    amountMinor !== null && amountMinor > 0 && amountMinor <= remaining
      ? `${verb} ${formatMoney(amountMinor, currency)}`
      : outside
        ? 'Record refund'
        : 'Refund';

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4" aria-label="New refund">
      <fieldset className="grid gap-2">
        <legend className="mb-1 text-sm font-medium text-slate-800">What to refund</legend>
        <div className="grid gap-2 sm:grid-cols-3">
          {(Object.keys(KIND_LABELS) as Kind[])
            .filter((k) => k !== 'items' || items.length > 0)
            .map((k) => (
              <label
                key={k}
                className={cn(
                  'flex cursor-pointer items-center gap-2 rounded-xl border px-3 py-2 text-sm',
                  kind === k ? 'border-brand-500 bg-brand-50 ring-1 ring-brand-500' : 'border-slate-200',
                )}
              >
                <input
                  type="radio"
                  name={`refund-kind-${paymentId}`}
                  value={k}
                  checked={kind === k}
                  onChange={() => setKind(k)}
                  className="size-4 accent-brand-600"
                />
                {KIND_LABELS[k]}
              </label>
            ))}
        </div>
      </fieldset>

      {kind === 'full' && (
        <p className="text-sm text-slate-700">
          Refunds the {formatMoney(remaining, currency)} left on this payment.
        </p>
      )}

      {kind === 'amount' && (
        <Field
          label={`Amount (${currency})`}
          hint={`At most ${formatMoney(remaining, currency)}`}
          error={showErrors ? amountError : undefined}
        >
          <Input
            inputMode="decimal"
            autoComplete="off"
            value={amountText}
            onChange={(e) => setAmountText(e.target.value)}
          />
        </Field>
      )}

      {kind === 'items' && (
        <ItemsPicker
          items={items}
          currency={currency}
          quantities={quantities}
          onChange={setQuantities}
          restock={restock}
          onRestockChange={setRestock}
          error={showErrors ? itemsError : undefined}
          paymentId={paymentId}
        />
      )}

      <div className="grid gap-1.5">
        <Label id={`refund-reason-label-${paymentId}`}>Reason</Label>
        <Select value={reason} onValueChange={(v) => setReason(v as RefundReason)}>
          <SelectTrigger
            // The placeholder is read as text, so it keeps the contrast of text.
            className="data-[placeholder]:text-slate-600"
            aria-labelledby={`refund-reason-label-${paymentId}`}
            aria-invalid={showErrors && reasonError ? true : undefined}
            aria-describedby={showErrors && reasonError ? `refund-reason-error-${paymentId}` : undefined}
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
          <p
            id={`refund-reason-error-${paymentId}`}
            role="alert"
            className="text-xs font-medium text-red-600"
          >
            {reasonError}
          </p>
        )}
      </div>

      {data.lightning_payout === 'buyer_invoice' && (
        <Alert title="The buyer collects a Lightning refund">
          A paid Lightning invoice cannot be reversed. The refund waits, pending, until the buyer gives an
          invoice for it on their order page, in sats at the rate they paid at; your provider then pays it.
        </Alert>
      )}
      {outside && (
        <div className="grid gap-3">
          <Alert variant="warning" title="Refund this payment outside AgentCart">
            Your Lightning provider cannot send refunds through AgentCart. Give the buyer their money back
            another way (from your provider&rsquo;s account, say), then record it here so your payments, store
            and the buyer&rsquo;s agent show the refund. AgentCart sends nothing.
          </Alert>
          <div className="flex items-start gap-3">
            <Switch
              id={`refund-outside-${paymentId}`}
              checked={refundedOutside}
              onCheckedChange={setRefundedOutside}
              aria-invalid={showErrors && outsideError ? true : undefined}
              aria-describedby={showErrors && outsideError ? `refund-outside-error-${paymentId}` : undefined}
            />
            <Label htmlFor={`refund-outside-${paymentId}`}>I have refunded the buyer outside AgentCart</Label>
          </div>
          {showErrors && outsideError && (
            <p
              id={`refund-outside-error-${paymentId}`}
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
      {done && !create.isPending && (
        <Alert variant="success" title={done}>
          The amount left to refund is updated above.
        </Alert>
      )}

      <Button type="submit" disabled={create.isPending} aria-busy={create.isPending}>
        {create.isPending ? 'Refunding…' : submitLabel}
      </Button>
    </form>
  );
}

function ItemsPicker({
  items,
  currency,
  quantities,
  onChange,
  restock,
  onRestockChange,
  error,
  paymentId,
}: {
  items: RefundableItemView[];
  currency: string;
  quantities: Record<string, string>;
  onChange: (next: Record<string, string>) => void;
  restock: boolean;
  onRestockChange: (next: boolean) => void;
  error: string | undefined;
  paymentId: string;
}) {
  const errorId = `refund-items-error-${paymentId}`;
  const restockId = `refund-restock-${paymentId}`;
  return (
    <fieldset className="grid gap-3" aria-describedby={error ? errorId : undefined}>
      <legend className="mb-1 text-sm font-medium text-slate-800">Items to refund</legend>
      <ul className="grid gap-2">
        {items.map((item) => (
          <li
            key={item.sku}
            className="flex flex-wrap items-center justify-between gap-2 rounded-xl border border-slate-200 px-3 py-2"
          >
            <div className="min-w-0">
              <p className="text-sm font-medium break-words text-slate-900">{item.name}</p>
              <p className="text-xs text-slate-600">
                {formatMoney(item.unit_amount, currency)} each ·{' '}
                {item.refundable_quantity === 0
                  ? 'all refunded'
                  : `${item.refundable_quantity} of ${item.quantity} left to refund`}
              </p>
            </div>
            <Input
              type="number"
              min={0}
              max={item.refundable_quantity}
              step={1}
              inputMode="numeric"
              className="w-20"
              aria-label={`How many of ${item.name} to refund`}
              aria-invalid={error ? true : undefined}
              disabled={item.refundable_quantity === 0}
              value={quantities[item.sku] ?? ''}
              placeholder="0"
              onChange={(e) => onChange({ ...quantities, [item.sku]: e.target.value })}
            />
          </li>
        ))}
      </ul>
      {error && (
        <p id={errorId} role="alert" className="text-xs font-medium text-red-600">
          {error}
        </p>
      )}
      <div className="flex items-center gap-3">
        <Switch id={restockId} checked={restock} onCheckedChange={onRestockChange} />
        <Label htmlFor={restockId}>Put the refunded items back in stock</Label>
      </div>
    </fieldset>
  );
}
