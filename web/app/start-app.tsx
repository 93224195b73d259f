import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, matchRoutes, RouterProvider } from 'react-router';
import { AppErrorBoundary } from '#web/components/layout/error-fallback';
import { AppProviders } from './providers';
import { appRoutes } from './routes';

/**
 * Loads the lazy route modules of the current URL before the router starts, so the first render is the
 * page itself (as pre-rendered) rather than the loading fallback, which would not match the HTML.
 */
async function loadInitialRoutes() {
  const matches = matchRoutes(appRoutes, window.location) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      Object.assign(route, await route.lazy(), { lazy: undefined });
    }),
  );
}

/**
 * Starts the app in its root element: hydrates a pre-rendered page (scripts/prerender.ts), or renders
 * the app shell of a merchant's page from scratch.
 */
export async function startApp(container: HTMLElement, { prerendered }: { prerendered: boolean }) {
  if (prerendered) await loadInitialRoutes();
  // Hydration data (none: the routes have no loaders) tells the router the page is already on screen,
  // so it leaves the scroll where the browser or the visitor put it instead of jumping to the top.
  const routerOptions = prerendered ? { hydrationData: {} } : undefined;
  const app = (
    <StrictMode>
      <AppErrorBoundary>
        <AppProviders>
          <RouterProvider router={createBrowserRouter(appRoutes, routerOptions)} />
        </AppProviders>
      </AppErrorBoundary>
    </StrictMode>
  );
  if (!prerendered) {
    createRoot(container).render(app);
    return;
  }
  // A transition lets React hydrate in slices, so the page keeps answering input on a slow phone.
  startTransition(() => {
    hydrateRoot(container, app, {
      // Production React recovers from a mismatch silently; say so, so journeys (which fail on console
      // errors) catch pages whose first client render differs from their pre-rendered HTML.
      onRecoverableError: (error) =>
        console.error('Recovered from a render error (hydration mismatch?):', error),
    });
  });
}
