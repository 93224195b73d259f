import { useQuery, useQueryClient } from '@tanstack/react-query';
import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import type { SecondStepMethod } from '#common/api/auth';
import type { SubscriptionState } from '#common/api/billing';
import type { SignInInput } from '#common/validation/auth';
import {
  fetchSession,
  secondStepRequest,
  signInRequest,
  signOutRequest,
  type SecondStepCode,
  type SessionUser,
} from './api';
import { messageOf } from '#web/lib/error-message';

interface AuthContextValue {
  user: SessionUser | null;
  loading: boolean;
  /** True once the user has signed out on purpose (until the next sign-in), so protected pages go home. */
  signedOut: boolean;
  /** Signs in, or answers the second step's methods when the account has two-factor sign-in on. */
  signIn(input: SignInInput): Promise<{ secondStep: SecondStepMethod[] } | null>;
  /** Finishes a sign-in with the second step's code. */
  finishSignIn(kind: SecondStepCode, code: string): Promise<void>;
  signOut(): Promise<void>;
  /** The merchant's subscription: checked shortly after sign-in, then every minute; reset on sign-out. */
  subscription: SubscriptionState;
}

const AuthContext = createContext<AuthContextValue | null>(null);
export const SESSION_QUERY_KEY = ['session'] as const;
export const SUBSCRIPTION_QUERY_KEY = ['billing', 'subscription'] as const;
/** The subscription is re-read every minute while a session exists. */
export const SUBSCRIPTION_POLL_MS = 60_000;
const UNSUBSCRIBED: SubscriptionState = { subscribed: false, tier: null, subscription_end: null };

// The shell's toasts are for actions, never the first paint: sonner loads when one is raised (and is
// usually loaded by then, with the lazy toaster), which keeps it out of the landing page's budget.
function toastLater(kind: 'success' | 'error', title: string, data: { description: string }) {
  void import('sonner').then(({ toast }) => toast[kind](title, data));
}

/**
 * Holds the signed-in user for the whole app and performs the auth actions with their toasts.
 * Errors are shown and then rethrown so a form can put field messages in place. Sign-up does not sign
 * in (the confirmation link does), so it lives with its form on the auth page.
 */
export function AuthProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const session = useQuery({ queryKey: SESSION_QUERY_KEY, queryFn: fetchSession, staleTime: 60_000 });
  const [signedOut, setSignedOut] = useState(false);
  const subscription = useQuery({
    queryKey: SUBSCRIPTION_QUERY_KEY,
    queryFn: async () => {
      try {
        // Loaded on first use: the landing page's visitors are mostly signed out.
        const { checkSubscription } = await import('#web/lib/subscription-check');
        return await checkSubscription();
      } catch (err) {
        // A failed check is only logged: the last known state stays until the next poll.
        console.warn('Subscription check failed', err);
        throw err;
      }
    },
    enabled: !!session.data,
    refetchInterval: SUBSCRIPTION_POLL_MS,
    retry: false,
  });

  // The signed-out user's data goes once the screens that read it are gone. Removed while the bell or
  // the account menu is still mounted, a query refetches at once, without a session: a 401 for nothing.
  const signedOutForGood = signedOut && !session.data;
  useEffect(() => {
    if (signedOutForGood) {
      queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== SESSION_QUERY_KEY[0] });
    }
  }, [signedOutForGood, queryClient]);

  const refresh = useCallback(async () => {
    queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== SESSION_QUERY_KEY[0] });
    await queryClient.invalidateQueries({ queryKey: SESSION_QUERY_KEY });
    await queryClient.refetchQueries({ queryKey: SESSION_QUERY_KEY });
    setSignedOut(false);
  }, [queryClient]);

  const signedIn = useCallback(async () => {
    await refresh();
    toastLater('success', 'Welcome back!', { description: 'You have successfully signed in.' });
  }, [refresh]);

  const signIn = useCallback(
    async (input: SignInInput) => {
      let answer: Awaited<ReturnType<typeof signInRequest>>;
      try {
        answer = await signInRequest(input);
      } catch (err) {
        toastLater('error', 'Sign in failed', { description: messageOf(err, 'Failed to sign in') });
        throw err;
      }
      if ('status' in answer) return { secondStep: answer.methods };
      await signedIn();
      return null;
    },
    [signedIn],
  );

  // Its errors are shown by the second step's form, beside the code.
  const finishSignIn = useCallback(
    async (kind: SecondStepCode, code: string) => {
      await secondStepRequest(kind, code);
      await signedIn();
    },
    [signedIn],
  );

  const signOut = useCallback(async () => {
    try {
      await signOutRequest();
    } catch (err) {
      toastLater('error', 'Sign out failed', { description: messageOf(err, 'Failed to sign out') });
      throw err;
    }
    setSignedOut(true);
    queryClient.setQueryData(SESSION_QUERY_KEY, null);
    toastLater('success', 'Signed out', { description: 'You have been successfully signed out.' });
  }, [queryClient]);

  const value = useMemo<AuthContextValue>(
    () => ({
      user: session.data ?? null,
      loading: session.isPending,
      signedOut,
      signIn,
      finishSignIn,
      signOut,
      subscription: (session.data && subscription.data) || UNSUBSCRIBED,
    }),
    [session.data, session.isPending, signedOut, signIn, finishSignIn, signOut, subscription.data],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthContextValue {
  const ctx = useContext(AuthContext);
  if (!ctx) throw new Error('useAuth must be used within an AuthProvider');
  return ctx;
}
