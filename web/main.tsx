import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, matchRoutes, RouterProvider } from 'react-router';
import { AppErrorBoundary } from '#web/components/layout/error-fallback';
import { AppProviders } from './app/providers';
import { appRoutes } from './app/routes';
import './styles.css';

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

const container = document.getElementById('root')!;
// Public pages arrive pre-rendered (scripts/prerender.ts); the merchant's pages arrive as an empty shell.
const prerendered = container.hasChildNodes();
if (prerendered) await loadInitialRoutes();

const app = (
  <StrictMode>
    <AppErrorBoundary>
      <AppProviders>
        <RouterProvider router={createBrowserRouter(appRoutes)} />
      </AppProviders>
    </AppErrorBoundary>
  </StrictMode>
);

if (prerendered) {
  // A transition lets React hydrate in slices, so the page keeps answering input on a slow phone.
  startTransition(() => {
    hydrateRoot(container, app, {
      // Production React recovers from a mismatch silently; say so, so journeys (which fail on console
      // errors) catch pages whose first client render differs from their pre-rendered HTML.
      onRecoverableError: (error) =>
        console.error('Recovered from a render error (hydration mismatch?):', error),
    });
  });
} else {
  createRoot(container).render(app);
}
