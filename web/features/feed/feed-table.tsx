import { Braces, ExternalLink } from 'lucide-react';
import type { FeedProductCheck, FeedStatus } from '#common/api/feed';
import { FEED_STATUS_LABELS } from '#common/domain/labels';
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

export const FEED_STATUS_BADGE: Record<FeedStatus, 'success' | 'warning' | 'danger'> = {
  ready: 'success',
  warning: 'warning',
  blocked: 'danger',
};

const COLUMNS = 4;

/** One page of the feed's products: status, every problem in words, the JSON and the store's page. */
export function FeedTable({
  products,
  loading,
  emptyMessage,
  onOpen,
}: {
  products: FeedProductCheck[] | undefined;
  loading: boolean;
  emptyMessage: string;
  onOpen(productId: string): void;
}) {
  return (
    <Table
      stacked
      caption="Products in your feed, with their problems"
      scrollLabel={products?.length ? undefined : 'Products in your feed'}
    >
      <TableHeader>
        <TableRow>
          <TableHead>Product</TableHead>
          <TableHead>Status</TableHead>
          <TableHead>Problems</TableHead>
          <TableHead>
            <span className="sr-only">What agents receive, and where to fix it</span>
          </TableHead>
        </TableRow>
      </TableHeader>
      <TableBody aria-busy={loading}>
        {loading && !products ? (
          <TableSkeletonRows rows={5} columns={COLUMNS} barClassName="w-24" />
        ) : !products || products.length === 0 ? (
          <TableMessageRow colSpan={COLUMNS}>{emptyMessage}</TableMessageRow>
        ) : (
          products.map((p) => <FeedRow key={p.productId} product={p} onOpen={onOpen} />)
        )}
      </TableBody>
    </Table>
  );
}

function FeedRow({ product: p, onOpen }: { product: FeedProductCheck; onOpen(productId: string): void }) {
  const variants = p.variants.length;
  const blocked = p.variants.filter((v) => v.status === 'blocked').length;
  const fixLabel = p.status === 'ready' ? 'Open in store' : 'Fix in store';
  return (
    <TableRow>
      <TableCell label="Product" className="whitespace-normal">
        <span className="block font-medium text-slate-900">{p.title}</span>
        <span className="block text-xs text-slate-600">
          {variants === 1
            ? p.variants[0]!.sku
              ? `SKU ${p.variants[0]!.sku}`
              : 'No SKU'
            : `${variants} variants${blocked ? `, ${blocked} blocked` : ''}`}
        </span>
      </TableCell>
      <TableCell label="Status">
        <Badge variant={FEED_STATUS_BADGE[p.status]}>{FEED_STATUS_LABELS[p.status]}</Badge>
      </TableCell>
      <TableCell label="Problems" className="min-w-0 whitespace-normal">
        {p.problems.length === 0 ? (
          <span className="text-slate-600">None</span>
        ) : (
          <ul className="list-disc space-y-1 pl-4 text-sm">
            {p.problems.map((problem) => (
              <li key={problem.code}>{problem.message}</li>
            ))}
          </ul>
        )}
      </TableCell>
      <TableCell>
        <span className="flex flex-wrap justify-end gap-1">
          <Button
            variant="ghost"
            size="sm"
            onClick={() => onOpen(p.productId)}
            aria-label={`View JSON of ${p.title}`}
          >
            <Braces aria-hidden="true" />
            View JSON
          </Button>
          {p.storeUrl && (
            <Button variant="ghost" size="sm" asChild>
              <a
                href={p.storeUrl}
                target="_blank"
                rel="noopener noreferrer"
                aria-label={`${fixLabel} ${p.title} (opens a new tab)`}
              >
                <ExternalLink aria-hidden="true" />
                {fixLabel}
              </a>
            </Button>
          )}
        </span>
      </TableCell>
    </TableRow>
  );
}
