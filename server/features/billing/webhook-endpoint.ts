import { BILLING_EVENT_TYPES } from './webhook';
import type { PlatformBilling } from './platform-stripe';

/**
 * Sandbox: subscribes `url` to the platform's billing events on the Stripe simulator, as an operator
 * does once in Stripe's dashboard for a live deployment, and keeps the new endpoint's signing secret
 * (Stripe shows it only at creation). An endpoint left for the same URL by an earlier run is replaced, so
 * a restarted app is not sent every event twice.
 */
export async function subscribeBillingWebhook(billing: PlatformBilling, url: string): Promise<void> {
  const existing = await billing.stripe.webhookEndpoints.list({ limit: 100 });
  for (const endpoint of existing.data) {
    if (endpoint.url === url) await billing.stripe.webhookEndpoints.del(endpoint.id);
  }
  const created = await billing.stripe.webhookEndpoints.create({
    url,
    enabled_events: [...BILLING_EVENT_TYPES],
    description: 'AgentCart billing (sandbox)',
  });
  billing.webhookSecret = created.secret ?? '';
}
