import { ROUTES } from '#common/routes';

/**
 * Where the build puts the public pages it pre-renders (scripts/prerender.ts) and how the server finds
 * them (server/http/spa.ts): one agreement, in one place.
 */

/** Stands for the instance's public origin in pre-rendered pages; the server fills it in when it loads them. */
export const PUBLIC_ORIGIN_PLACEHOLDER = '__AGENTCART_PUBLIC_ORIGIN__';

/** The folder, inside the built web app, of the pre-rendered pages (not served as files). */
export const PRERENDERED_DIR = 'pages';

/** The not-found page, served with status 404 for every path the app does not know. */
export const NOT_FOUND_FILE = '404.html';

/** Every public page at a fixed address: each is pre-rendered. Pages per merchant (`:param`) are not. */
export const PRERENDERED_PATHS: string[] = Object.values(ROUTES)
  .filter((route) => route.access === 'public' && !route.path.includes(':'))
  .map((route) => route.path);

/** The file of a pre-rendered path: "/" is index.html, "/pricing" is pricing.html. */
export function prerenderedFileOf(path: string): string {
  return path === '/' ? 'index.html' : `${path.slice(1).replaceAll('/', '--')}.html`;
}
