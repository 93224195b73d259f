import { randomBytes } from 'node:crypto';
import { and, eq, gt } from 'drizzle-orm';
import type { Clock } from '../../lib/clock';
import type { Logger } from '../../lib/logger';
import type { StripeReturnPage } from '#common/api/connections';
import { STRIPE_OAUTH_ERRORS, type StripeOauthErrorCode } from '#common/validation/connections';
import type { Db } from '../../db/client';
import { merchants, oauthStates, type Merchant } from '../../db/schema/index';
import { stripeConnect } from '../../integrations/payments/stripe/connect';
import { paymentProviders } from '../../integrations/payments/registry';
import { AppError } from '../../lib/app-error';
import type { Keyring } from '../../lib/crypto';
import type { IntegrationRuntime } from '../../integrations/runtime';
import { paymentConnectionError } from './provider-failure';
import { loadPaymentConnection } from '../commerce';
import { PENDING_SETUP, saveConnectedStripeAccount, StripeAccountInUseError } from './payment-connections';

type Deps = {
  db: Db;
  runtime: IntegrationRuntime;
  keyring: Keyring;
  publicUrl: string;
  clock: Clock;
  logger: Logger;
};

const STATE_TTL_MS = 10 * 60 * 1000;
const STRIPE_API_BASE = paymentProviders.stripe.manifest.apiBase({});

function platform(deps: Deps) {
  const config = deps.runtime.stripePlatform;
  if (!config) throw new AppError('unprocessable', STRIPE_OAUTH_ERRORS.not_configured);
  const ctx = deps.runtime.context(
    { secretKey: config.secretKey, clientId: config.clientId },
    STRIPE_API_BASE,
  );
  return { config, ctx };
}

const callbackUrl = (deps: Deps) => `${deps.publicUrl}/api/connections/stripe/oauth/callback`;

/** The page a merchant comes back to from Stripe, with `params` (the outcome) in its query string. */
function returnUrl(deps: Deps, page: StripeReturnPage, params: Record<string, string>): string {
  const query = new URLSearchParams(page === 'settings' ? { tab: 'stripe', ...params } : params);
  return `${deps.publicUrl}/${page}?${query.toString()}`;
}

/**
 * Spec oauth-stripe-start: a one-time state bound to this merchant and the session that asked for it,
 * and Stripe's authorize URL.
 */
export async function startStripeOAuth(
  deps: Deps,
  merchant: Merchant,
  sessionId: string,
  returnTo: StripeReturnPage,
) {
  const { config } = platform(deps);
  const state = randomBytes(32).toString('base64url');
  await deps.db.insert(oauthStates).values({
    state,
    merchantId: merchant.id,
    sessionId,
    provider: 'stripe',
    returnTo,
    expiresAt: new Date(deps.clock.now().getTime() + STATE_TTL_MS),
  });
  const url = stripeConnect.authorizeUrl({
    connectBaseUrl: config.connectBaseUrl,
    clientId: config.clientId,
    state,
    redirectUri: callbackUrl(deps),
  });
  return { url };
}

/**
 * The OAuth callback: validates and consumes the state, exchanges the code, saves the account, and
 * answers with where to send the browser (settings, with stripe_oauth=success, or stripe_oauth=error
 * with an error code and its message) and, when an account was connected, which merchant it was for.
 * Only the session that started the flow (`signedIn`, still passing the session rules) can finish it: a
 * state alone, leaked from a browser's history or a log, connects nobody's account.
 */
