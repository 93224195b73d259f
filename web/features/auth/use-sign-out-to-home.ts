import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { useAuth } from './auth-provider';

/**
 * Signing out: go home and end the session. The protected route knows a deliberate sign-out (auth
 * provider `signedOut`) and goes home too, so the order in which the two land does not matter.
 */
export function useSignOutToHome() {
  const { signOut } = useAuth();
  const navigate = useNavigate();
  return useCallback(() => {
    void navigate('/');
    signOut().catch(() => undefined);
  }, [navigate, signOut]);
}
