import { ChevronLeft, ChevronRight, RefreshCw, Search } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { feedStatus, FEED_STATUSES, type FeedPreview, type FeedStatus } from '#common/api/feed';
import { FEED_STATUS_LABELS } from '#common/domain/labels';
import { ROUTES } from '#common/routes';
import { Alert } from '#web/components/ui/alert';
import { Button } from '#web/components/ui/button';
import { Card, CardContent } from '#web/components/ui/card';
import { Input } from '#web/components/ui/input';
import { Label } from '#web/components/ui/field';
import { LoadError } from '#web/components/ui/load-error';
import { cn } from '#web/lib/cn';
import { useSeo } from '#web/lib/use-seo';
import { useFeedPreview, useRebuildFeed } from './api/feed';
import { FeedDelivery } from './feed-delivery';
import { FeedProductDialog } from './feed-product-dialog';
import { FeedTable } from './feed-table';

const STATUS_STYLE: Record<FeedStatus, string> = {
  ready: 'border-emerald-200 text-emerald-800',
  warning: 'border-amber-200 text-amber-900',
  blocked: 'border-red-200 text-red-800',
};
const STATUS_MEANING: Record<FeedStatus, string> = {
  ready: 'Sent to agents as they are.',
  warning: 'Sent, with something worth fixing.',
  blocked: 'Left out until fixed.',
};

/**
 * /feed: the product feed agents receive, checked. Counts per status (each a filter), a search, a page of
 * products with every problem in words and a link to fix it in the store, the exact JSON of one product,
 * and the push to the agent with its delivery log.
 */
export default function ProductFeedPage() {
  useSeo({
    title: 'Product feed',
    description: 'What AI agents see of your catalogue, checked before it is sent.',
    path: ROUTES.productFeed.path,
    noIndex: true,
  });
  // Filter, search and page live in the URL: a reload or a shared link keeps them.
  const [params, setParams] = useSearchParams();
  const parsedStatus = feedStatus.safeParse(params.get('status'));
  const status = parsedStatus.success ? parsedStatus.data : undefined;
  const q = params.get('q') ?? '';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const [search, setSearch] = useState(q);
  const [openProduct, setOpenProduct] = useState<string | null>(null);
  const preview = useFeedPreview({ status, q: q || undefined, page });
  const rebuild = useRebuildFeed();

  function update(next: { status?: FeedStatus | null; q?: string; page?: number }) {
    const out = new URLSearchParams();
    const s = next.status === undefined ? status : next.status;
    const text = next.q ?? q;
    if (s) out.set('status', s);
    if (text) out.set('q', text);
    if (next.page && next.page > 1) out.set('page', String(next.page));
    setParams(out, { replace: true });
  }
  function onSearch(event: FormEvent) {
    event.preventDefault();
    update({ q: search.trim(), page: 1 });
  }
  const data = preview.data;

  return (
    <div className="space-y-6">
      <header className="flex flex-wrap items-end justify-between gap-4">
        <div className="max-w-2xl">
          <p className="text-sm font-semibold text-brand-700">Product feed</p>
          <h1 className="mt-1 text-3xl font-bold tracking-tight text-slate-900">
            What agents see of your catalogue
          </h1>
          <p className="mt-2 text-slate-600">
            Every product and variant of your store, checked before it goes to AI agents. Fix problems in your
            store, then refresh.
          </p>
        </div>
        <Button
          variant="outline"
          onClick={() => rebuild.mutate(undefined, { onError: (err) => toast.error(err.message) })}
          disabled={rebuild.isPending}
        >
          <RefreshCw aria-hidden="true" className={rebuild.isPending ? 'animate-spin' : undefined} />
          {rebuild.isPending ? 'Reading your store…' : 'Refresh from store'}
        </Button>
      </header>

      {data?.storeProblem && (
        <Alert variant="warning" title="No feed can be built yet">
          <p>{data.storeProblem}</p>
          <p className="mt-2">
            <Link to={ROUTES.setupStore.path} className="font-semibold underline">
              Set up your store
            </Link>
          </p>
        </Alert>
      )}

      <StatusCounts
        preview={data}
        loading={preview.isPending}
        selected={status}
        onSelect={(s) => update({ status: s === status ? null : s, page: 1 })}
      />

      <Card>
        <CardContent className="grid gap-5 pt-6">
          <form role="search" onSubmit={onSearch} className="flex flex-wrap items-end gap-2">
            <div className="grid min-w-0 flex-1 gap-1.5">
              <Label htmlFor="feed-search">Search by product name or SKU</Label>
              <Input
                id="feed-search"
                type="search"
                value={search}
                onChange={(e) => setSearch(e.target.value)}
                maxLength={200}
              />
            </div>
            <Button type="submit" variant="outline">
              <Search aria-hidden="true" />
              Search
            </Button>
            {(status || q) && (
              <Button
                type="button"
                variant="ghost"
                onClick={() => {
                  setSearch('');
                  update({ status: null, q: '', page: 1 });
                }}
              >
                Clear filters
              </Button>
            )}
          </form>
          {preview.isError ? (
            <LoadError
              title="Failed to load your product feed."
              onRetry={() => preview.refetch()}
              retrying={preview.isFetching}
            >
              <p>{preview.error.message}</p>
            </LoadError>
          ) : (
            <FeedTable
              products={data?.products}
              loading={preview.isPending}
              onOpen={setOpenProduct}
              emptyMessage={
                data?.storeProblem
                  ? 'Your products appear here once your store is connected.'
                  : status || q
                    ? 'No products match. Clear the filters or search for something else.'
                    : 'Your store has no products yet. Add some in your store, then refresh.'
              }
            />
          )}
          <nav aria-label="Product feed pages" className="flex flex-wrap items-center justify-between gap-3">
            <p className="text-sm text-slate-600" aria-live="polite">
              {preview.isFetching && !preview.isPending
                ? 'Loading…'
                : data && data.pageCount > 0
                  ? `Page ${data.page} of ${data.pageCount} · ${data.total.toLocaleString()} products`
                  : ''}
            </p>
            <div className="flex gap-2">
              <Button
                variant="outline"
                size="sm"
                disabled={!data || data.page <= 1}
                onClick={() => update({ page: (data?.page ?? 2) - 1 })}
              >
                <ChevronLeft aria-hidden="true" />
                Previous
              </Button>
              <Button
                variant="outline"
                size="sm"
                disabled={!data || data.page >= data.pageCount || preview.isPlaceholderData}
                onClick={() => update({ page: (data?.page ?? 0) + 1 })}
              >
                Next
                <ChevronRight aria-hidden="true" />
              </Button>
            </div>
          </nav>
        </CardContent>
      </Card>

      <FeedDelivery />

      <FeedProductDialog productId={openProduct} onClose={() => setOpenProduct(null)} />
    </div>
  );
}

