import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { useAuth } from './auth-provider';

/**
 * Signing out from a protected page: go home first and end the session only once that navigation has
 * finished (the home page loads lazily). Ending it earlier lets the protected route see no user while it
 * is still on screen and send the visitor to /auth instead.
 */
export function useSignOutToHome() {
  const { signOut } = useAuth();
  const navigate = useNavigate();
  return useCallback(() => {
    Promise.resolve(navigate('/'))
      .then(() => signOut())
      .catch(() => undefined);
  }, [navigate, signOut]);
}
