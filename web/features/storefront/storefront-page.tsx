import { ImageOff, Loader2, ShoppingBag, Store } from 'lucide-react';
import { useEffect, useState, type ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { toast } from 'sonner';
import type { StorefrontProduct } from '#common/api/storefront';
import { Button } from '#web/components/ui/button';
import { Card, CardContent, CardFooter } from '#web/components/ui/card';
import { LoadError } from '#web/components/ui/load-error';
import { PageHeading, Section } from '#web/components/ui/section';
import { Skeleton } from '#web/components/ui/skeleton';
import { useSeo } from '#web/lib/use-seo';
import { formatMoney } from '#web/lib/money';
import { isNotFound } from '#web/lib/api-client';
import { useStorefrontCheckout, useStorefrontProducts } from './api/storefront';
import { ShopChrome } from './shop-chrome';

function ProductCard({
  product,
  buying,
  disabled,
  onBuy,
}: {
  product: StorefrontProduct;
  buying: boolean;
  disabled: boolean;
  onBuy(priceId: string): void;
}) {
  const { price } = product;
  return (
    <Card className="flex h-full flex-col overflow-hidden">
      {product.image ? (
        <img src={product.image} alt="" className="aspect-[16/10] w-full bg-slate-100 object-cover" />
      ) : (
        <div className="flex aspect-[16/10] w-full items-center justify-center bg-slate-100 text-slate-500">
          <ImageOff aria-hidden="true" className="size-10" />
          <span className="sr-only">No image</span>
        </div>
      )}
      <CardContent className="flex flex-1 flex-col gap-2 pt-5">
        <h2 className="text-lg font-semibold leading-tight text-slate-900">{product.name}</h2>
        {product.description ? <p className="text-sm text-slate-600">{product.description}</p> : null}
        <p className="mt-auto pt-2 text-xl font-bold text-slate-900">
          {price ? (
            formatMoney(price.unitAmount, price.currency, { display: 'symbol' })
          ) : (
            <span className="text-base font-medium text-slate-500">Price not set</span>
          )}
        </p>
      </CardContent>
      <CardFooter>
        <Button
          className="w-full"
          disabled={!price || disabled}
          onClick={() => price && onBuy(price.id)}
          aria-label={`Buy Now: ${product.name}`}
        >
          {buying ? (
            <Loader2 aria-hidden="true" className="animate-spin" />
          ) : (
            <ShoppingBag aria-hidden="true" />
          )}
          {buying ? 'Opening checkout...' : 'Buy Now'}
        </Button>
      </CardFooter>
    </Card>
  );
}

function LoadingCards() {
  return (
    <div className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3" role="status" aria-label="Loading products">
      {[0, 1, 2].map((i) => (
        <Card key={i} className="overflow-hidden">
          <Skeleton className="aspect-[16/10] w-full rounded-none" />
          <div className="grid gap-3 p-6">
            <Skeleton className="h-5 w-2/3" />
            <Skeleton className="h-4 w-full" />
            <Skeleton className="h-6 w-1/3" />
            <Skeleton className="h-10 w-full" />
          </div>
        </Card>
      ))}
    </div>
  );
}

function Notice({ title, children, footer }: { title: string; children: string; footer?: ReactNode }) {
  return (
    <Card className="mx-auto max-w-lg text-center">
      <CardContent className="grid justify-items-center gap-3 py-12">
        <span className="inline-flex size-12 items-center justify-center rounded-2xl bg-slate-100 text-slate-500">
          <Store aria-hidden="true" className="size-6" />
        </span>
        <h2 className="text-lg font-semibold text-slate-900">{title}</h2>
        <p className="text-sm text-slate-600">{children}</p>
        {footer}
      </CardContent>
    </Card>
  );
}

/**
 * /storefront/:accountId: a merchant's public shop window, its products read from its connected Stripe
 * account. Buy Now opens Stripe's hosted checkout in a new tab.
 */
export default function StorefrontPage() {
  const { accountId = '' } = useParams();
  const products = useStorefrontProducts(accountId);
  const shopName = products.data?.shopName;
  useSeo({
    title: shopName ?? 'Shop',
    description: `Browse ${shopName ?? 'the shop'}’s products and buy securely.`,
    noIndex: true,
  });
  const checkout = useStorefrontCheckout(accountId);
  const [buying, setBuying] = useState<string | null>(null);

  useEffect(() => {
    if (products.isError && !isNotFound(products.error)) {
      toast.error('Error loading products', { description: products.error.message });
    }
  }, [products.isError, products.error]);

  async function buy(priceId: string) {
    // Opened now, inside the click, so the browser does not block it; pointed at Stripe once it exists.
    const tab = window.open('', '_blank');
    if (tab) tab.opener = null;
    setBuying(priceId);
    try {
      const { url } = await checkout.mutateAsync(priceId);
      if (tab) tab.location.href = url;
      else window.location.assign(url);
    } catch (err) {
      tab?.close();
      toast.error('Checkout Failed', {
        description: err instanceof Error ? err.message : 'Please try again.',
      });
    } finally {
      setBuying(null);
    }
  }

  let body;
  if (products.isPending) body = <LoadingCards />;
  else if (products.isError) {
    body = isNotFound(products.error) ? (
      <Notice title="Store not found">This store does not exist or is not taking orders.</Notice>
    ) : (
      <LoadError
        title="Error loading products"
        onRetry={() => void products.refetch()}
        retrying={products.isFetching}
      >
        {products.error.message}
      </LoadError>
    );
  } else if (products.data.products.length === 0) {
    body = (
      <Notice
        title="No products available"
        footer={
          // The store's owner arrives here from the app before publishing anything: show the way in.
          <p className="text-xs text-slate-500">
            Is this your store?{' '}
            <Link to="/settings?tab=storefront" className="font-medium text-brand-700 underline">
              Choose products in Settings › Storefront
            </Link>
          </p>
        }
      >
        This store hasn't added any products yet.
      </Notice>
    );
  } else {
    body = (
      <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3" aria-label="Products">
        {products.data.products.map((product) => (
          <li key={product.id}>
            <ProductCard
              product={product}
              buying={buying !== null && buying === product.price?.id}
              disabled={buying !== null}
              onBuy={(priceId) => void buy(priceId)}
            />
          </li>
        ))}
      </ul>
    );
  }

  return (
    <ShopChrome accountId={accountId}>
      <Section className="py-10 lg:py-14">
        <div className="mb-8 flex flex-col gap-2">
          {shopName ? (
            <PageHeading className="text-3xl sm:text-4xl">{shopName}</PageHeading>
          ) : products.isPending ? (
            <Skeleton className="h-10 w-64" />
          ) : (
            <PageHeading className="text-3xl sm:text-4xl">Shop</PageHeading>
          )}
          <p className="text-sm text-slate-600">Pick a product and pay on Stripe’s secure checkout.</p>
        </div>
        {body}
      </Section>
    </ShopChrome>
  );
}
