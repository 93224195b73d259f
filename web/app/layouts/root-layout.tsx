import { lazy, Suspense, useEffect } from 'react';
import { Outlet, ScrollRestoration, useLocation } from 'react-router';
import { FOOTERLESS_PREFIXES, SHOP_PREFIX } from '#common/routes';
import { CookieBanner } from '#web/components/layout/cookie-banner';
import { SiteFooter } from '#web/components/layout/site-footer';
import { SiteNav } from '#web/components/layout/site-nav';
import { Spinner } from '#web/components/ui/spinner';
import { markPageStarted } from '#web/app/early-interactions';

// Toasts follow actions, never the first paint: the toaster loads after the page, outside its budget
// (sonner shows a toast raised before it mounted).
const Toaster = lazy(() => import('#web/components/ui/toaster').then((m) => ({ default: m.Toaster })));

export function PageLoading() {
  return (
    <div className="flex min-h-[60vh] items-center justify-center">
      <Spinner className="size-8" />
    </div>
  );
}

/** Renders nothing; its effect runs after those of the page before it (app/early-interactions.ts). */
function PageStarted() {
  useEffect(markPageStarted, []);
  return null;
}

export function RootLayout() {
  const { pathname } = useLocation();
  const under = (prefix: string) => pathname === prefix || pathname.startsWith(`${prefix}/`);
  const showFooter = !FOOTERLESS_PREFIXES.some(under);
  // A merchant's shop is theirs: its pages bring their own header, without AgentCart's navigation.
  const shop = under(SHOP_PREFIX);
  return (
    <div className="flex min-h-screen flex-col">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:fixed focus:left-4 focus:top-4 focus:z-50 focus:rounded-md focus:bg-white focus:px-4 focus:py-2 focus:shadow"
      >
        Skip to content
      </a>
      {!shop && <SiteNav />}
      <main id="main" className="flex-1">
        <Suspense fallback={<PageLoading />}>
          <Outlet />
          <PageStarted />
        </Suspense>
      </main>
      {showFooter && <SiteFooter />}
      <CookieBanner />
      <Suspense fallback={null}>
        <Toaster />
      </Suspense>
      <ScrollRestoration />
    </div>
  );
}
