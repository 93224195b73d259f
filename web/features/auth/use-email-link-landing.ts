import { useEffect, useRef } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import type { SecondStepMethod } from '#common/api/auth';
import { PRODUCT_NAME } from '#common/domain/brand';
import { returnPathSchema } from '#common/validation/auth';
import { useAuth } from './auth-provider';

const LINK_PROBLEMS = {
  verified:
    'This confirmation link has expired or was already used. Sign in with your email and password to get a fresh one.',
  link: 'This sign-in link has expired or was already used. Ask for a new one below.',
} as const;

/**
 * Links in our e-mails land on /auth?verified=1 (sign-up confirmed) or /auth?link=1 (sign-in link),
 * signed in by the server on the way. This finishes the flow: the success toasts ('Account created!', 'Welcome back!') and on to the
 * page the person was heading for, or says plainly why the link did not work.
 */
export function useEmailLinkLanding(): {
  linkProblem: string | null;
  /** The link opened a second step (two-factor on), which the auth page asks for; then on to `destination`. */
  secondStepPending: boolean;
  /** How that second step can be finished, as the server named them in the landing address. */
  secondStepMethods: SecondStepMethod[];
  destination: string;
} {
  const [params] = useSearchParams();
  const { user, loading } = useAuth();
  const navigate = useNavigate();
  const flow = params.get('verified') ? 'verified' : params.get('link') ? 'link' : null;
  const failed = Boolean(params.get('error'));
  // A sign-in link for an account with two-factor sign-in on lands here to ask for the code, naming the
  // account's ways to give one (second_step=totp,phone); the app is always one.
  const secondStepParam = params.get('second_step');
  const secondStepPending = secondStepParam !== null;
  const secondStepMethods = methodsNamed(secondStepParam);
  const next = returnPathSchema.safeParse(params.get('next'));
  const destination = next.success ? next.data : '/onboarding';
  const finished = useRef(false);

  useEffect(() => {
    if (!flow || failed || secondStepPending || loading || !user || finished.current) return;
    finished.current = true;
    if (flow === 'verified') {
      toast.success('Account created!', {
        description: `Welcome to ${PRODUCT_NAME}. Complete onboarding to get started.`,
      });
      toast.success('Account created successfully!');
    } else {
      toast.success('Welcome back!', { description: 'You have successfully signed in.' });
    }
    navigate(destination, { replace: true });
  }, [flow, failed, secondStepPending, loading, user, destination, navigate]);

  const problem = flow && !secondStepPending && (failed || (!loading && !user)) ? LINK_PROBLEMS[flow] : null;
  return { linkProblem: problem, secondStepPending, secondStepMethods, destination };
}

function methodsNamed(param: string | null): SecondStepMethod[] {
  return (param ?? '').split(',').includes('phone') ? ['totp', 'phone'] : ['totp'];
}
