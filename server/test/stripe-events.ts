import { and, eq } from 'drizzle-orm';
import { paymentConnections } from '../db/schema/index';
import { openWebhookSecret } from '../features/refunds';
import { stripeSignatureHeader } from '../integrations/payments/stripe/webhook';
import type { TestApp } from './create-test-app';

/** The signing secret of the endpoint the merchant's Stripe connection registered (ADR 058), if any. */
export async function merchantStripeWebhookSecret(t: TestApp, merchantId: string): Promise<string | null> {
  const [row] = await t.db
    .select()
    .from(paymentConnections)
    .where(and(eq(paymentConnections.merchantId, merchantId), eq(paymentConnections.provider, 'stripe')));
  return row ? openWebhookSecret(t.config.keyring, row) : null;
}

/**
 * A Stripe event delivered to the merchant's refund and dispute route as the merchant's account sends
 * it: signed with the endpoint's secret as of now (or `timestamp`, unix seconds), unless `signature`
 * says what to send instead (null: no header).
 */
export async function deliverStripeEvent(
  t: TestApp,
  merchantId: string,
  event: { type: string; data: { object: object }; id?: string },
  opts: { timestamp?: number; signature?: string | null } = {},
) {
  const payload = JSON.stringify({ id: 'evt_test', object: 'event', ...event });
  let signature = opts.signature;
  if (signature === undefined) {
    const secret = await merchantStripeWebhookSecret(t, merchantId);
    if (!secret) throw new Error('the merchant has no Stripe webhook secret');
    signature = stripeSignatureHeader(secret, payload, opts.timestamp ?? Math.floor(Date.now() / 1000));
  }
  return t.app.inject({
    method: 'POST',
    url: `/webhooks/payments/stripe/${merchantId}`,
    headers: {
      'content-type': 'application/json',
      ...(signature === null ? {} : { 'stripe-signature': signature }),
    },
    payload,
  });
}
