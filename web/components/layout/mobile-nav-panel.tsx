import { Link, NavLink } from 'react-router';
import { useSignOutToHome } from '#web/features/auth/use-sign-out-to-home';
import { Button } from '#web/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '#web/components/ui/dialog';
import { Logo } from './logo';
import { ROUTES, type NavItem } from '#common/routes';
import { linkClass } from './site-nav';

interface Props {
  open: boolean;
  onOpenChange(open: boolean): void;
  links: NavItem[];
  signedIn: boolean;
}

/** The mobile slide-in side panel with the same links as the top navigation. */
export default function MobileNavPanel({ open, onOpenChange, links, signedIn }: Props) {
  const signOutToHome = useSignOutToHome();
  const close = () => onOpenChange(false);
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent side="right">
        <DialogTitle className="sr-only">Menu</DialogTitle>
        <DialogDescription className="sr-only">Site navigation</DialogDescription>
        <div className="mb-6">
          <Logo />
        </div>
        <nav aria-label="Mobile" className="flex flex-col gap-1" onClick={close}>
          {links.map((l) => (
            <NavLink key={l.to} to={l.to} className={linkClass}>
              {l.label}
            </NavLink>
          ))}
        </nav>
        <div className="mt-auto grid gap-2 pt-6">
          {signedIn ? (
            <>
              {/* The app's links already start with Dashboard; the marketing ones lead to it here. */}
              {!links.some((l) => l.to === ROUTES.dashboard.path) && (
                <Button asChild variant="outline" onClick={close}>
                  <Link to={ROUTES.dashboard.path}>Dashboard</Link>
                </Button>
              )}
              <Button
                variant="ghost"
                onClick={() => {
                  close();
                  signOutToHome();
                }}
              >
                Sign Out
              </Button>
            </>
          ) : (
            <Button asChild onClick={close}>
              <Link to="/auth">Start for Free</Link>
            </Button>
          )}
        </div>
      </DialogContent>
    </Dialog>
  );
}
