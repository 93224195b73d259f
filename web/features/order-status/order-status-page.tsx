import { ExternalLink, MapPin, PackageCheck, SearchX, Truck, Zap } from 'lucide-react';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import type { BuyerLightningRefund, OrderStatus, OrderStatusView } from '#common/api/order-status';
import { Field } from '#web/components/ui/field';
import { Textarea } from '#web/components/ui/input';
import { OrderStatusBadge } from '#web/components/order-status-badge';
import { Button } from '#web/components/ui/button';
import { Card, CardContent } from '#web/components/ui/card';
import { LoadError } from '#web/components/ui/load-error';
import { Section } from '#web/components/ui/section';
import { Skeleton } from '#web/components/ui/skeleton';
import { isNotFound } from '#web/lib/api-client';
import { formatMoney } from '#web/lib/money';
import { useSeo } from '#web/lib/use-seo';
import { useOrderStatus, useSubmitRefundInvoice } from './api/order-status';

/** What each status means to the person who bought, in their words rather than the engine's. */
const STATUS_TEXT: Record<OrderStatus, string> = {
  PENDING: 'Your payment went through. The store has not picked up your order yet.',
  IN_PROGRESS: 'Your payment went through. Your order is on its way to the store.',
  ACCEPTED: 'The store has accepted your order and is getting it ready.',
  FULFILLED: 'The store has sent your order on its way.',
  CANCELLED: 'This order was cancelled.',
  REJECTED: 'The store could not take this order. Contact the store about your payment.',
};

const placedAtText = (iso: string) =>
  new Intl.DateTimeFormat(undefined, { dateStyle: 'long', timeStyle: 'short' }).format(new Date(iso));

/**
 * /order-status/:token: an ACP buyer's order, opened from the permalink_url the agent shared. The token
 * is the only key, so the page shows the order and nothing that identifies the buyer beyond the town it
 * goes to (docs/decisions/031).
 */
export default function OrderStatusPage() {
  const { token = '' } = useParams();
  useSeo({ title: 'Order status', description: 'Where your order stands.', noIndex: true });
  const order = useOrderStatus(token);

  let content;
  if (order.isPending) {
    content = <OrderLoading />;
  } else if (order.isError) {
    content = isNotFound(order.error) ? (
      <OrderNotFound message={order.error.message} />
    ) : (
      <LoadError
        title="We could not load this order"
        onRetry={() => void order.refetch()}
        retrying={order.isFetching}
      >
        {order.error.message}
      </LoadError>
    );
  } else {
    content = <OrderDetails order={order.data} token={token} />;
  }
  return <Section className="max-w-2xl py-10 sm:py-16">{content}</Section>;
}

function OrderLoading() {
  return (
    <Card aria-busy="true">
      <CardContent className="grid gap-4 py-8">
        <span className="sr-only" role="status">
          Loading your order...
        </span>
        <Skeleton className="h-4 w-1/3" />
        <Skeleton className="h-8 w-2/3" />
        <Skeleton className="h-4 w-full" />
        <Skeleton className="h-24 w-full rounded-xl" />
        <Skeleton className="h-16 w-full rounded-xl" />
      </CardContent>
    </Card>
  );
}

function OrderNotFound({ message }: { message: string }) {
  return (
    <Card className="text-center">
      <CardContent className="grid justify-items-center gap-4 py-12">
        <span className="inline-flex size-14 items-center justify-center rounded-2xl bg-slate-100 text-slate-500">
          <SearchX aria-hidden="true" className="size-7" />
        </span>
        <h1 className="text-2xl font-bold tracking-tight text-slate-900">Order not found</h1>
        <p className="max-w-md text-slate-600">{message}</p>
        <Button asChild variant="outline" className="mt-2">
          <Link to="/">Back to Home</Link>
        </Button>
      </CardContent>
    </Card>
  );
}

