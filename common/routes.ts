/**
 * The route table: every page the web app renders, once. The router, the navigation, the
 * sitemap and the server's 404 logic all read it, so a page added here exists everywhere at once.
 * Paths use the router's syntax (`:param` for one segment).
 */
interface RouteDefinition {
  path: string;
  /** `protected` pages need a signed-in merchant; without one the visitor goes to /auth. */
  access: 'public' | 'protected';
  /** The short name links use in the navigation, the footer and the account menu. */
  label: string;
  /** Public pages a search engine should list (the sitemap); sign-in and pages per merchant are not. */
  indexed?: boolean;
  /**
   * The path itself is a secret (a capability URL such as a buyer's order link): the page is served
   * never to be stored, indexed, or named in a Referer.
   */
  secretPath?: boolean;
}

export const ROUTES = {
  home: { path: '/', access: 'public', label: 'Home', indexed: true },
  bitcoinLightning: {
    path: '/bitcoin-lightning',
    access: 'public',
    label: 'Bitcoin Lightning',
    indexed: true,
  },
  chatgptEcommerce: {
    path: '/chatgpt-ecommerce',
    access: 'public',
    label: 'ChatGPT commerce',
    indexed: true,
  },
  auth: { path: '/auth', access: 'public', label: 'Sign in' },
  pricing: { path: '/pricing', access: 'public', label: 'Pricing', indexed: true },
  caseStudies: { path: '/case-studies', access: 'public', label: 'Case Studies', indexed: true },
  docs: { path: '/docs', access: 'public', label: 'Docs', indexed: true },
  contact: { path: '/contact', access: 'public', label: 'Contact', indexed: true },
  terms: { path: '/terms', access: 'public', label: 'Terms of Service', indexed: true },
  privacy: { path: '/privacy', access: 'public', label: 'Privacy Policy', indexed: true },
  supported: { path: '/supported', access: 'public', label: 'Supported', indexed: true },
  enterpriseCalculator: {
    path: '/enterprise-calculator',
    access: 'public',
    label: 'Enterprise calculator',
    indexed: true,
  },
  storefront: { path: '/storefront/:accountId', access: 'public', label: 'Storefront' },
  storefrontSuccess: {
    path: '/storefront/:accountId/success',
    access: 'public',
    label: 'Payment successful',
  },
  /** An ACP buyer's order, reached through the unguessable token in the order's permalink_url. */
  orderStatus: {
    path: '/order-status/:token',
    access: 'public',
    label: 'Order status',
    secretPath: true,
  },
  onboarding: { path: '/onboarding', access: 'protected', label: 'Onboarding' },
  dashboard: { path: '/dashboard', access: 'protected', label: 'Dashboard' },
  settings: { path: '/settings', access: 'protected', label: 'Settings' },
  payments: { path: '/payments', access: 'protected', label: 'Payments' },
  productFeed: { path: '/feed', access: 'protected', label: 'Product feed' },
  analytics: { path: '/analytics', access: 'protected', label: 'Analytics' },
  agentTesting: { path: '/testing/agent', access: 'protected', label: 'Testing' },
  setupStore: { path: '/setup-store', access: 'protected', label: 'Store setup' },
  agentApply: { path: '/agent/apply', access: 'protected', label: 'Apply to ChatGPT' },
} as const satisfies Record<string, RouteDefinition>;

export type RouteKey = keyof typeof ROUTES;
export type AppRoute = (typeof ROUTES)[RouteKey];
export const ROUTE_KEYS = Object.keys(ROUTES) as RouteKey[];

export interface NavItem {
  to: string;
  label: string;
}
const navItems = (keys: RouteKey[]): NavItem[] =>
  keys.map((key) => ({ to: ROUTES[key].path, label: ROUTES[key].label }));

/** The top navigation away from the merchant's pages… */
export const MARKETING_NAV = navItems(['pricing', 'docs', 'supported', 'caseStudies', 'contact']);
/** …and on them. */
export const APP_NAV = navItems(['dashboard', 'payments', 'productFeed', 'agentTesting', 'settings']);

/** Public pages a search engine should list, in the order the sitemap gives them. */
export const INDEXED_PATHS: string[] = Object.values(ROUTES)
  .filter((route: RouteDefinition) => route.indexed)
  .map((route) => route.path);

/** Protected paths, for the navigation's mode and for robots. */
export const PROTECTED_PATHS: string[] = Object.values(ROUTES)
  .filter((route: RouteDefinition) => route.access === 'protected')
  .map((route) => route.path);

const routePatterns = Object.values(ROUTES).map((route: RouteDefinition) => ({
  route,
  pattern: new RegExp(`^${route.path.replace(/:[^/]+/g, '[^/]+')}$`),
}));

/** The route that renders the page at this path, if any. A trailing slash is tolerated. */
export function appRouteOf(pathname: string): RouteDefinition | undefined {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return routePatterns.find(({ pattern }) => pattern.test(path))?.route;
}

/**
 * Whether the web app renders a page at this path, so that unknown paths get a real 404 status (with
 * the app's not-found page) instead of a 200.
 */
export function isAppPath(pathname: string): boolean {
  return appRouteOf(pathname) !== undefined;
}

/** A page's address with its `:param` segments filled in (each encoded as one path segment). */
export function pathOf(route: AppRoute, params: Record<string, string>): string {
  return route.path.replace(/:([^/]+)/g, (_, name: string) => encodeURIComponent(params[name] ?? ''));
}

/** The storefront's pages: the merchant's shop, with its own header and footer instead of ours. */
export const SHOP_PREFIX = '/storefront';

/**
 * Paths on which the marketing footer is hidden: every app page (as in a Stripe-like dashboard, the
 * signed-in app has no marketing footer), and the storefront, which has the shop's own.
 */
export const FOOTERLESS_PREFIXES: readonly string[] = [
  ...new Set([
    '/dashboard',
    '/onboarding',
    '/settings',
    '/payments',
    '/analytics',
    '/testing',
    ...PROTECTED_PATHS,
    SHOP_PREFIX,
  ]),
];
/** Paths on which the top navigation switches to the app mode. */
export const APP_NAV_PREFIXES = ['/dashboard', '/onboarding', '/settings'] as const;
