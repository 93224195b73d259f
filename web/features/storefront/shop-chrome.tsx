import { ShieldCheck } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { Skeleton } from '#web/components/ui/skeleton';
import { useStorefrontProducts } from './api/storefront';

const shopPath = (accountId: string) => `/storefront/${encodeURIComponent(accountId)}`;

/**
 * The shop's own mark beside its name: its logo (Settings › General), or, without one or when the image
 * does not load, its initial in a tile. The name is always written next to it, so the mark is decorative.
 */
function ShopMark({ name, logoUrl }: { name: string; logoUrl: string | null }) {
  const [broken, setBroken] = useState<string | null>(null);
  if (logoUrl && broken !== logoUrl)
    return (
      <img
        src={logoUrl}
        alt=""
        className="h-9 w-auto max-w-32 shrink-0 object-contain"
        referrerPolicy="no-referrer"
        onError={() => setBroken(logoUrl)}
      />
    );
  return (
    <span
      aria-hidden="true"
      className="inline-flex size-9 shrink-0 items-center justify-center rounded-lg bg-slate-900 text-base font-semibold text-white"
    >
      {name.trim().charAt(0).toUpperCase() || '·'}
    </span>
  );
}

/**
 * A merchant's shop around its pages: a minimal header with the shop's logo and name (as the merchant set
 * them in Settings › General) and a footer, with none of AgentCart's own navigation. The name comes from the
 * products answer, which the shop page asks for anyway (the query is shared).
 */
export function ShopChrome({ accountId, children }: { accountId: string; children: ReactNode }) {
  const shop = useStorefrontProducts(accountId);
  const name = shop.data?.shopName;
  return (
    <div className="flex min-h-[calc(100vh-1px)] flex-col bg-white">
      <header className="border-b border-slate-200">
        <div className="mx-auto flex h-16 max-w-6xl items-center gap-3 px-4 sm:px-6">
          {name ? (
            <Link
              to={shopPath(accountId)}
              className="flex min-w-0 items-center gap-3 rounded-md focus-visible:outline-2 focus-visible:outline-brand-500"
            >
              <ShopMark name={name} logoUrl={shop.data?.shopLogoUrl ?? null} />
              <span className="truncate text-lg font-semibold text-slate-900">{name}</span>
            </Link>
          ) : shop.isPending ? (
            <Skeleton className="h-8 w-40" />
          ) : null}
        </div>
      </header>
      <div className="flex-1">{children}</div>
      <footer className="border-t border-slate-200 bg-slate-50">
        <div className="mx-auto flex max-w-6xl flex-col gap-2 px-4 py-6 text-sm text-slate-600 sm:flex-row sm:items-center sm:justify-between sm:px-6">
          <p>{name ? `© ${new Date().getFullYear()} ${name}` : null}</p>
          <p className="inline-flex items-center gap-1.5">
            <ShieldCheck aria-hidden="true" className="size-4" />
            Payments are processed securely by Stripe.
          </p>
        </div>
      </footer>
    </div>
  );
}
