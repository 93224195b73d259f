import { StrictMode } from 'react';
import { prerender } from 'react-dom/static';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { AppErrorBoundary } from '#web/components/layout/error-fallback';
import { SeoCollectorContext, type SeoProps } from '#web/lib/use-seo';
import { AppProviders } from './app/providers';
import { appRoutes } from './app/routes';

export interface RenderedPage {
  /** The markup of the app's root element, as the browser's first render will produce it. */
  html: string;
  /** The metadata the page declared with useSeo. */
  seo: SeoProps;
}

const handler = createStaticHandler(appRoutes);

/**
 * Renders one page of the app as HTML at build time (scripts/prerender.ts), through the same routes,
 * providers and error boundary as the browser, so that hydration matches. Waits for everything the page
 * suspends on, since the HTML is written once.
 */
export async function renderPage(path: string): Promise<RenderedPage> {
  const context = await handler.query(new Request(new URL(path, 'http://prerender.invalid')));
  if (context instanceof Response) throw new Error(`${path} answered a redirect; it cannot be pre-rendered`);
  const router = createStaticRouter(handler.dataRoutes, context);
  let seo: SeoProps | undefined;
  // React leaves a part that throws for the browser to render; a pre-rendered page must have none.
  const errors: unknown[] = [];
  const { prelude } = await prerender(
    <StrictMode>
      <AppErrorBoundary>
        <SeoCollectorContext value={(declared) => (seo = declared)}>
          <AppProviders>
            {/* No inline hydration script (the CSP forbids inline scripts; the routes have no loaders). */}
            <StaticRouterProvider router={router} context={context} hydrate={false} />
          </AppProviders>
        </SeoCollectorContext>
      </AppErrorBoundary>
    </StrictMode>,
    {
      onError: (error) => void errors.push(error),
      // React streams a large Suspense boundary's content after the page and reveals it with an inline
      // script; a page written once must carry its content in place (and the CSP forbids inline scripts).
      progressiveChunkSize: Number.POSITIVE_INFINITY,
    },
  );
  if (errors.length > 0) throw new Error(`${path} failed to render`, { cause: errors[0] });
  const html = await new Response(prelude).text();
  if (!seo) throw new Error(`${path} declares no metadata (useSeo)`);
  return { html, seo };
}
