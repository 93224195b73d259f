import Stripe from 'stripe';
import type { CreateCheckoutInput } from '#common/api/billing';
import type { Db } from '../../db/client';
import { trialEndOf } from '#common/domain/trial-and-usage';
import type { BillingAccount, Merchant } from '../../db/schema/index';
import { AppError } from '../../lib/app-error';
import { ensureBillingCustomer } from './billing-customer';
import { isSubscribed, loadBillingAccount } from './plan';
import type { PlatformBilling } from './platform-stripe';

interface HostedPageDeps {
  db: Db;
  billing: PlatformBilling;
  publicUrl: string;
  now: Date;
}

/** Stripe Checkout refuses a `subscription_data[trial_end]` less than 48 hours away. */
const CHECKOUT_MIN_TRIAL_SECONDS = 48 * 60 * 60;

/**
 * The Stripe trial a new subscription gets: the rest of the merchant's 14-day free trial, so the first
 * invoice is for nothing and the plan is first charged the day the trial ends. None when less than
 * Checkout's 48 hours is left (charged now, a day or two early, rather than a trial Stripe refuses), or
 * when the merchant already had a subscription (one trial per merchant).
 */
function trialEndFor(merchant: Merchant, account: BillingAccount | undefined, now: Date): number | null {
  if (account?.stripeSubscriptionId) return null;
  const end = Math.floor(trialEndOf(merchant.createdAt).getTime() / 1000);
  return end - Math.floor(now.getTime() / 1000) >= CHECKOUT_MIN_TRIAL_SECONDS ? end : null;
}

/**
 * create-checkout: a Stripe Checkout Session in subscription mode for the plan in the currency, on the
 * platform's account, trialing for the rest of the merchant's free trial (trialEndFor). The subscription carries the plan's price and the metered overage price of the
 * same currency, so orders beyond the allowance are billed on it. A merchant that already subscribes
 * changes plan in the customer portal (with proration), so it is sent there instead.
 */
export async function createCheckoutPage(
  deps: HostedPageDeps,
  merchant: Merchant,
  input: CreateCheckoutInput,
): Promise<{ url: string }> {
  const account = await loadBillingAccount(deps.db, merchant.id);
  if (isSubscribed(account)) return createPortalPage(deps, merchant);
  const trialEnd = trialEndFor(merchant, account, deps.now);
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
      subscription_data: {
        metadata: { merchant_id: merchant.id, plan: input.stripePriceId },
        ...(trialEnd ? { trial_end: trialEnd } : {}),
      },
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