function OrderDetails({ order, token }: { order: OrderStatusView; token: string }) {
  const itemsHeading = useId();
  const deliveryHeading = useId();
  const { currency } = order;
  return (
    <Card>
      <CardContent className="grid gap-8 py-8">
        <header className="grid gap-3">
          <p className="text-sm font-medium text-slate-600">Order from {order.merchantName}</p>
          <div className="flex flex-wrap items-center gap-3">
            <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">
              {order.orderNumber ? `Order ${order.orderNumber}` : 'Your order'}
            </h1>
            <OrderStatusBadge status={order.status} />
          </div>
          <p className="text-slate-700">{STATUS_TEXT[order.status]}</p>
          <p className="text-sm text-slate-600">
            Placed <time dateTime={order.placedAt}>{placedAtText(order.placedAt)}</time>
          </p>
        </header>

        <section aria-labelledby={itemsHeading} className="grid gap-3">
          <h2 id={itemsHeading} className="text-base font-semibold text-slate-900">
            Items
          </h2>
          <ul className="divide-y divide-slate-100 rounded-xl border border-slate-200">
            {order.items.map((item, index) => (
              <li key={index} className="flex items-start justify-between gap-4 px-4 py-3">
                <div className="min-w-0">
                  <p className="font-medium break-words text-slate-900">{item.name}</p>
                  <p className="text-sm text-slate-600">
                    Qty {item.quantity} × {formatMoney(item.unitAmount, currency)}
                  </p>
                </div>
                <p className="shrink-0 text-sm font-medium tabular-nums text-slate-900">
                  {formatMoney(item.total, currency)}
                </p>
              </li>
            ))}
          </ul>
          <dl className="grid gap-2 px-1 text-sm">
            <TotalRow label="Subtotal" value={formatMoney(order.subtotal, currency)} />
            <TotalRow
              label={`Shipping (${order.shipping.label})`}
              value={formatMoney(order.shipping.amount, currency)}
            />
            <TotalRow label="Total" value={formatMoney(order.total, currency)} strong />
            {order.refunded > 0 && (
              <TotalRow label="Refunded" value={formatMoney(order.refunded, currency)} />
            )}
          </dl>
        </section>

        {order.lightningRefunds.length > 0 && <LightningRefunds order={order} token={token} />}

        <section aria-labelledby={deliveryHeading} className="grid gap-3">
          <h2 id={deliveryHeading} className="text-base font-semibold text-slate-900">
            Delivery
          </h2>
          <div className="grid gap-3 rounded-xl bg-slate-50 px-4 py-3 text-sm text-slate-700">
            <IconLine icon={<MapPin aria-hidden="true" className="size-4" />}>
              Going to {order.deliverTo.city}, {order.deliverTo.country} by {order.shipping.label}
            </IconLine>
            {order.tracking ? (
              <IconLine icon={<Truck aria-hidden="true" className="size-4" />}>
                <span>
                  {[order.tracking.carrier, order.tracking.number].filter(Boolean).join(' · ') || 'Shipped'}
                </span>
                {order.tracking.url && (
                  <a
                    href={order.tracking.url}
                    target="_blank"
                    rel="noopener noreferrer"
                    className="ml-2 inline-flex items-center gap-1 font-medium text-brand-700 underline underline-offset-2 hover:text-brand-800"
                  >
                    Track shipment
                    <ExternalLink aria-hidden="true" className="size-3.5" />
                    <span className="sr-only">(opens in a new tab)</span>
                  </a>
                )}
              </IconLine>
            ) : (
              <IconLine icon={<PackageCheck aria-hidden="true" className="size-4" />}>
                Tracking details appear here once the store ships your order.
              </IconLine>
            )}
          </div>
        </section>

        <p className="border-t border-slate-100 pt-6 text-sm text-slate-600">
          Questions about this order? {order.merchantName} can help. Anyone with this link can see this page,
          so share it only with people you trust.
        </p>
      </CardContent>
    </Card>
  );
}

const satsText = (sats: number) => `${sats.toLocaleString()} sats`;

const REFUND_STATE_TEXT: Record<BuyerLightningRefund['status'], string> = {
  awaiting_invoice: 'Waiting for your invoice',
  sending: 'Being sent to your wallet',
  paid: 'Paid to your wallet',
  failed: 'Could not be paid: contact the store',
};

