import { z } from 'zod';
import type { AdapterContext } from '../../http';
import { callStripe, stripeAccount, stripeClient } from './api';

/** Our platform's own Stripe credentials (never a merchant's): its secret key and Connect client id. */
export interface StripePlatformCredentials {
  secretKey: string;
  clientId: string;
}
type PlatformContext = AdapterContext<StripePlatformCredentials>;

const platformClient = (ctx: PlatformContext) => stripeClient(ctx.http, ctx.credentials.secretKey);

const oauthToken = z.looseObject({
  stripe_user_id: z.string().startsWith('acct_'),
  livemode: z.boolean(),
  scope: z.string().nullish(),
});
const accountLink = z.looseObject({ url: z.url(), expires_at: z.number().int() });

export interface ConnectedAccountStatus {
  chargesEnabled: boolean;
  detailsSubmitted: boolean;
  payoutsEnabled: boolean;
}

/**
 * Stripe Connect, run with the platform's key: OAuth for merchants who already have a Stripe account,
 * Express accounts plus Account Links for those who do not. After any of these, re-read the account:
 * coming back from Stripe does not mean onboarding is complete.
 */
export const stripeConnect = {
  /**
   * The page a merchant is sent to to connect an existing account. Built by hand because the SDK's
   * `oauth.authorizeUrl()` always writes `https://<host>/` and drops a port (so it cannot reach a
   * simulator). `connectBaseUrl` is https://connect.stripe.com in live mode.
   */
  authorizeUrl(input: {
    connectBaseUrl: string;
    clientId: string;
    state: string;
    redirectUri: string;
    express?: boolean;
    scope?: 'read_write' | 'read_only';
    prefill?: { email?: string; businessName?: string; country?: string; url?: string };
  }): string {
    const base = input.connectBaseUrl.replace(/\/+$/, '');
    const url = new URL(`${base}${input.express ? '/express' : ''}/oauth/authorize`);
    url.searchParams.set('response_type', 'code');
    url.searchParams.set('client_id', input.clientId);
    url.searchParams.set('scope', input.scope ?? 'read_write');
    url.searchParams.set('redirect_uri', input.redirectUri);
    url.searchParams.set('state', input.state);
    const prefill = {
      email: input.prefill?.email,
      business_name: input.prefill?.businessName,
      country: input.prefill?.country,
      url: input.prefill?.url,
    };
    for (const [field, value] of Object.entries(prefill)) {
      if (value) url.searchParams.set(`stripe_user[${field}]`, value);
    }
    return url.toString();
  },

  /** Trades the `code` Stripe put on the redirect for the connected account's id. */
  async exchangeCode(
    ctx: PlatformContext,
    code: string,
  ): Promise<{ accountId: string; livemode: boolean; scope: string | null }> {
    const token = await callStripe(
      () => platformClient(ctx).oauth.token({ grant_type: 'authorization_code', code }),
      oauthToken,
    );
    return { accountId: token.stripe_user_id, livemode: token.livemode, scope: token.scope ?? null };
  },

  /**
   * Creates an Express account for a merchant with no Stripe account and returns its id (acct_…);
   * onboard it with an account link.
   */
  async createExpressAccount(
    ctx: PlatformContext,
    input: { email: string; country: string; businessName: string; idempotencyKey?: string },
  ): Promise<string> {
    const account = await callStripe(
      () =>
        platformClient(ctx).accounts.create(
          {
            type: 'express',
            email: input.email,
            country: input.country.toUpperCase(),
            business_profile: { name: input.businessName },
            capabilities: { card_payments: { requested: true }, transfers: { requested: true } },
          },
          input.idempotencyKey ? { idempotencyKey: input.idempotencyKey } : undefined,
        ),
      stripeAccount,
    );
    return account.id;
  },

  /** A single-use onboarding link (it expires within minutes: create it right before redirecting). */
  async createAccountLink(
    ctx: PlatformContext,
    input: { accountId: string; refreshUrl: string; returnUrl: string },
  ): Promise<{ url: string; expiresAt: Date }> {
    const link = await callStripe(
      () =>
        platformClient(ctx).accountLinks.create({
          account: input.accountId,
          type: 'account_onboarding',
          refresh_url: input.refreshUrl,
          return_url: input.returnUrl,
        }),
      accountLink,
    );
    return { url: link.url, expiresAt: new Date(link.expires_at * 1000) };
  },

  async getAccountStatus(ctx: PlatformContext, accountId: string): Promise<ConnectedAccountStatus> {
    const account = await callStripe(() => platformClient(ctx).accounts.retrieve(accountId), stripeAccount);
    return statusOf(account);
  },

  /** The same flags for an account the merchant connected with its own secret key (GET /v1/account). */
  async getOwnAccountStatus(
    http: AdapterContext<unknown>['http'],
    secretKey: string,
  ): Promise<ConnectedAccountStatus> {
    const account = await callStripe(
      () => stripeClient(http, secretKey).accounts.retrieveCurrent(),
      stripeAccount,
    );
    return statusOf(account);
  },
};

function statusOf(account: z.infer<typeof stripeAccount>): ConnectedAccountStatus {
  return {
    chargesEnabled: account.charges_enabled,
    detailsSubmitted: account.details_submitted,
    payoutsEnabled: account.payouts_enabled,
  };
}
