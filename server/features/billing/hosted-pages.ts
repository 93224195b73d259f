import Stripe from 'stripe';
import type { CreateCheckoutInput } from '#common/api/billing';
import type { Db } from '../../db/client';
import type { Merchant } from '../../db/schema/index';
import { AppError } from '../../lib/app-error';
import { ensureBillingCustomer } from './billing-customer';
import { isSubscribed, loadBillingAccount } from './plan';
import type { PlatformBilling } from './platform-stripe';

interface HostedPageDeps {
  db: Db;
  billing: PlatformBilling;
  publicUrl: string;
}

/**
 * create-checkout: a Stripe Checkout Session in subscription mode for the plan in the currency, on the
 * platform's account. The subscription carries the plan's price and the metered overage price of the
 * same currency, so orders beyond the allowance are billed on it. A merchant that already subscribes
 * changes plan in the customer portal (with proration), so it is sent there instead.
 */
export async function createCheckoutPage(
  deps: HostedPageDeps,
  merchant: Merchant,
  input: CreateCheckoutInput,
): Promise<{ url: string }> {
  if (isSubscribed(await loadBillingAccount(deps.db, merchant.id))) return createPortalPage(deps, merchant);
  const customer = await stripeCall(() => ensureBillingCustomer(deps.db, deps.billing, merchant));
  const session = await stripeCall(() =>
    deps.billing.stripe.checkout.sessions.create({
      mode: 'subscription',
      customer,
      client_reference_id: merchant.id,
      line_items: [
        { price: deps.billing.planPrices[input.stripePriceId][input.currency], quantity: 1 },
        { price: deps.billing.overagePrices[input.currency] },
      ],
      subscription_data: { metadata: { merchant_id: merchant.id, plan: input.stripePriceId } },
      metadata: { merchant_id: merchant.id, plan: input.stripePriceId },
      success_url: `${deps.publicUrl}/dashboard?checkout=success&session_id={CHECKOUT_SESSION_ID}`,
      cancel_url: `${deps.publicUrl}/pricing?checkout=cancelled`,
    }),
  );
  if (!session.url) throw new AppError('provider_unavailable', 'Stripe did not return a checkout page');
  return { url: session.url };
}

/** customer-portal: a single-use portal session for the merchant's customer, back to the dashboard. */
export async function createPortalPage(deps: HostedPageDeps, merchant: Merchant): Promise<{ url: string }> {
  const account = await loadBillingAccount(deps.db, merchant.id);
  if (!account?.stripeCustomerId) {
    throw new AppError('not_found', 'There is no subscription to manage yet. Choose a plan first.');
  }
  const customer = account.stripeCustomerId;
  const session = await stripeCall(() =>
    deps.billing.stripe.billingPortal.sessions.create({
      customer,
      return_url: `${deps.publicUrl}/dashboard?portal=return`,
    }),
  );
  return { url: session.url };
}

/** Runs a Stripe call for a merchant's request: Stripe failing is a 502 with a safe message, never a 500. */
export async function stripeCall<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (err) {
    if (err instanceof Stripe.errors.StripeError) {
      throw new AppError('provider_unavailable', 'Stripe could not complete the request; try again.', {
        cause: err,
      });
    }
    throw err;
  }
}
