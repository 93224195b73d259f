import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { AuthProvider } from '#web/features/auth/auth-provider';
import { Toaster } from '#web/components/ui/toaster';

/**
 * Renders a page inside the app's real providers and a memory router, opened at `url` (default: the
 * route's path). `fetch` is whatever the test installs; by default the session endpoint answers
 * "signed out".
 */
export function renderPage(
  element: ReactElement,
  {
    path = '/',
    url = path,
    extraRoutes = [] as { path: string; element: ReactElement }[],
  }: { path?: string; url?: string; extraRoutes?: { path: string; element: ReactElement }[] } = {},
) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter([{ path, element }, ...extraRoutes], { initialEntries: [url] });
  return {
    router,
    ...render(
      <QueryClientProvider client={queryClient}>
        <AuthProvider>
          <RouterProvider router={router} />
          <Toaster />
        </AuthProvider>
      </QueryClientProvider>,
    ),
  };
}
