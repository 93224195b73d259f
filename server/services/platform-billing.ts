import type Stripe from 'stripe';
import type { Currency } from '#common/domain/currencies';
import type { PurchasablePlanId } from '#common/domain/plans';
import type { PlatformBillingConfig } from '../config';

/** The platform's own Stripe account, as billing uses it: the client, the prices and the webhook secret. */
export interface PlatformBilling {
  stripe: Stripe;
  planPrices: PlatformBillingConfig['planPrices'];
  overagePrices: PlatformBillingConfig['overagePrices'];
  overageMeterEventName: string;
  /** The billing webhook endpoint's signing secret (sandbox: set when the endpoint is registered). */
  webhookSecret: string;
  /** The plan and currency a price id sells, or null for any other price (the overage price, say). */
  planOfPrice(priceId: string): { plan: PurchasablePlanId; currency: Currency } | null;
}
