import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { toast } from 'sonner';
import {
  STRIPE_OAUTH_ERRORS,
  UNKNOWN_OAUTH_ERROR,
  type StripeOauthErrorCode,
} from '#common/validation/connections';

const RETURN_PARAMS = ['stripe_oauth', 'stripe_onboarding', 'error', 'message', 'account_id'];

/**
 * Stripe sends the merchant back with the outcome in the address (stripe_oauth, account_id,
 * message; stripe_onboarding after the hosted onboarding). Shown once as a toast, then removed (the rest of
 * the address stays), so a reload does not repeat it.
 */
export function useStripeReturn() {
  const [params, setParams] = useSearchParams();
  const oauth = params.get('stripe_oauth');
  const onboarding = params.get('stripe_onboarding');
  const error = params.get('error');
  const message = params.get('message');
  const accountId = params.get('account_id');

  useEffect(() => {
    if (!oauth && !onboarding) return;
    if (oauth === 'success') {
      toast.success('Stripe connected', {
        description: accountId ? `Account ${accountId} is connected.` : undefined,
      });
    } else if (oauth === 'error') {
      const known =
        error && error in STRIPE_OAUTH_ERRORS ? STRIPE_OAUTH_ERRORS[error as StripeOauthErrorCode] : null;
      toast.error('Connection Failed', { description: message ?? known ?? UNKNOWN_OAUTH_ERROR });
    } else if (onboarding === 'refresh') {
      toast.warning('Stripe onboarding link expired', {
        description: 'Start the account setup again to get a fresh link.',
      });
    }
    setParams(
      (current) => {
        const rest = new URLSearchParams(current);
        for (const key of RETURN_PARAMS) rest.delete(key);
        return rest;
      },
      { replace: true },
    );
  }, [oauth, onboarding, error, message, accountId, setParams]);
}
