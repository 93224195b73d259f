import { stripeClient } from '../../integrations/payments/stripe/api';
import type { IntegrationRuntime } from '../../integrations/runtime';
import { STOREFRONT_EVENT_TYPES } from './storefront-webhook';

/**
 * Sandbox: subscribes `url` to storefront sales on every connected account (a Connect endpoint on the
 * platform's Stripe simulator account), as an operator does once in Stripe's dashboard for a live
 * deployment (STRIPE_STOREFRONT_WEBHOOK_SECRET), and keeps its signing secret (shown only at creation).
 * An endpoint left for the same URL by an earlier run is replaced, so no event arrives twice.
 */
export async function subscribeStorefrontWebhook(
  runtime: IntegrationRuntime,
  holder: { secret: string },
  url: string,
): Promise<void> {
  if (!runtime.stripePlatform) return;
  const http = runtime.context({}, 'https://api.stripe.com').http;
  const stripe = stripeClient(http, runtime.stripePlatform.secretKey);
  const existing = await stripe.webhookEndpoints.list({ limit: 100 });
  for (const endpoint of existing.data) {
    if (endpoint.url === url) await stripe.webhookEndpoints.del(endpoint.id);
  }
  const created = await stripe.webhookEndpoints.create({
    url,
    connect: true,
    enabled_events: [...STOREFRONT_EVENT_TYPES],
    description: 'AgentCart storefront sales (sandbox)',
  });
  holder.secret = created.secret ?? '';
}
