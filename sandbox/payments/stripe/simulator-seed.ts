import { PLANS } from '#common/domain/plans';
import type { Catalog } from './simulator-catalog';
import type { Meters } from './simulator-meters';

/**
 * What the sandbox's Stripe holds from the start, with fixed ids so a persisted world, the app's sandbox
 * configuration and stored links keep agreeing across restarts:
 * - on the platform account, AgentCart's own plans (Growth and Scale, monthly, in GBP, EUR and USD) and a
 *   metered overage price per currency, billed through the `agent_order_overage` meter;
 * - on the demo merchant's account, a small outdoor catalogue for its public storefront.
 */

/** The meter an overage order is reported to (`payload[value]` orders for `payload[stripe_customer_id]`). */
export const OVERAGE_METER_EVENT_NAME = 'agent_order_overage';
/** The overage price per order beyond the monthly limit, in minor units of each currency. */
const OVERAGE_UNIT_AMOUNT = 250;
const CURRENCIES = ['GBP', 'EUR', 'USD'] as const;
const PAID_PLANS = ['growth', 'scale'] as const;

const capitalised = (text: string) => text[0]!.toUpperCase() + text.slice(1);

/** The price ids the app's sandbox configuration reads (GET /__sim credentials), by credential name. */
export function planPriceIds(): Record<string, string> {
  const ids: Record<string, string> = {};
  for (const currency of CURRENCIES) {
    const suffix = capitalised(currency.toLowerCase());
    for (const plan of PAID_PLANS)
      ids[`price${capitalised(plan)}${suffix}`] = `price_AgentCart${capitalised(plan)}Monthly${currency}`;
    ids[`priceOverage${suffix}`] = `price_AgentCartOverage${currency}`;
  }
  return { ...ids, overageMeterEventName: OVERAGE_METER_EVENT_NAME };
}

export function seedPlatformPlans(platform: string, catalog: Catalog, meters: Meters) {
  if (catalog.findProduct('prod_AgentCartGrowth', platform)) return;
  meters.seedMeter(platform, {
    id: 'mtr_AgentCartAgentOrderOverage',
    display_name: 'Agent orders beyond the monthly limit',
    event_name: OVERAGE_METER_EVENT_NAME,
  });
  for (const planId of PAID_PLANS) {
    const plan = PLANS.find((p) => p.id === planId)!;
    const product = catalog.seedProduct(platform, {
      id: `prod_AgentCart${plan.name}`,
      name: `AgentCart ${plan.name}`,
      description: plan.volumeGuidance,
      images: [],
      metadata: { plan: plan.id },
    });
    for (const currency of CURRENCIES) {
      const price = catalog.seedPrice(platform, {
        id: `price_AgentCart${plan.name}Monthly${currency}`,
        product: product.id,
        currency: currency.toLowerCase(),
        unit_amount: plan.monthlyPrice![currency] * 100,
        lookup_key: `${plan.id}_monthly_${currency.toLowerCase()}`,
        metadata: { plan: plan.id },
        recurring: {
          interval: 'month',
          interval_count: 1,
          meter: null,
          trial_period_days: null,
          usage_type: 'licensed',
        },
      });
      if (currency === 'GBP') product.default_price = price.id;
    }
  }
  const overage = catalog.seedProduct(platform, {
    id: 'prod_AgentCartOverage',
    name: 'Agent orders beyond the monthly limit',
    description: null,
    images: [],
  });
  for (const currency of CURRENCIES) {
    catalog.seedPrice(platform, {
      id: `price_AgentCartOverage${currency}`,
      product: overage.id,
      currency: currency.toLowerCase(),
      unit_amount: OVERAGE_UNIT_AMOUNT,
      lookup_key: `overage_${currency.toLowerCase()}`,
      recurring: {
        interval: 'month',
        interval_count: 1,
        meter: 'mtr_AgentCartAgentOrderOverage',
        trial_period_days: null,
        usage_type: 'metered',
      },
    });
  }
}

const DEMO_PRODUCTS: { id: string; name: string; description: string | null; price: number | null }[] = [
  {
    id: 'prod_DemoTrailDaypack',
    name: 'Trail Daypack 22L',
    description: 'A light, weatherproof pack for day hikes, with a padded laptop sleeve.',
    price: 6400,
  },
  {
    id: 'prod_DemoCampMug',
    name: 'Insulated Camp Mug',
    description: 'Double-walled steel; keeps coffee hot for three hours.',
    price: 1850,
  },
  {
    id: 'prod_DemoTwoPersonTent',
    name: 'Ultralight Two-Person Tent',
    description: null,
    price: 28900,
  },
  {
    id: 'prod_DemoGiftCard',
    name: 'Gift Card',
    description: 'Coming soon: choose an amount at checkout.',
    price: null,
  },
];

export function seedDemoStore(account: string, catalog: Catalog) {
  if (catalog.findProduct(DEMO_PRODUCTS[0]!.id, account)) return;
  // Stripe lists newest first: created in reverse, the store shows them in this list's order.
  for (const item of [...DEMO_PRODUCTS].reverse()) {
    const product = catalog.seedProduct(account, {
      id: item.id,
      name: item.name,
      description: item.description,
      images: [],
    });
    if (item.price === null) continue;
    product.default_price = catalog.seedPrice(account, {
      id: `price_${item.id.slice(5)}GBP`,
      product: product.id,
      currency: 'gbp',
      unit_amount: item.price,
    }).id;
  }
}
