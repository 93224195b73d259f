import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import { ROUTE_KEYS, ROUTES, type RouteKey } from '#common/routes';
import { RouteErrorFallback } from '#web/components/layout/error-fallback';
import { AppLayout } from './layouts/app-layout';
import { PageLoading, RootLayout } from './layouts/root-layout';

type PageModule = { default: ComponentType };

const notFoundPage = () => import('#web/features/marketing/pages/not-found-page');

/** The module that renders each route of the table; each is its own chunk, so the landing page downloads only what it shows. */
const PAGES: Record<RouteKey, () => Promise<PageModule>> = {
  home: () => import('#web/features/marketing/pages/home-page'),
  bitcoinLightning: () => import('#web/features/marketing/pages/bitcoin-lightning-page'),
  chatgptEcommerce: () => import('#web/features/marketing/pages/chatgpt-ecommerce-page'),
  auth: () => import('#web/features/auth/auth-page'),
  pricing: () => import('#web/features/pricing/pricing-page'),
  caseStudies: () => import('#web/features/marketing/pages/case-studies-page'),
  docs: () => import('#web/features/marketing/pages/docs-page'),
  contact: () => import('#web/features/contact/contact-page'),
  terms: () => import('#web/features/marketing/pages/terms-page'),
  privacy: () => import('#web/features/marketing/pages/privacy-page'),
  supported: () => import('#web/features/marketing/pages/supported-page'),
  enterpriseCalculator: () => import('#web/features/pricing/enterprise-calculator-page'),
  storefront: () => import('#web/features/storefront/storefront-page'),
  storefrontSuccess: () => import('#web/features/storefront/storefront-success-page'),
  orderStatus: () => import('#web/features/order-status/order-status-page'),
  onboarding: () => import('#web/features/onboarding/onboarding-page'),
  dashboard: () => import('#web/features/dashboard/dashboard-page'),
  settings: () => import('#web/features/settings/settings-page'),
  payments: () => import('#web/features/payments/payments-page'),
  productFeed: () => import('#web/features/feed/product-feed-page'),
  analytics: () => import('#web/features/analytics/analytics-page'),
  agentTesting: () => import('#web/features/agent-testing/agent-testing-page'),
  setupStore: () => import('#web/features/connections/setup-store-page'),
  agentApply: () => import('#web/features/agent-apply/agent-apply-page'),
};

function routesWith(access: 'public' | 'protected'): RouteObject[] {
  return ROUTE_KEYS.filter((key) => ROUTES[key].access === access).map((key) => ({
    path: ROUTES[key].path,
    lazy: async () => ({ Component: (await PAGES[key]()).default }),
  }));
}

/**
 * The app's routes, shared by the browser (web/main.tsx) and the build's pre-rendering
 * (web/entry-server.tsx), so both render the same tree and hydration matches.
 */
export const appRoutes: RouteObject[] = [
  {
    element: <RootLayout />,
    // Shown while the first page's chunk loads (the routes are lazy).
    HydrateFallback: PageLoading,
    errorElement: <RouteErrorFallback />,
    children: [
      {
        errorElement: <RouteErrorFallback />,
        children: [
          ...routesWith('public'),
          { element: <AppLayout />, children: routesWith('protected') },
          { path: '*', lazy: async () => ({ Component: (await notFoundPage()).default }) },
        ],
      },
    ],
  },
];
