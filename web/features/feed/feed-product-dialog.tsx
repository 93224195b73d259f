import { Copy } from 'lucide-react';
import { toast } from 'sonner';
import { FEED_STATUS_LABELS } from '#common/domain/labels';
import { Badge } from '#web/components/ui/badge';
import { Button } from '#web/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '#web/components/ui/dialog';
import { LoadError } from '#web/components/ui/load-error';
import { LoadingState, Skeleton } from '#web/components/ui/skeleton';
import { useCopyToClipboard } from '#web/lib/use-copy-to-clipboard';
import { useFeedProduct } from './api/feed';
import { FEED_STATUS_BADGE } from './feed-table';

/** One product: each variant's status and problems, and the exact JSON an agent receives for it. */
export function FeedProductDialog({ productId, onClose }: { productId: string | null; onClose(): void }) {
  const product = useFeedProduct(productId);
  const { copy } = useCopyToClipboard();
  const view = product.data;
  const json = view?.record ? JSON.stringify(view.record, null, 2) : null;

  return (
    <Dialog open={productId !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="flex max-h-[90vh] max-w-2xl flex-col">
        <DialogTitle className="pr-8">{view?.check.title ?? 'Product'}</DialogTitle>
        <DialogDescription>
          Exactly what an AI agent receives for this product in your feed.
        </DialogDescription>
        <div className="mt-4 min-h-0 flex-1 space-y-4 overflow-y-auto">
          {product.isError ? (
            <LoadError
              title="Failed to load this product."
              onRetry={() => product.refetch()}
              retrying={product.isFetching}
            >
              <p>{product.error.message}</p>
            </LoadError>
          ) : !view ? (
            <LoadingState label="Loading the product">
              <Skeleton className="h-4 w-2/3" />
              <Skeleton className="h-32 w-full" />
            </LoadingState>
          ) : (
            <>
              <ul
                aria-label="Variants"
                className="divide-y divide-slate-100 rounded-lg border border-slate-200"
              >
                {view.check.variants.map((v, i) => (
                  <li key={v.storeVariantId ?? v.sku ?? i} className="grid gap-1 p-3 text-sm">
                    <span className="flex flex-wrap items-center gap-2">
                      <span className="font-medium text-slate-900">{v.title}</span>
                      <Badge variant={FEED_STATUS_BADGE[v.status]}>{FEED_STATUS_LABELS[v.status]}</Badge>
                    </span>
                    <span className="text-xs text-slate-600">{v.sku ? `SKU ${v.sku}` : 'No SKU'}</span>
                    {v.problems.length > 0 && (
                      <ul className="list-disc space-y-0.5 pl-4 text-slate-700">
                        {v.problems.map((p) => (
                          <li key={p.code}>{p.message}</li>
                        ))}
                      </ul>
                    )}
                  </li>
                ))}
              </ul>
              {json ? (
                <div className="space-y-2">
                  <div className="flex items-center justify-between gap-2">
                    <h3 className="text-sm font-semibold text-slate-900">Feed record (JSON)</h3>
                    <Button
                      variant="outline"
                      size="sm"
                      onClick={async () =>
                        (await copy(json))
                          ? toast.success('Feed record copied to clipboard.')
                          : toast.error(
                              'Could not copy. Your browser blocked the clipboard; select the text instead.',
                            )
                      }
                    >
                      <Copy aria-hidden="true" />
                      Copy JSON
                    </Button>
                  </div>
                  <pre
                    tabIndex={0}
                    aria-label="Feed record as JSON"
                    className="max-h-80 overflow-auto rounded-lg bg-slate-950 p-3 font-mono text-xs text-slate-100"
                  >
                    {json}
                  </pre>
                </div>
              ) : (
                <p className="rounded-lg bg-red-50 p-3 text-sm text-red-800">
                  Not sent to agents: every variant is blocked. Fix the problems above in your store.
                </p>
              )}
              {view.check.storeUrl && (
                <a
                  href={view.check.storeUrl}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="inline-block text-sm font-semibold text-brand-700 underline"
                  aria-label="Open this product in your store (opens a new tab)"
                >
                  Open this product in your store
                </a>
              )}
            </>
          )}
        </div>
      </DialogContent>
    </Dialog>
  );
}
