import { and, eq, ne } from 'drizzle-orm';
import {
  storefrontAccountId,
  storefrontSessionId,
  type ListStorefrontProductsOutput,
  type StorefrontSession,
} from '#common/api/storefront';
import type { Db } from '../../db/client';
import { merchants } from '../../db/schema/index';
import { ProviderError } from '../../integrations/http';
import { paymentProviders } from '../../integrations/payments/registry';
import { stripeStorefront } from '../../integrations/payments/stripe/storefront';
import type { IntegrationRuntime } from '../../integrations/runtime';
import { AppError } from '../../lib/app-error';
import type { EngineDeps } from '../commerce';
import { merchantOfSale, orderNumberOf, recordStorefrontSale } from './storefront-sales';
import type { AppContext } from '../../app-context';

export interface StorefrontDeps {
  db: Db;
  runtime: IntegrationRuntime;
  publicUrl: string;
  /** The engine a paid session is recorded through, as the merchant's order. */
  engine: EngineDeps;
}

/** The storefront's dependencies, as the app's context holds them. */
export const storefrontDepsOf = (
  ctx: Pick<AppContext, 'db' | 'runtime' | 'config' | 'engine'>,
): StorefrontDeps => ({
  db: ctx.db,
  runtime: ctx.runtime,
  publicUrl: ctx.config.publicUrl,
  engine: ctx.engine,
});

/** The platform's cut of every storefront sale, in percent of the total. */
export const STOREFRONT_FEE_PERCENT = 10;

const STRIPE_API_BASE = paymentProviders.stripe.manifest.apiBase({});
/** Written while a merchant's Connect onboarding has not produced an account yet. */
const PENDING_SETUP = 'pending_setup';

export const STOREFRONT_MESSAGES = {
  storeNotFound: 'Store not found',
  orderNotFound: 'We could not find this order. Check the link from your confirmation, or contact the store.',
  unavailable: 'The store is unavailable right now. Please try again in a moment.',
  cannotBuy: 'This product cannot be bought right now.',
} as const;

const storeNotFound = () => new AppError('not_found', STOREFRONT_MESSAGES.storeNotFound);

/**
 * The account behind a storefront address, when it is a Stripe account an AgentCart merchant has
 * connected. Anything else (another Stripe account, a malformed id) is the same 404, so the storefront
 * never shows or reveals an account that is not ours.
 */
async function connectedAccount(
  deps: StorefrontDeps,
  accountId: string,
): Promise<{ account: string; shopName: string; shopLogoUrl: string | null }> {
  if (!storefrontAccountId.safeParse(accountId).success) throw storeNotFound();
  const [merchant] = await deps.db
    .select({ name: merchants.name, logoUrl: merchants.logoUrl })
    .from(merchants)
    .where(and(eq(merchants.stripeAccountId, accountId), ne(merchants.stripeAccountId, PENDING_SETUP)))
    .limit(1);
  if (!merchant) throw storeNotFound();
  return { account: accountId, shopName: merchant.name, shopLogoUrl: merchant.logoUrl };
}

export function platformContext(deps: Pick<StorefrontDeps, 'runtime'>) {
  const config = deps.runtime.stripePlatform;
  // Without the platform's Stripe account no storefront can be read: for a shopper that is no store.
  if (!config) throw storeNotFound();
  return deps.runtime.context({ secretKey: config.secretKey, clientId: config.clientId }, STRIPE_API_BASE);
}

/** A Stripe failure as the shopper sees it; `missing` is what a refusal to find the object means. */
function shopperError(err: unknown, missing: () => AppError): AppError {
  if (!(err instanceof ProviderError))
    return new AppError('internal', STOREFRONT_MESSAGES.unavailable, { cause: err });
  // The platform has no access to the account (disconnected, or a key-only connection): no store.
  if (err.kind === 'not_found' || err.kind === 'auth') return Object.assign(missing(), { cause: err });
  if (err.kind === 'invalid_request')
    return new AppError('unprocessable', STOREFRONT_MESSAGES.cannotBuy, { cause: err });
  return new AppError('provider_unavailable', STOREFRONT_MESSAGES.unavailable, { cause: err });
}

/** list-connected-products: the account's active products with their default prices. */
export async function listStorefrontProducts(
  deps: StorefrontDeps,
  accountId: string,
): Promise<ListStorefrontProductsOutput> {
  const { account, shopName, shopLogoUrl } = await connectedAccount(deps, accountId);
  try {
    return {
      shopName,
      shopLogoUrl,
      products: await stripeStorefront.listProducts(platformContext(deps), account),
    };
  } catch (err) {
    throw err instanceof AppError ? err : shopperError(err, storeNotFound);
  }
}

const storefrontUrl = (deps: StorefrontDeps, accountId: string) =>
  `${deps.publicUrl}/storefront/${encodeURIComponent(accountId)}`;

/**
 * create-connected-checkout: a Checkout Session in payment mode on the connected account for one unit
 * of `priceId`, with the platform's fee; the buyer pays on Stripe's hosted page.
 */
export async function createStorefrontCheckout(
  deps: StorefrontDeps,
  accountId: string,
  input: { priceId: string; quantity: number },
): Promise<{ url: string }> {
  const { account } = await connectedAccount(deps, accountId);
  const store = storefrontUrl(deps, account);
  try {
    const session = await stripeStorefront.createCheckout(platformContext(deps), account, {
      priceId: input.priceId,
      quantity: input.quantity,
      feePercent: STOREFRONT_FEE_PERCENT,
      successUrl: `${store}/success?session_id={CHECKOUT_SESSION_ID}`,
      cancelUrl: store,
    });
    return { url: session.url };
  } catch (err) {
    throw err instanceof AppError
      ? err
      : shopperError(err, () => new AppError('unprocessable', STOREFRONT_MESSAGES.cannotBuy));
  }
}

/**
 * The success page's check: the session read back from Stripe on that connected account, and, once
 * paid, recorded as the merchant's order (exactly once; the Connect webhook may have done it already, and
 * a lost webhook is then no lost sale). An unknown id, another account's session or a malformed one is
 * "order not found"; an unpaid one says so.
 */
export async function getStorefrontSession(
  deps: StorefrontDeps,
  accountId: string,
  sessionId: string,
): Promise<StorefrontSession> {
  const { account } = await connectedAccount(deps, accountId);
  const orderNotFound = () => new AppError('not_found', STOREFRONT_MESSAGES.orderNotFound);
  if (!storefrontSessionId.safeParse(sessionId).success) throw orderNotFound();
  let session;
  try {
    session = await stripeStorefront.getCheckout(platformContext(deps), account, sessionId);
  } catch (err) {
    throw err instanceof AppError ? err : shopperError(err, orderNotFound);
  }
  const merchant = session.paid ? await merchantOfSale(deps, account, session.priceId) : null;
  const order = merchant ? await recordStorefrontSale(deps.engine, merchant, account, session) : null;
  return {
    orderNumber: order ? orderNumberOf(order) : null,
    paid: session.paid,
    status: session.status,
    amountTotal: session.amountTotal,
    currency: session.currency,
  };
}
