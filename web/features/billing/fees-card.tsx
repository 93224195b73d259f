import { ExternalLink, Receipt } from 'lucide-react';
import { useId } from 'react';
import type { BillingSummary } from '#common/api/billing';
import { Badge } from '#web/components/ui/badge';
import { SectionCard } from '#web/components/ui/section-card';
import { LoadError } from '#web/components/ui/load-error';
import { LoadingState, Skeleton } from '#web/components/ui/skeleton';
import { formatMoney } from '#web/lib/money';
import { useBillingSummary } from './api';

/** Fees read as a bill does: £2.50 (a currency the product bills in has its symbol). */
const billed = (minor: number, currency: string) => formatMoney(minor, currency, { display: 'symbol' });

type FeeInvoice = BillingSummary['fee_invoices'][number];

const monthName = (month: string) =>
  new Date(`${month}-01T00:00:00Z`).toLocaleDateString('en-GB', {
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });

const shortDate = (iso: string) =>
  new Date(iso).toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric' });

const INVOICE_STATUS: Record<
  FeeInvoice['status'],
  { label: string; variant: 'warning' | 'success' | 'neutral' }
> = {
  open: { label: 'Unpaid', variant: 'warning' },
  paid: { label: 'Paid', variant: 'success' },
  void: { label: 'Void', variant: 'neutral' },
  uncollectible: { label: 'Uncollectible', variant: 'neutral' },
};

/**
 * AgentCart's transaction fees, honestly: this month's (taken at checkout by Stripe Connect, or accrued
 * on orders paid elsewhere and to be invoiced after the month), the monthly invoices sent to a merchant
 * without a subscription (an unpaid one links to its Stripe-hosted page), and fees held back because
 * they are in a currency the merchant is not billed in.
 */
export function FeesCard() {
  const summary = useBillingSummary();
  return (
    <SectionCard title="Fees" description="AgentCart's transaction fees on your paid orders." icon={Receipt}>
      {summary.isPending ? (
        <LoadingState label="Loading fees...">
          <Skeleton className="h-6 w-24" />
        </LoadingState>
      ) : summary.isError ? (
        <LoadError
          title="Fees could not be loaded"
          onRetry={() => void summary.refetch()}
          retrying={summary.isFetching}
        >
          {summary.error.message}
        </LoadError>
      ) : (
        <FeesDetails summary={summary.data} />
      )}
    </SectionCard>
  );
}

export function FeesDetails({
  summary,
}: {
  summary: Pick<BillingSummary, 'fees' | 'fee_invoices' | 'held_fees' | 'usage'>;
}) {
  const { fees, fee_invoices: invoices, held_fees: held } = summary;
  const id = useId();
  return (
    <div className="space-y-4">
      <h3 className="text-sm font-semibold text-slate-900">This month</h3>
      {fees.length === 0 ? (
        <p className="text-sm text-slate-600">
          No fees yet this month. Fees appear as agents place paid orders.
        </p>
      ) : (
        <ul className="space-y-3">
          {fees.map((f) => (
            <li key={f.currency} className="text-sm">
              <p className="text-xl font-bold text-slate-900">{billed(f.charged + f.accrued, f.currency)}</p>
              <p className="text-slate-600">
                on {f.orders} {f.orders === 1 ? 'order' : 'orders'}: {billed(f.charged, f.currency)} taken at
                checkout, {billed(f.accrued, f.currency)} to be invoiced
              </p>
            </li>
          ))}
        </ul>
      )}
      {invoices.length > 0 && (
        <section aria-labelledby={`${id}-invoiced`} className="space-y-2 border-t border-slate-200 pt-3">
          <h3 id={`${id}-invoiced`} className="text-sm font-semibold text-slate-900">
            Invoiced
          </h3>
          <ul className="space-y-2">
            {invoices.map((invoice) => (
              <InvoiceLine key={invoice.id} invoice={invoice} />
            ))}
          </ul>
        </section>
      )}
      {held.length > 0 && (
        <section aria-labelledby={`${id}-held`} className="space-y-2 border-t border-slate-200 pt-3">
          <h3 id={`${id}-held`} className="text-sm font-semibold text-slate-900">
            Held
          </h3>
          <ul className="space-y-1">
            {held.map((h) => (
              <li key={h.currency} className="text-sm text-slate-600">
                {billed(h.amount, h.currency)} held: in {h.currency}; your billing currency is{' '}
                {summary.usage.currency}
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}

function InvoiceLine({ invoice }: { invoice: FeeInvoice }) {
  const status = INVOICE_STATUS[invoice.status];
  const parts = [
    `${billed(invoice.fees, invoice.currency)} in fees`,
    ...(invoice.overage > 0 ? [`${billed(invoice.overage, invoice.currency)} in overage`] : []),
  ];
  return (
    <li className="flex flex-wrap items-center justify-between gap-2 text-sm">
      <div>
        <p className="font-medium text-slate-900">
          {monthName(invoice.month)}: {billed(invoice.amount_due, invoice.currency)}{' '}
          <Badge variant={status.variant}>{status.label}</Badge>
        </p>
        <p className="text-slate-600">
          {parts.join(', ')}
          {invoice.status === 'open' && invoice.due_at ? `, due ${shortDate(invoice.due_at)}` : ''}
        </p>
      </div>
      {invoice.status === 'open' && invoice.hosted_invoice_url && (
        <a
          href={invoice.hosted_invoice_url}
          target="_blank"
          rel="noopener noreferrer"
          className="inline-flex items-center gap-1 font-medium text-brand-700 underline-offset-2 hover:underline"
        >
          Pay invoice
          <ExternalLink aria-hidden="true" className="size-4" />
          <span className="sr-only">(opens in a new tab)</span>
        </a>
      )}
    </li>
  );
}
