import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { ROUTES } from '#common/routes';
import { Button } from '#web/components/ui/button';
import { Card, CardContent } from '#web/components/ui/card';
import { LoadError } from '#web/components/ui/load-error';
import { useSeo } from '#web/lib/use-seo';
import { usePaymentsPage } from './api/payments';
import {
  filterFromParams,
  filterToParams,
  isFiltered,
  PaymentFilters,
  toApiFilter,
  type PaymentsFilterState,
} from './payment-filters';
import { PaymentsTable } from './payments-table';

const PAGE_SIZE = 20;

/**
 * /payments: every card and Lightning payment taken through the merchant's agents, filtered by status,
 * method and date, a page at a time (newest first), with a CSV export of what the filters select.
 */
export default function PaymentsPage() {
  useSeo({
    title: 'Payments',
    description: 'Every card and Lightning payment AI agents took on your behalf.',
    path: ROUTES.payments.path,
    noIndex: true,
  });
  // The filters live in the URL: a reload, the back button or a shared link keeps them.
  const [params, setParams] = useSearchParams();
  const filter = filterFromParams(params);
  // The cursors of the pages before the current one; the last is the current page's own.
  const [cursors, setCursors] = useState<string[]>([]);
  const rangeBackwards = Boolean(filter.from && filter.to && filter.from > filter.to);
  const page = usePaymentsPage({ ...toApiFilter(filter), limit: PAGE_SIZE, cursor: cursors.at(-1) });
  const filtered = isFiltered(filter);

  function changeFilter(next: PaymentsFilterState) {
    setParams(filterToParams(next), { replace: true });
    setCursors([]);
  }

  return (
    <div className="space-y-6">
      <header className="max-w-2xl">
        <p className="text-sm font-semibold text-brand-700">Payments</p>
        <h1 className="mt-1 text-3xl font-bold tracking-tight text-slate-900">Payment history</h1>
        <p className="mt-2 text-slate-600">
          Every card and Lightning payment AI agents took on your behalf, newest first.
        </p>
      </header>

      <Card>
        <CardContent className="grid gap-5 pt-6">
          <PaymentFilters value={filter} onChange={changeFilter} />
          {page.isError && !rangeBackwards ? (
            <LoadError
              title="Failed to load payments."
              onRetry={() => page.refetch()}
              retrying={page.isFetching}
            >
              <p>{page.error.message}</p>
            </LoadError>
          ) : (
            <PaymentsTable
              payments={rangeBackwards ? [] : page.data?.payments}
              loading={page.isPending}
              emptyMessage={
                filtered
                  ? 'No payments match these filters. Widen the dates or clear the filters.'
                  : 'No payments yet. They appear here as soon as an agent pays for an order.'
              }
            />
          )}
          <nav aria-label="Payment pages" className="flex items-center justify-between gap-3">
            <p className="text-sm text-slate-600" aria-live="polite">
              {page.isFetching && !page.isPending ? 'Loading…' : `Page ${cursors.length + 1}`}
            </p>
            <div className="flex gap-2">
              <Button
                variant="outline"
                size="sm"
                disabled={cursors.length === 0}
                onClick={() => setCursors(cursors.slice(0, -1))}
              >
                <ChevronLeft aria-hidden="true" />
                Newer
              </Button>
              <Button
                variant="outline"
                size="sm"
                disabled={!page.data?.next_cursor || page.isPlaceholderData}
                onClick={() => page.data?.next_cursor && setCursors([...cursors, page.data.next_cursor])}
              >
                Older
                <ChevronRight aria-hidden="true" />
              </Button>
            </div>
          </nav>
        </CardContent>
      </Card>
    </div>
  );
}
