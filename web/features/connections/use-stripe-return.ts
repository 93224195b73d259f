import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { toast } from 'sonner';
import {
  STRIPE_OAUTH_DECLINED,
  STRIPE_OAUTH_ERRORS,
  UNKNOWN_OAUTH_ERROR,
  type StripeOauthErrorCode,
} from '#common/validation/connections';

const RETURN_PARAMS = ['stripe_oauth', 'stripe_onboarding', 'error', 'message', 'account_id'];

/** A Stripe account id as Stripe writes it; anything else in the address is not shown. */
const ACCOUNT_ID = /^acct_[A-Za-z0-9]{1,64}$/;

const isErrorCode = (value: string | null): value is StripeOauthErrorCode =>
  value !== null && Object.hasOwn(STRIPE_OAUTH_ERRORS, value);

/**
 * What a failed OAuth return says: the message STRIPE_OAUTH_ERRORS gives its error code (sent as `error`, or as
 * `message` by callers that only send that), else 'Unknown error occurred'. Free text from the address
 * is never shown: anyone can send a merchant a link with words of their choosing in it.
 */
export function oauthErrorMessage(params: URLSearchParams): string {
  const code = [params.get('error'), params.get('message')].find(isErrorCode);
  return code ? STRIPE_OAUTH_ERRORS[code] : UNKNOWN_OAUTH_ERROR;
}

/**
 * Stripe sends the merchant back with the outcome in the address (stripe_oauth, account_id,
 * message; stripe_onboarding after the hosted onboarding). Shown once as a toast, then removed (the rest of
 * the address stays), so a reload does not repeat it.
 */
export function useStripeReturn() {
  const [params, setParams] = useSearchParams();
  const oauth = params.get('stripe_oauth');
  const onboarding = params.get('stripe_onboarding');

  useEffect(() => {
    if (!oauth && !onboarding) return;
    if (oauth === 'success') {
      const accountId = params.get('account_id');
      toast.success('Stripe connected', {
        description:
          accountId && ACCOUNT_ID.test(accountId)
            ? `The account ending in ${accountId.slice(-4)} is connected.`
            : undefined,
      });
    } else if (oauth === 'error' && params.get('error') === STRIPE_OAUTH_DECLINED.code) {
      toast.warning(STRIPE_OAUTH_DECLINED.title, { description: STRIPE_OAUTH_DECLINED.message });
    } else if (oauth === 'error') {
      toast.error('Connection Failed', { description: oauthErrorMessage(params) });
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
  }, [oauth, onboarding, params, setParams]);
}
