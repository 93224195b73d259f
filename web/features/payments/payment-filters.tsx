import { Download } from 'lucide-react';
import { PAYMENT_DISPLAY_STATUSES, type PaymentDisplayStatus } from '#common/api/payments';
import { PAYMENT_STATUS_LABELS } from '#common/domain/labels';
import { IncludeTestSwitch } from '#web/components/include-test-switch';
import { Button } from '#web/components/ui/button';
import { Field, Label } from '#web/components/ui/field';
import { Input } from '#web/components/ui/input';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '#web/components/ui/select';
import { usePaymentMethods } from '#web/features/connections';
import { cn } from '#web/lib/cn';
import { paymentsExportUrl } from './api/payments';

export interface PaymentsFilterState {
  /** `all`, or a method name the server lists (`stripe_spt`, `btc_<provider>`). */
  method: string;
  status: PaymentDisplayStatus | 'all';
  from: string;
  to: string;
  /** The merchant's own test payments are left out unless switched on (ADR 043). */
  includeTest: boolean;
}

export const NO_FILTERS: PaymentsFilterState = {
  method: 'all',
  status: 'all',
  from: '',
  to: '',
  includeTest: false,
};

/** The filter state as the API takes it: unset fields left out. */
export function toApiFilter(filter: PaymentsFilterState) {
  return {
    method: filter.method === 'all' ? undefined : filter.method,
    status: filter.status,
    from: filter.from || undefined,
    to: filter.to || undefined,
    include_test: filter.includeTest ? ('true' as const) : undefined,
  };
}

const STATUS_CHOICES = ['all', ...PAYMENT_DISPLAY_STATUSES] as const;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The filters as the page's query string reads them (`?status=PAID&method=…&from=…&to=…&include_test=true`),
 * so a reload or a shared link shows the same payments. Anything unrecognised reads as unfiltered.
 */
export function filterFromParams(params: URLSearchParams): PaymentsFilterState {
  const status = params.get('status');
  const day = (key: string) => {
    const value = params.get(key) ?? '';
    return DAY.test(value) ? value : '';
  };
  return {
    method: params.get('method') || 'all',
    status: STATUS_CHOICES.find((choice) => choice === status) ?? 'all',
    from: day('from'),
    to: day('to'),
    includeTest: params.get('include_test') === 'true',
  };
}

/** The query string for a filter state: only what differs from no filters. */
export function filterToParams(filter: PaymentsFilterState): URLSearchParams {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(toApiFilter(filter))) {
    if (value && value !== 'all') params.set(key, value);
  }
  return params;
}

export function isFiltered(filter: PaymentsFilterState): boolean {
  return filterToParams(filter).size > 0;
}

/**
 * Status (a segmented control), whether to include test orders, method, a UTC date range, and the CSV
 * export of what they select.
 */
export function PaymentFilters({
  value,
  onChange,
}: {
  value: PaymentsFilterState;
  onChange(next: PaymentsFilterState): void;
}) {
  const { methods } = usePaymentMethods();
  const set = (patch: Partial<PaymentsFilterState>) => onChange({ ...value, ...patch });
  const rangeBackwards = Boolean(value.from && value.to && value.from > value.to);
  return (
    <div className="grid gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div
          role="group"
          aria-label="Status"
          // One row on a phone too: five equal cells rather than a wrapped second line.
          className="grid w-full grid-cols-5 gap-1 rounded-lg bg-slate-100 p-1 sm:flex sm:w-fit"
        >
          {STATUS_CHOICES.map((status) => (
            <button
              key={status}
              type="button"
              aria-pressed={value.status === status}
              onClick={() => set({ status })}
              className={cn(
                'rounded-md px-1 py-1.5 text-[0.6875rem] font-semibold tracking-normal sm:px-3 sm:text-xs sm:tracking-wide text-slate-600 transition-colors hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-brand-500',
                value.status === status && 'bg-white text-slate-900 shadow-sm',
              )}
            >
              {status === 'all' ? 'All' : PAYMENT_STATUS_LABELS[status]}
            </button>
          ))}
        </div>
        <IncludeTestSwitch
          checked={value.includeTest}
          onCheckedChange={(includeTest) => set({ includeTest })}
        />
      </div>
      <div className="grid gap-3 sm:grid-cols-[minmax(12rem,16rem)_auto_auto_1fr] sm:items-end">
        <div className="grid gap-1.5">
          <Label id="payment-method-label">Method</Label>
          <Select value={value.method} onValueChange={(method) => set({ method })}>
            <SelectTrigger aria-labelledby="payment-method-label">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              <SelectItem value="all">All methods</SelectItem>
              {methods.map(({ name, label }) => (
                <SelectItem key={name} value={name}>
                  {label}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </div>
        <Field label="From (UTC)" error={rangeBackwards ? 'Pick a start on or before the end.' : undefined}>
          <Input
            type="date"
            value={value.from}
            max={value.to || undefined}
            onChange={(e) => set({ from: e.target.value })}
          />
        </Field>
        <Field label="To (UTC)" invalid={rangeBackwards}>
          <Input
            type="date"
            value={value.to}
            min={value.from || undefined}
            onChange={(e) => set({ to: e.target.value })}
          />
        </Field>
        <div className="flex flex-wrap gap-2 sm:justify-end">
          {isFiltered(value) && (
            <Button variant="ghost" onClick={() => onChange(NO_FILTERS)}>
              Clear filters
            </Button>
          )}
          {rangeBackwards ? (
            <Button variant="outline" disabled>
              <Download aria-hidden="true" />
              Export CSV
            </Button>
          ) : (
            <Button variant="outline" asChild>
              <a href={paymentsExportUrl(toApiFilter(value))} download>
                <Download aria-hidden="true" />
                Export CSV
              </a>
            </Button>
          )}
        </div>
      </div>
    </div>
  );
}