/**
 * A Lightning refund reaches the buyer as a payment to an invoice they make (ADR 053): "Get your
 * refund" asks for one for the refund's sats, stated with the fiat amount and the rate they paid at.
 */
function LightningRefunds({ order, token }: { order: OrderStatusView; token: string }) {
  const heading = useId();
  const { currency } = order;
  const waiting = order.lightningRefunds.find((r) => r.status === 'awaiting_invoice');
  return (
    <section aria-labelledby={heading} className="grid gap-3">
      <h2 id={heading} className="flex items-center gap-2 text-base font-semibold text-slate-900">
        <Zap aria-hidden="true" className="size-4 text-amber-500" />
        {waiting ? 'Get your refund' : 'Your refunds'}
      </h2>
      <ul className="divide-y divide-slate-100 rounded-xl border border-slate-200 text-sm">
        {order.lightningRefunds.map((refund, index) => (
          <li key={index} className="flex flex-wrap items-center justify-between gap-2 px-4 py-3">
            <span className="font-medium tabular-nums text-slate-900">
              {formatMoney(refund.amount, currency)} · {satsText(refund.amountSats)}
            </span>
            <span className="text-slate-600">{REFUND_STATE_TEXT[refund.status]}</span>
          </li>
        ))}
      </ul>
      {waiting && <RefundInvoiceForm refund={waiting} order={order} token={token} />}
    </section>
  );
}

function RefundInvoiceForm({
  refund,
  order,
  token,
}: {
  refund: BuyerLightningRefund;
  order: OrderStatusView;
  token: string;
}) {
  const submit = useSubmitRefundInvoice(token);
  const [invoice, setInvoice] = useState('');
  const [missing, setMissing] = useState(false);
  const { currency } = order;
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (submit.isPending) return;
    if (!invoice.trim()) {
      setMissing(true);
      return;
    }
    setMissing(false);
    submit.mutate(invoice.trim(), { onSuccess: () => setInvoice('') });
  };
  const error = missing ? 'Paste a Lightning invoice' : submit.isError ? submit.error.message : undefined;
  return (
    <form
      onSubmit={onSubmit}
      noValidate
      className="grid gap-3 rounded-xl bg-slate-50 px-4 py-4"
      aria-label="Get your refund"
    >
      <p className="text-sm text-slate-700">
        {order.merchantName} is refunding you {formatMoney(refund.amount, currency)}. You paid in bitcoin, so
        the refund is paid to your Lightning wallet: <strong>{satsText(refund.amountSats)}</strong>
        {order.btcPriceMinor !== null && (
          <>
            , at the rate you paid (1 BTC ={' '}
            {formatMoney(order.btcPriceMinor, currency, { display: 'symbol' })})
          </>
        )}
        . In your wallet, make an invoice for exactly {satsText(refund.amountSats)} and paste it here.
      </p>
      <Field label="Lightning invoice" error={error}>
        <Textarea
          value={invoice}
          onChange={(e) => setInvoice(e.target.value)}
          rows={3}
          autoComplete="off"
          spellCheck={false}
          placeholder="lnbc…"
          className="font-mono text-xs break-all"
        />
      </Field>
      <Button
        type="submit"
        disabled={submit.isPending}
        aria-busy={submit.isPending}
        className="justify-self-start"
      >
        {submit.isPending ? 'Sending your refund…' : `Get ${satsText(refund.amountSats)}`}
      </Button>
    </form>
  );
}

function TotalRow({ label, value, strong = false }: { label: string; value: string; strong?: boolean }) {
  const tone = strong ? 'font-semibold text-slate-900' : 'text-slate-600';
  return (
    <div className={`flex justify-between gap-4 ${strong ? 'border-t border-slate-100 pt-2' : ''}`}>
      <dt className={tone}>{label}</dt>
      <dd className={`tabular-nums ${tone}`}>{value}</dd>
    </div>
  );
}

function IconLine({ icon, children }: { icon: ReactNode; children: ReactNode }) {
  return (
    <p className="flex items-start gap-2">
      <span className="mt-0.5 shrink-0 text-slate-500">{icon}</span>
      <span className="min-w-0">{children}</span>
    </p>
  );
}
