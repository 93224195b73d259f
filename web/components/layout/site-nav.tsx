import { FlaskConical, Menu } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import {
  APP_NAV,
  APP_NAV_PREFIXES,
  MARKETING_NAV,
  PROTECTED_PATHS,
  ROUTES,
  type NavItem,
} from '#common/routes';
import { useAuth } from '#web/features/auth/auth-provider';
import { Button } from '#web/components/ui/button';
import { cn } from '#web/lib/cn';
import { Logo } from './logo';

// Loaded on demand: the menus' Radix and positioning code is not on the landing page's critical path.
const AccountMenu = lazy(() => import('./account-menu'));
const MobileNavPanel = lazy(() => import('./mobile-nav-panel'));
// The bell brings its data layer (query contracts, the live stream): app pages only, never the landing page.
const NotificationBell = lazy(() => import('#web/features/notifications/notification-bell'));

/** The app navigation on the merchant's own pages, the marketing navigation everywhere else. */
export function isAppNavPath(pathname: string): boolean {
  return [...APP_NAV_PREFIXES, ...PROTECTED_PATHS].some(
    (p) => pathname === p || pathname.startsWith(`${p}/`),
  );
}

export const linkClass = ({ isActive }: { isActive: boolean }) =>
  cn(
    'whitespace-nowrap rounded-md px-3 py-2 text-sm font-medium transition-colors',
    isActive ? 'bg-slate-100 text-slate-900' : 'text-slate-600 hover:bg-slate-50 hover:text-slate-900',
  );

function MobileNav({ links, signedIn }: { links: NavItem[]; signedIn: boolean }) {
  const [open, setOpen] = useState(false);
  const [requested, setRequested] = useState(false);
  return (
    <>
      <Button
        variant="ghost"
        size="icon"
        className="lg:hidden"
        aria-label="Open menu"
        aria-expanded={open}
        onClick={() => {
          setRequested(true);
          setOpen(true);
        }}
      >
        <Menu aria-hidden="true" className="size-5" />
      </Button>
      {requested && (
        <Suspense fallback={null}>
          <MobileNavPanel open={open} onOpenChange={setOpen} links={links} signedIn={signedIn} />
        </Suspense>
      )}
    </>
  );
}

export function SiteNav() {
  const { pathname } = useLocation();
  const { user } = useAuth();
  const appMode = isAppNavPath(pathname);
  const links = appMode ? APP_NAV : MARKETING_NAV;

  return (
    <header className="sticky top-0 z-40 border-b border-slate-200/80 bg-white/85 backdrop-blur">
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-4 px-4 sm:px-6">
        <Logo to={appMode ? '/dashboard' : '/'} />
        <nav aria-label="Main" className="hidden items-center gap-1 lg:flex">
          {links.map((l) => (
            <NavLink key={l.to} to={l.to} className={linkClass}>
              {l.to === ROUTES.agentTesting.path ? (
                <span className="inline-flex items-center gap-1.5">
                  <FlaskConical aria-hidden="true" className="size-4" />
                  {l.label}
                </span>
              ) : (
                l.label
              )}
            </NavLink>
          ))}
        </nav>
        <div className="flex items-center gap-2">
          {appMode && user ? (
            <>
              <Suspense fallback={<span className="size-10" />}>
                <NotificationBell />
              </Suspense>
              <Suspense fallback={<span className="size-10" />}>
                <AccountMenu email={user.email} />
              </Suspense>
            </>
          ) : (
            <div className="hidden sm:block">
              {user ? (
                <Button asChild variant="outline">
                  <Link to="/dashboard">Dashboard</Link>
                </Button>
              ) : (
                <Button asChild>
                  <Link to="/auth">Start for Free</Link>
                </Button>
              )}
            </div>
          )}
          <MobileNav links={links} signedIn={Boolean(user)} />
        </div>
      </div>
    </header>
  );
}