export async function completeStripeOAuth(
  deps: Deps,
  query: { code?: string; state?: string; error?: string; error_description?: string },
  signedIn: { merchantId: string; sessionId: string } | null,
): Promise<{ location: string; connected?: { merchantId: string; accountId: string } }> {
  // The state names the page the merchant started from; it is consumed on the first answer either way.
  const [consumed] = query.state
    ? await deps.db
        .delete(oauthStates)
        .where(
          and(
            eq(oauthStates.state, query.state),
            eq(oauthStates.provider, 'stripe'),
            gt(oauthStates.expiresAt, deps.clock.now()),
          ),
        )
        .returning()
    : [];
  const page: StripeReturnPage = consumed?.returnTo === 'onboarding' ? 'onboarding' : 'settings';
  const redirect = (params: Record<string, string>) => ({ location: returnUrl(deps, page, params) });
  const fail = (code: StripeOauthErrorCode, message: string = STRIPE_OAUTH_ERRORS[code]) =>
    redirect({ stripe_oauth: 'error', error: code, message });

  if (query.error)
    return redirect({
      stripe_oauth: 'error',
      error: query.error,
      message: query.error_description ?? query.error,
    });
  if (!query.code || !query.state) return fail('missing_params');
  if (!signedIn) return fail('session_required');
  const startedHere =
    consumed?.merchantId === signedIn.merchantId && consumed.sessionId === signedIn.sessionId;
  if (!consumed || !startedHere) return fail('invalid_state');
  if (!deps.runtime.stripePlatform) return fail('not_configured');

  let accountId: string;
  try {
    ({ accountId } = await stripeConnect.exchangeCode(platform(deps).ctx, query.code));
  } catch (err) {
    deps.logger.warn({ err }, 'stripe oauth token exchange failed');
    return fail('token_exchange_failed');
  }
  try {
    const [merchant] = await deps.db.select().from(merchants).where(eq(merchants.id, consumed.merchantId));
    if (!merchant) return fail('save_failed');
    await saveConnectedStripeAccount(deps, merchant, accountId);
  } catch (err) {
    if (err instanceof StripeAccountInUseError) return fail('account_in_use');
    deps.logger.error({ err }, 'saving the stripe connection failed');
    return fail('save_failed');
  }
  return {
    ...redirect({ stripe_oauth: 'success', account_id: accountId }),
    connected: { merchantId: consumed.merchantId, accountId },
  };
}

const isConnected = (m: Merchant) => Boolean(m.stripeAccountId && m.stripeAccountId !== PENDING_SETUP);

/** Spec create-connected-account: an Express account on the platform, once. */
export async function createConnectedAccount(deps: Deps, merchant: Merchant, email: string) {
  if (isConnected(merchant)) return { accountId: merchant.stripeAccountId!, alreadyExists: true };
  const { ctx } = platform(deps);
  try {
    const accountId = await stripeConnect.createExpressAccount(ctx, {
      email,
      country: merchant.region === 'US' ? 'US' : 'GB',
      businessName: merchant.name,
    });
    await saveConnectedStripeAccount(deps, merchant, accountId);
    return { accountId, alreadyExists: false };
  } catch (err) {
    throw paymentConnectionError(err);
  }
}

function requireAccount(merchant: Merchant): string {
  if (!isConnected(merchant)) throw new AppError('invalid_request', 'Connect a Stripe account first.');
  return merchant.stripeAccountId!;
}

/** Spec create-account-link: Stripe's hosted onboarding for the connected account. */
export async function createAccountLink(deps: Deps, merchant: Merchant, returnTo: StripeReturnPage) {
  const accountId = requireAccount(merchant);
  try {
    const link = await stripeConnect.createAccountLink(platform(deps).ctx, {
      accountId,
      refreshUrl: returnUrl(deps, returnTo, { stripe_onboarding: 'refresh' }),
      returnUrl: returnUrl(deps, returnTo, { stripe_onboarding: 'return' }),
    });
    return { url: link.url };
  } catch (err) {
    throw paymentConnectionError(err);
  }
}

/**
 * Spec get-account-status: charges-enabled and details-submitted of the merchant's Stripe account,
 * asked through the platform for a Connect account, or with the merchant's own key when that is how it
 * was connected.
 */
export async function getAccountStatus(deps: Deps, merchant: Merchant) {
  const accountId = requireAccount(merchant);
  const saved = await loadPaymentConnection(deps, merchant.id, 'stripe');
  const secretKey = (saved?.credentials as { secretKey?: unknown } | null)?.secretKey;
  try {
    const status =
      typeof secretKey === 'string'
        ? await stripeConnect.getOwnAccountStatus(deps.runtime.context(null, STRIPE_API_BASE).http, secretKey)
        : await stripeConnect.getAccountStatus(platform(deps).ctx, accountId);
    return { accountId, ...status };
  } catch (err) {
    throw paymentConnectionError(err);
  }
}
