import { useQuery, useQueryClient } from '@tanstack/react-query';
import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import { toast } from 'sonner';
import { PRODUCT_NAME } from '#common/domain/brand';
import type { SignInInput, SignUpInput } from '#common/validation/auth';
import { fetchSession, signInRequest, signOutRequest, signUpRequest, type SessionUser } from './api';

interface AuthContextValue {
  user: SessionUser | null;
  loading: boolean;
  /** True once the user has signed out on purpose (until the next sign-in), so protected pages go home. */
  signedOut: boolean;
  signUp(input: SignUpInput): Promise<void>;
  signIn(input: SignInInput): Promise<void>;
  signOut(): Promise<void>;
}

const AuthContext = createContext<AuthContextValue | null>(null);
export const SESSION_QUERY_KEY = ['session'] as const;

const messageOf = (err: unknown, fallback: string) =>
  err instanceof Error && err.message ? err.message : fallback;

/**
 * Holds the signed-in user for the whole app and performs the auth actions with the toasts of spec §8.
 * Errors are shown and then rethrown so a form can put field messages in place.
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

  const signUp = useCallback(
    async (input: SignUpInput) => {
      try {
        await signUpRequest(input);
      } catch (err) {
        toast.error('Sign up failed', { description: messageOf(err, 'Failed to create account') });
        throw err;
      }
      await refresh();
      toast.success('Account created!', {
        description: `Welcome to ${PRODUCT_NAME}. Complete onboarding to get started.`,
      });
    },
    [refresh],
  );

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
    () => ({ user: session.data ?? null, loading: session.isPending, signedOut, signUp, signIn, signOut }),
    [session.data, session.isPending, signedOut, signUp, signIn, signOut],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthContextValue {
  const ctx = useContext(AuthContext);
  if (!ctx) throw new Error('useAuth must be used within an AuthProvider');
  return ctx;
}
