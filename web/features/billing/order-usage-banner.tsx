import { ShoppingBag } from 'lucide-react';
import type { BillingSummary } from '#common/api/billing';
import { cn } from '#web/lib/cn';
import { formatMoney } from '#web/lib/money';

/**
 * This month's orders against the plan's allowance: quiet below 80%, a warning near the limit, and at
 * the limit a note that orders still go through, each one billed as overage.
 */
export function OrderUsageBanner({ usage }: { usage: BillingSummary['usage'] | undefined }) {
  if (!usage || usage.limit === null) return null;
  const { count, limit, level } = usage;
  const unit = formatMoney(usage.overage_unit_amount, usage.currency, { display: 'symbol' });
  return (
    <section
      aria-label="Orders this month"
      className={cn(
        'rounded-xl border px-4 py-3',
        level === 'at_limit'
          ? 'border-red-300 bg-red-50 text-red-950'
          : level === 'near'
            ? 'border-amber-300 bg-amber-50 text-amber-950'
            : 'border-slate-200 bg-white text-slate-900',
      )}
    >
      <p className="flex items-center gap-2 text-sm font-medium">
        <ShoppingBag aria-hidden="true" className="size-4 shrink-0" />
        {count} of {limit} orders this month
      </p>
      <div
        role="progressbar"
        aria-label="Orders this month"
        aria-valuemin={0}
        aria-valuemax={limit}
        aria-valuenow={Math.min(count, limit)}
        aria-valuetext={`${count} of ${limit} orders`}
        className="mt-2 h-2 overflow-hidden rounded-full bg-slate-100"
      >
        <div
          className={cn(
            'h-full rounded-full',
            level === 'at_limit' ? 'bg-red-500' : level === 'near' ? 'bg-amber-500' : 'bg-brand-600',
          )}
          style={{ width: `${Math.min(100, (count / limit) * 100)}%` }}
        />
      </div>
      {level === 'near' && (
        <p className="mt-1 text-xs">
          You are close to your monthly limit. Orders beyond {limit} are {unit} each.
        </p>
      )}
      {level === 'at_limit' && (
        <p className="mt-1 text-xs">
          You have reached your monthly limit. Agents can keep buying: each order beyond {limit} is billed at{' '}
          {unit}
          {usage.overage_orders > 0 &&
            ` (${usage.overage_orders} so far, ${formatMoney(usage.overage_amount, usage.currency, { display: 'symbol' })})`}
          .
        </p>
      )}
    </section>
  );
}
