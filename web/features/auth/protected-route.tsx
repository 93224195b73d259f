import { Navigate, Outlet, useLocation } from 'react-router';
import { Spinner } from '#web/components/ui/spinner';
import { useAuth } from './auth-provider';

/**
 * A spinner while the session loads; without a user, replace the history entry with /auth and
 * pass the requested location as `from` so sign-in can return there. After a deliberate sign-out the
 * page goes home instead (whichever comes first, this or the sign-out's own navigation home).
 */
export function ProtectedRoute() {
  const { user, loading, signedOut } = useAuth();
  const location = useLocation();
  if (loading) {
    return (
      <div className="flex min-h-[60vh] items-center justify-center">
        <Spinner className="size-8" label="Checking your session" />
      </div>
    );
  }
  if (!user && signedOut) return <Navigate to="/" replace />;
  if (!user) return <Navigate to="/auth" replace state={{ from: location }} />;
  return <Outlet />;
}