function StatusCounts({
  preview,
  loading,
  selected,
  onSelect,
}: {
  preview: FeedPreview | undefined;
  loading: boolean;
  selected: FeedStatus | undefined;
  onSelect(status: FeedStatus): void;
}) {
  return (
    <ul aria-label="Products by status" className="grid gap-3 sm:grid-cols-3">
      {FEED_STATUSES.map((s) => (
        <li key={s}>
          <button
            type="button"
            aria-pressed={selected === s}
            onClick={() => onSelect(s)}
            className={cn(
              'w-full rounded-xl border-2 bg-white p-4 text-left shadow-sm transition-colors hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500',
              STATUS_STYLE[s],
              selected === s && 'ring-2 ring-brand-500',
            )}
          >
            <span className="block text-sm font-semibold">{FEED_STATUS_LABELS[s]}</span>
            <span className="mt-1 block text-3xl font-bold tabular-nums text-slate-900" aria-busy={loading}>
              {loading || !preview ? (
                <span
                  aria-hidden="true"
                  className="inline-block h-8 w-12 animate-pulse rounded-md bg-slate-200"
                />
              ) : (
                preview.counts.products[s].toLocaleString()
              )}
            </span>
            <span className="mt-1 block text-xs text-slate-600">
              {preview && !loading
                ? `${preview.counts.variants[s].toLocaleString()} ${preview.counts.variants[s] === 1 ? 'variant' : 'variants'}. ${STATUS_MEANING[s]}`
                : STATUS_MEANING[s]}
            </span>
          </button>
        </li>
      ))}
    </ul>
  );
}
