import { useQuery, useQueryClient } from '@tanstack/react-query';
import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import { toast } from 'sonner';
import type { SignInInput } from '#common/validation/auth';
import { fetchSession, signInRequest, signOutRequest, type SessionUser } from './api';
import { messageOf } from './error-message';

interface AuthContextValue {
  user: SessionUser | null;
  loading: boolean;
  /** True once the user has signed out on purpose (until the next sign-in), so protected pages go home. */
  signedOut: boolean;
  signIn(input: SignInInput): Promise<void>;
  signOut(): Promise<void>;
}

const AuthContext = createContext<AuthContextValue | null>(null);
export const SESSION_QUERY_KEY = ['session'] as const;

/**
 * Holds the signed-in user for the whole app and performs the auth actions with their toasts.
 * Errors are shown and then rethrown so a form can put field messages in place. Sign-up does not sign
 * in (the confirmation link does), so it lives with its form on the auth page.
 */
export function AuthProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const session = useQuery({ queryKey: SESSION_QUERY_KEY, queryFn: fetchSession, staleTime: 60_000 });
  const [signedOut, setSignedOut] = useState(false);

  const refresh = useCallback(async () => {
    queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== SESSION_QUERY_KEY[0] });
    await queryClient.invalidateQueries({ queryKey: SESSION_QUERY_KEY });
    await queryClient.refetchQueries({ queryKey: SESSION_QUERY_KEY });
    setSignedOut(false);
  }, [queryClient]);

  const signIn = useCallback(
    async (input: SignInInput) => {
      try {
        await signInRequest(input);
      } catch (err) {
        toast.error('Sign in failed', { description: messageOf(err, 'Failed to sign in') });
        throw err;
      }
      await refresh();
      toast.success('Welcome back!', { description: 'You have successfully signed in.' });
    },
    [refresh],
  );

  const signOut = useCallback(async () => {
    try {
      await signOutRequest();
    } catch (err) {
      toast.error('Sign out failed', { description: messageOf(err, 'Failed to sign out') });
      throw err;
    }
    setSignedOut(true);
    queryClient.setQueryData(SESSION_QUERY_KEY, null);
    queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== SESSION_QUERY_KEY[0] });
    toast.success('Signed out', { description: 'You have been successfully signed out.' });
  }, [queryClient]);

  const value = useMemo<AuthContextValue>(
    () => ({ user: session.data ?? null, loading: session.isPending, signedOut, signIn, signOut }),
    [session.data, session.isPending, signedOut, signIn, signOut],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthContextValue {
  const ctx = useContext(AuthContext);
  if (!ctx) throw new Error('useAuth must be used within an AuthProvider');
  return ctx;
}
