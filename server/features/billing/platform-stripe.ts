import { CURRENCIES, type Currency } from '#common/domain/currencies';
import { PURCHASABLE_PLAN_IDS, type PurchasablePlanId } from '#common/domain/plans';
import type { AppConfig, PlatformBillingConfig } from '../../config';
import type { IntegrationRuntime } from '../../integrations/runtime';
import { stripeClient } from '../../integrations/payments/stripe/api';
import type { PlatformBilling } from '../../services/platform-billing';

export type { PlatformBilling };

/**
 * The sandbox's billing settings: the Stripe simulator lists the platform's seeded price ids among its
 * credentials, as a live deployment lists them in its environment.
 */
function sandboxBillingConfig(runtime: IntegrationRuntime): PlatformBillingConfig {
  const c = runtime.sandboxCredentials.stripe ?? {};
  const byCurrency = (prefix: string) =>
    Object.fromEntries(
      CURRENCIES.map((cur) => [cur, c[`${prefix}${cur[0]}${cur.slice(1).toLowerCase()}`] ?? '']),
    ) as Record<Currency, string>;
  return {
    secretKey: runtime.stripePlatform?.secretKey ?? '',
    webhookSecret: '',
    planPrices: { growth: byCurrency('priceGrowth'), scale: byCurrency('priceScale') },
    overagePrices: byCurrency('priceOverage'),
    overageMeterEventName: c.overageMeterEventName ?? 'agent_order_overage',
  };
}

/**
 * Billing on the platform's Stripe account, or null when it is off (live without STRIPE_SECRET_KEY). The
 * same code talks to api.stripe.com live and to the simulator in sandbox.
 */
export function createPlatformBilling(
  config: Pick<AppConfig, 'mode' | 'billing'>,
  runtime: IntegrationRuntime,
): PlatformBilling | null {
  const settings = config.mode === 'sandbox' ? sandboxBillingConfig(runtime) : config.billing;
  if (!settings?.secretKey) return null;
  const http = runtime.context({}, 'https://api.stripe.com').http;
  const byPrice = new Map<string, { plan: PurchasablePlanId; currency: Currency }>();
  for (const plan of PURCHASABLE_PLAN_IDS) {
    for (const currency of CURRENCIES) byPrice.set(settings.planPrices[plan][currency], { plan, currency });
  }
  return {
    stripe: stripeClient(http, settings.secretKey),
    planPrices: settings.planPrices,
    overagePrices: settings.overagePrices,
    overageMeterEventName: settings.overageMeterEventName,
    webhookSecret: settings.webhookSecret,
    planOfPrice: (priceId) => byPrice.get(priceId) ?? null,
  };
}
