/**
 * Every path the web app renders, shared with the server so that unknown paths get a real 404 status
 * (with the app's not-found page) instead of a 200.
 */
export const PUBLIC_PATHS = [
  '/',
  '/bitcoin-lightning',
  '/chatgpt-ecommerce',
  '/auth',
  '/pricing',
  '/case-studies',
  '/docs',
  '/contact',
  '/terms',
  '/privacy',
  '/supported',
  '/enterprise-calculator',
] as const;

export const PROTECTED_PATHS = [
  '/onboarding',
  '/dashboard',
  '/settings',
  '/payments',
  '/testing/agent',
  '/setup-store',
  '/agent/apply',
] as const;

const STOREFRONT_PATH = /^\/storefront\/[^/]+(\/success)?$/;

export function isAppPath(pathname: string): boolean {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return (
    (PUBLIC_PATHS as readonly string[]).includes(path) ||
    (PROTECTED_PATHS as readonly string[]).includes(path) ||
    STOREFRONT_PATH.test(path)
  );
}

/** Paths on which the marketing footer is hidden (spec §2 global chrome). */
export const FOOTERLESS_PREFIXES = [
  '/dashboard',
  '/onboarding',
  '/settings',
  '/payments',
  '/testing',
] as const;
/** Paths on which the top navigation switches to the app mode. */
export const APP_NAV_PREFIXES = ['/dashboard', '/onboarding', '/settings'] as const;
