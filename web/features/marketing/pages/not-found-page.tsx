import { Compass } from 'lucide-react';
import { useEffect } from 'react';
import { Link, useLocation } from 'react-router';
import { Button } from '#web/components/ui/button';
import { useHydrated } from '#web/lib/use-hydrated';
import { useSeo } from '#web/lib/use-seo';

/** Any unknown path; the missing path is logged so broken links can be found. */
export default function NotFoundPage() {
  const { pathname } = useLocation();
  const hydrated = useHydrated();
  useSeo({
    title: 'Page not found',
    description: 'The page you were looking for does not exist.',
    noIndex: true,
  });
  useEffect(() => {
    console.warn(`404: no page at ${pathname}`);
  }, [pathname]);
  return (
    <div className="flex min-h-[70vh] items-center justify-center px-4 py-16">
      <div className="max-w-md text-center">
        <span className="mx-auto mb-6 inline-flex size-14 items-center justify-center rounded-2xl bg-brand-100 text-brand-700">
          <Compass aria-hidden="true" className="size-7" />
        </span>
        <p className="text-sm font-semibold text-brand-600">404</p>
        <h1 className="mt-2 text-3xl font-bold tracking-tight text-slate-900">Page not found</h1>
        <p className="mt-3 text-slate-600">
          {/* One pre-rendered page serves every unknown path: the path itself is shown once hydrated. */}
          We couldn&apos;t find{' '}
          {hydrated ? (
            <code className="rounded bg-slate-100 px-1.5 py-0.5 text-sm">{pathname}</code>
          ) : (
            'this page'
          )}
          . It may have moved, or the link may be mistyped.
        </p>
        <Button asChild className="mt-8">
          <Link to="/">Return to Home</Link>
        </Button>
      </div>
    </div>
  );
}
