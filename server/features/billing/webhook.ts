import { eq } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { billingWebhookEvents } from '../../db/schema/index';
import { constructStripeEvent } from '../../integrations/payments/stripe/webhook';
import type { PlatformBilling } from './platform-stripe';
import { syncMonthlyInvoice } from './invoice-unsubscribed';
import { syncCustomer } from './sync-subscription';

/** The events that can change a merchant's subscription; anything else is acknowledged and ignored. */
export const BILLING_EVENT_TYPES = [
  'checkout.session.completed',
  'customer.subscription.created',
  'customer.subscription.updated',
  'customer.subscription.deleted',
  // Three days before a trial ends: re-read so the dashboard agrees with Stripe before the first charge.
  'customer.subscription.trial_will_end',
  'invoice.paid',
  'invoice.payment_failed',
  // The monthly invoices of merchants without a subscription (billing_invoices).
  'invoice.finalized',
  'invoice.voided',
  'invoice.marked_uncollectible',
] as const;

const billingEvent = z.object({
  id: z.string().min(1),
  type: z.string().min(1),
  data: z.object({
    object: z.looseObject({
      id: z.string().optional(),
      object: z.string().optional(),
      customer: z.union([z.string(), z.object({ id: z.string() })]).nullish(),
    }),
  }),
});

export type BillingWebhookResult = { received: true; applied: boolean };

/**
 * One delivery to the billing webhook. The signature is checked first (a bad one throws ProviderError
 * 'auth'). An event already applied changes nothing; any other billing event re-reads its customer's
 * subscriptions from Stripe (syncCustomer), and an invoice event about one of the monthly invoices re-reads
 * that invoice (a subscription's invoice is none of them, so it is never mistaken for one), so the order
 * events arrive in does not matter. The event id is
 * stored only after the sync succeeded, so a failed one is applied when Stripe retries it.
 */
export async function receiveBillingWebhook(
  deps: { db: Db; billing: PlatformBilling },
  input: { rawBody: string; signature: string | undefined; now: Date },
): Promise<BillingWebhookResult> {
  const event = billingEvent.parse(
    constructStripeEvent(input.rawBody, input.signature, deps.billing.webhookSecret, input.now),
  );
  if (!(BILLING_EVENT_TYPES as readonly string[]).includes(event.type))
    return { received: true, applied: false };
  const [seen] = await deps.db
    .select({ id: billingWebhookEvents.eventId })
    .from(billingWebhookEvents)
    .where(eq(billingWebhookEvents.eventId, event.id));
  if (seen) return { received: true, applied: false };
  const customer = event.data.object.customer;
  const customerId = typeof customer === 'string' ? customer : customer?.id;
  if (customerId) await syncCustomer(deps.db, deps.billing, customerId, input.now);
  const { object } = event.data;
  if (object.object === 'invoice' && object.id) await syncMonthlyInvoice(deps.db, deps.billing, object.id);
  await deps.db
    .insert(billingWebhookEvents)
    .values({ eventId: event.id, type: event.type, receivedAt: input.now })
    .onConflictDoNothing();
  return { received: true, applied: true };
}
