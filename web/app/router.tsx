import type { ComponentType } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { RouteErrorFallback } from '#web/components/layout/error-fallback';
import { UPCOMING_PAGES } from '#web/features/workspace/upcoming-pages';
import { AppLayout } from './layouts/app-layout';
import { PageLoading, RootLayout } from './layouts/root-layout';

/** Each page is its own chunk, so the landing page downloads only what it shows. */
function page(load: () => Promise<{ default: ComponentType }>): Pick<RouteObject, 'lazy'> {
  return { lazy: async () => ({ Component: (await load()).default }) };
}

const publicRoutes: RouteObject[] = [
  { index: true, ...page(() => import('#web/features/marketing/pages/home-page')) },
  {
    path: 'bitcoin-lightning',
    ...page(() => import('#web/features/marketing/pages/bitcoin-lightning-page')),
  },
  {
    path: 'chatgpt-ecommerce',
    ...page(() => import('#web/features/marketing/pages/chatgpt-ecommerce-page')),
  },
  { path: 'case-studies', ...page(() => import('#web/features/marketing/pages/case-studies-page')) },
  { path: 'supported', ...page(() => import('#web/features/marketing/pages/supported-page')) },
  { path: 'terms', ...page(() => import('#web/features/marketing/pages/terms-page')) },
  { path: 'privacy', ...page(() => import('#web/features/marketing/pages/privacy-page')) },
  { path: 'docs', ...page(() => import('#web/features/marketing/pages/docs-page')) },
  { path: 'pricing', ...page(() => import('#web/features/pricing/pricing-page')) },
  {
    path: 'enterprise-calculator',
    ...page(() => import('#web/features/pricing/enterprise-calculator-page')),
  },
  { path: 'contact', ...page(() => import('#web/features/contact/contact-page')) },
  { path: 'auth', ...page(() => import('#web/features/auth/auth-page')) },
];

const appRoutes: RouteObject[] = UPCOMING_PAGES.map((upcoming) => ({
  path: upcoming.path.slice(1),
  lazy: async () => {
    const { UpcomingPageView } = await import('#web/features/workspace/upcoming-page-view');
    return { Component: () => <UpcomingPageView page={upcoming} /> };
  },
}));

export const router = createBrowserRouter([
  {
    element: <RootLayout />,
    // Shown while the first page's chunk loads (the routes are lazy).
    HydrateFallback: PageLoading,
    errorElement: <RouteErrorFallback />,
    children: [
      {
        errorElement: <RouteErrorFallback />,
        children: [
          ...publicRoutes,
          { element: <AppLayout />, children: appRoutes },
          { path: '*', ...page(() => import('#web/features/marketing/pages/not-found-page')) },
        ],
      },
    ],
  },
]);
