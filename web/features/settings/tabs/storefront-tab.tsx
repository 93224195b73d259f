import { CopyableId } from '#web/components/copyable-id';
import { ExternalLink, RefreshCw } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import type { StorefrontListingProduct, StorefrontListings } from '#common/api/storefront';
import { Alert } from '#web/components/ui/alert';
import { Badge } from '#web/components/ui/badge';
import { Button } from '#web/components/ui/button';
import { LoadError } from '#web/components/ui/load-error';
import { Skeleton } from '#web/components/ui/skeleton';
import { Switch } from '#web/components/ui/switch';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '#web/components/ui/table';
import { formatMoney } from '#web/lib/money';
import {
  useSaveStorefrontListings,
  useStorefrontListings,
  type ListingChoice,
} from '#web/features/storefront';

const keyOf = (p: ListingChoice) => `${p.productId}\u0000${p.variantId ?? ''}`;

/**
 * Settings › Storefront: the public storefront's address, and which store products are on it. Saving
 * publishes the chosen ones to the merchant's Stripe account at the store's price and stock now; saving
 * again is how a price or stock change in the store reaches the storefront.
 */
export function StorefrontTab() {
  const listings = useStorefrontListings();
  if (listings.isPending) {
    return (
      <div className="grid max-w-3xl gap-3" aria-busy="true">
        <span role="status" className="sr-only">
          Loading your storefront
        </span>
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} className="h-12 w-full" />
        ))}
      </div>
    );
  }
  if (listings.isError) {
    return (
      <LoadError
        title="Your storefront could not be loaded"
        onRetry={() => listings.refetch()}
        retrying={listings.isFetching}
      >
        <p>{listings.error.message}</p>
      </LoadError>
    );
  }
  return <ListingsForm saved={listings.data} />;
}

function ListingsForm({ saved }: { saved: StorefrontListings }) {
  const save = useSaveStorefrontListings();
  const [chosen, setChosen] = useState(
    () => new Set(saved.products.filter((p) => p.listed).map((p) => keyOf(p))),
  );
  const toggle = (product: StorefrontListingProduct, on: boolean) =>
    setChosen((current) => {
      const next = new Set(current);
      if (on) next.add(keyOf(product));
      else next.delete(keyOf(product));
      return next;
    });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const products = saved.products
      .filter((p) => chosen.has(keyOf(p)))
      .map((p) => ({ productId: p.productId, variantId: p.variantId }));
    try {
      const result = await save.mutateAsync(products);
      const failed = result.products.filter((p) => p.published?.error);
      if (failed.length) {
        toast.error('Some products were not published', {
          description: failed.map((p) => `${p.name}: ${p.published!.error}`).join(' '),
        });
      } else {
        toast.success('Storefront updated', {
          description: `${products.length} product${products.length === 1 ? '' : 's'} on your storefront.`,
        });
      }
    } catch (err) {
      toast.error('Error', { description: err instanceof Error ? err.message : undefined });
    }
  };

  return (
    <form onSubmit={submit} className="grid max-w-3xl min-w-0 gap-5">
      <div>
        <h2 className="font-semibold text-slate-900">Storefront</h2>
        <p className="text-sm text-slate-600">
          Choose which of your store's products shoppers can buy on your public storefront. They are published
          to your Stripe account at your store's price; sales appear in Payments like any other order.
        </p>
      </div>
      {saved.storefrontUrl ? (
        <p className="flex min-w-0 flex-wrap items-center gap-2 text-sm">
          <a
            href={saved.storefrontUrl}
            target="_blank"
            rel="noreferrer"
            className="inline-flex items-center gap-1 font-medium text-brand-700 hover:underline"
          >
            View your storefront <ExternalLink aria-hidden="true" className="size-3.5" />
          </a>
          <CopyableId value={saved.storefrontUrl} label="storefront address" />
        </p>
      ) : (
        <Alert title="Connect Stripe to open your storefront">
          <p>
            Your storefront sells through your Stripe account.{' '}
            <Link to="/settings?tab=payments" className="font-medium underline">
              Connect Stripe in Payments
            </Link>
            .
          </p>
        </Alert>
      )}
      {saved.storeProblem && (
        <Alert variant="error" title="Your store's products could not be read">
          <p>{saved.storeProblem}</p>
        </Alert>
      )}
      {saved.products.length === 0 && !saved.storeProblem ? (
        <Alert title="No products to publish">
          <p>
            Your store has no products yet.{' '}
            <Link to="/setup-store" className="font-medium underline">
              Connect a store
            </Link>{' '}
            to choose what your storefront sells.
          </p>
        </Alert>
      ) : (
        saved.products.length > 0 && (
          <ProductsTable products={saved.products} chosen={chosen} toggle={toggle} />
        )
      )}
      <div className="flex flex-wrap gap-3">
        <Button type="submit" disabled={save.isPending || !saved.storefrontUrl}>
          <RefreshCw aria-hidden="true" className="size-4" />
          {save.isPending ? 'Publishing...' : 'Publish to Storefront'}
        </Button>
      </div>
    </form>
  );
}

function ProductsTable({
  products,
  chosen,
  toggle,
}: {
  products: StorefrontListingProduct[];
  chosen: Set<string>;
  toggle: (product: StorefrontListingProduct, on: boolean) => void;
}) {
  return (
    <Table caption="Your store's products and whether they are on your storefront">
      <TableHeader>
        <TableRow>
          <TableHead>On storefront</TableHead>
          <TableHead>Product</TableHead>
          <TableHead>Store price</TableHead>
          <TableHead>Status</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {products.map((p) => (
          <TableRow key={keyOf(p)}>
            <TableCell>
              <Switch
                checked={chosen.has(keyOf(p))}
                disabled={p.priceMinor === null}
                onCheckedChange={(on) => toggle(p, on)}
                aria-label={`Sell ${p.name} on your storefront`}
              />
            </TableCell>
            <TableCell>
              <span className="font-medium text-slate-900">{p.name}</span>
              {p.sku && <span className="block text-xs text-slate-500">{p.sku}</span>}
            </TableCell>
            <TableCell>
              {p.priceMinor !== null && p.currency ? formatMoney(p.priceMinor, p.currency) : 'Price not set'}
            </TableCell>
            <TableCell>
              <ListingStatus product={p} />
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

function ListingStatus({ product }: { product: StorefrontListingProduct }) {
  const published = product.published;
  if (!published) return <span className="text-sm text-slate-500">Not listed</span>;
  if (published.error) return <Badge variant="danger">{published.error}</Badge>;
  if (!published.at) return <Badge variant="warning">Not yet published</Badge>;
  if (published.stockState === 'out_of_stock') return <Badge variant="warning">Out of stock</Badge>;
  const stale = published.priceMinor !== product.priceMinor || !product.inStock;
  return stale ? (
    <Badge variant="warning">Store changed: publish again</Badge>
  ) : (
    <Badge variant="success">Published</Badge>
  );
}
