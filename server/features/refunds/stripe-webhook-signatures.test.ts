import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paymentConnections } from '../../db/schema/index';
import { STRIPE_SIGNATURE_TOLERANCE_SECONDS } from '../../integrations/payments/stripe/webhook';
import { createTestApp, TEST_ORIGIN, type TestApp } from '../../test/create-test-app';
import { dashboardRequest, newMerchant, type TestMerchant } from '../../test/merchant-kit';
import { deliverStripeEvent, merchantStripeWebhookSecret } from '../../test/stripe-events';
import { stripeSignatureHeader } from '../../integrations/payments/stripe/webhook';
import { STRIPE_WEBHOOK_EVENTS } from './webhook-events';

/**
 * The merchant's Stripe webhook route checks Stripe-Signature with the secret of the endpoint made on
 * the merchant's account when the key was connected (ADR 058); connections from before have none and
 * are read as they were.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const connection = async (merchantId: string) =>
  (
    await t.db
      .select()
      .from(paymentConnections)
      .where(and(eq(paymentConnections.merchantId, merchantId), eq(paymentConnections.provider, 'stripe')))
  )[0]!;

/** The endpoint as the Stripe simulator has it, read with the sandbox key the merchant connected. */
async function endpointAtStripe(id: string) {
  const { simulators, credentials } = t.simulators!;
  const res = await fetch(`${simulators.stripe.baseUrl}/v1/webhook_endpoints/${id}`, {
    headers: { authorization: `Bearer ${credentials.stripe.secretKey}` },
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

const aboutNothing = {
  type: 'charge.refunded',
  data: { object: { object: 'charge', payment_intent: 'pi_unknown' } },
};

describe('the Stripe webhook endpoint of a key connection', () => {
  let m: TestMerchant;
  beforeAll(async () => {
    m = await newMerchant(t, { connect: true });
  });

  it('is registered on the account when the key is connected, its secret kept sealed', async () => {
    const row = await connection(m.merchantId);
    expect(row.webhookEndpointId).toMatch(/^we_/);
    expect(row.webhookSecretEncrypted).toBeTruthy();
    expect(row.webhookSecretEncrypted).not.toContain('whsec_');
    expect(await merchantStripeWebhookSecret(t, m.merchantId)).toMatch(/^whsec_/);
    const { status, body } = await endpointAtStripe(row.webhookEndpointId!);
    expect(status).toBe(200);
    expect(body).toMatchObject({
      url: `${TEST_ORIGIN}/webhooks/payments/stripe/${m.merchantId}`,
      enabled_events: [...STRIPE_WEBHOOK_EVENTS],
      status: 'enabled',
    });
    // Stripe shows the secret only when the endpoint is made.
    expect(body).not.toHaveProperty('secret');
    // Nowhere in what the merchant's dashboard reads either.
    const listed = await dashboardRequest(t, m.cookie, 'GET', '/api/connections');
    expect(listed.body).not.toContain('whsec_');
    expect(listed.body).not.toContain(row.webhookEndpointId!);
  });

  it('accepts a delivery signed with that secret and refuses a forged, tampered or replayed one', async () => {
    const signed = await deliverStripeEvent(t, m.merchantId, aboutNothing);
    expect([signed.statusCode, signed.json()]).toEqual([200, { received: true }]);

    const unsigned = await deliverStripeEvent(t, m.merchantId, aboutNothing, { signature: null });
    expect(unsigned.statusCode).toBe(400);
    expect(unsigned.json()).toEqual({ received: false, error: 'The Stripe-Signature header is missing' });

    const now = Math.floor(Date.now() / 1000);
    const forged = await deliverStripeEvent(t, m.merchantId, aboutNothing, {
      signature: stripeSignatureHeader('whsec_not_the_endpoints', JSON.stringify(aboutNothing), now),
    });
    expect(forged.statusCode).toBe(400);
    expect(forged.json()).toMatchObject({ received: false, error: expect.stringMatching(/signature/i) });

    // Signed for another body: the signature covers the exact bytes.
    const secret = (await merchantStripeWebhookSecret(t, m.merchantId))!;
    const tampered = await deliverStripeEvent(t, m.merchantId, aboutNothing, {
      signature: stripeSignatureHeader(secret, '{"id":"evt_other"}', now),
    });
    expect(tampered.statusCode).toBe(400);

    const replayed = await deliverStripeEvent(t, m.merchantId, aboutNothing, {
      timestamp: now - STRIPE_SIGNATURE_TOLERANCE_SECONDS - 5,
    });
    expect(replayed.statusCode).toBe(400);
    expect(replayed.json()).toMatchObject({ received: false, error: expect.stringMatching(/tolerance/i) });
    const justInTime = await deliverStripeEvent(t, m.merchantId, aboutNothing, {
      timestamp: now - STRIPE_SIGNATURE_TOLERANCE_SECONDS + 30,
    });
    expect(justInTime.statusCode).toBe(200);
  });

  it('is replaced when the key is connected again, and deleted on disconnect', async () => {
    const other = await newMerchant(t, { connect: true });
    const first = (await connection(other.merchantId)).webhookEndpointId!;
    const again = await dashboardRequest(t, other.cookie, 'POST', '/api/connections/stripe/verify', {
      secretKey: t.simulators!.credentials.stripe.secretKey,
    });
    expect(again.statusCode, again.body).toBe(200);
    const second = (await connection(other.merchantId)).webhookEndpointId!;
    expect(second).not.toBe(first);
    expect((await endpointAtStripe(first)).status).toBe(404);
    expect((await endpointAtStripe(second)).status).toBe(200);

    const gone = await dashboardRequest(t, other.cookie, 'DELETE', '/api/connections/stripe');
    expect(gone.statusCode).toBe(204);
    const { status, body } = await endpointAtStripe(second);
    expect(status).toBe(404);
    expect(body).toMatchObject({ error: { code: 'resource_missing' } });
    expect(await connection(other.merchantId)).toMatchObject({
      status: 'disconnected',
      webhookEndpointId: null,
      webhookSecretEncrypted: null,
    });
  });
});

describe('a Stripe connection made before endpoints were registered', () => {
  it('has its deliveries read as before: nothing in them is believed, so no signature is asked', async () => {
    const m = await newMerchant(t, { connect: true });
    await t.db
      .update(paymentConnections)
      .set({ webhookEndpointId: null, webhookSecretEncrypted: null })
      .where(eq(paymentConnections.merchantId, m.merchantId));
    const res = await deliverStripeEvent(t, m.merchantId, aboutNothing, { signature: null });
    expect([res.statusCode, res.json()]).toEqual([200, { received: true }]);
    const junk = await t.app.inject({
      method: 'POST',
      url: `/webhooks/payments/stripe/${m.merchantId}`,
      headers: { 'content-type': 'application/json' },
      payload: '{not json',
    });
    expect([junk.statusCode, junk.json()]).toEqual([
      400,
      { received: false, error: 'The Stripe event body is not an event' },
    ]);
    // Readiness asks nothing of it: the connection is as connected as any other.
    const readiness = await dashboardRequest(t, m.cookie, 'GET', '/api/readiness');
    expect(readiness.body).not.toMatch(/webhook/i);
  });
});
