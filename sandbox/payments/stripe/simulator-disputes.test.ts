import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSimulator, type RunningSimulator } from '../../simulator-kit';
import { createStripeSimulator, STRIPE_SANDBOX_SECRET_KEY } from './simulator';
import type { StripeEvent, WebhookDelivery } from './simulator-events';

// Webhook endpoints and disputes through the official SDK (ADR 058): each endpoint signs with its own
// secret, shown once; a dispute is opened, reviewed and decided, each step sent to the endpoints.
const deliveries: WebhookDelivery[] = [];
let running: RunningSimulator;
beforeAll(async () => {
  running = await startSimulator('stripe', createStripeSimulator({ deliver: (d) => deliveries.push(d) }).app);
});
afterAll(() => running.close());

function sdk(key = STRIPE_SANDBOX_SECRET_KEY) {
  const url = new URL(running.baseUrl);
  return new Stripe(key, { host: url.hostname, port: url.port, protocol: 'http', maxNetworkRetries: 0 });
}

async function control(path: string, body: unknown = {}) {
  const res = await fetch(`${running.baseUrl}/__sim/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> & { id: string } };
}

/** What `url` was sent, each delivery verified with `secret` as the receiving route verifies it. */
const verifiedAt = (url: string, secret: string) =>
  deliveries
    .filter((d) => d.url === url)
    .map(
      (d) =>
        Stripe.webhooks.constructEvent(
          d.body,
          d.headers['stripe-signature']!,
          secret,
        ) as unknown as StripeEvent,
    );

async function disputedIntent() {
  const intent = await sdk().paymentIntents.create({
    amount: 4200,
    currency: 'gbp',
    payment_method: 'pm_card_visa',
    confirm: true,
    automatic_payment_methods: { enabled: true, allow_redirects: 'never' },
  });
  const opened = await control('disputes', { payment_intent: intent.id, reason: 'product_not_received' });
  expect(opened.status).toBe(200);
  return opened.body;
}

describe('stripe simulator webhook endpoints', () => {
  it('answers the secret only on creation and signs each delivery with its own endpoint secret', async () => {
    const stripe = sdk();
    const events = ['charge.dispute.created', 'charge.dispute.updated', 'charge.dispute.closed'] as const;
    const a = await stripe.webhookEndpoints.create({
      url: 'https://a.example/hook',
      enabled_events: [...events],
    });
    const b = await stripe.webhookEndpoints.create({
      url: 'https://b.example/hook',
      enabled_events: [...events],
    });
    expect(a.secret).toMatch(/^whsec_/);
    expect(a.secret).not.toBe(b.secret);
    expect(await stripe.webhookEndpoints.retrieve(a.id)).not.toHaveProperty('secret');
    const listed = await stripe.webhookEndpoints.list();
    expect(listed.data.find((e) => e.id === a.id)).not.toHaveProperty('secret');

    const dispute = await disputedIntent();
    expect(verifiedAt(a.url, a.secret!).map((e) => e.type)).toEqual(['charge.dispute.created']);
    // B's deliveries do not verify with A's secret.
    expect(() => verifiedAt(b.url, a.secret!)).toThrow(/signature/i);
    expect(verifiedAt(b.url, b.secret!)).toHaveLength(1);

    expect(await stripe.webhookEndpoints.del(b.id)).toMatchObject({ id: b.id, deleted: true });
    await expect(stripe.webhookEndpoints.retrieve(b.id)).rejects.toMatchObject({ code: 'resource_missing' });
    await expect(stripe.webhookEndpoints.del(b.id)).rejects.toMatchObject({ statusCode: 404 });

    const reviewed = await control(`disputes/${dispute.id}/review`);
    expect(reviewed.body).toMatchObject({ status: 'under_review' });
    const lost = await control(`disputes/${dispute.id}/resolve`, { outcome: 'lost' });
    expect(lost.body).toMatchObject({ status: 'lost' });
    expect(
      verifiedAt(a.url, a.secret!).map((e) => [e.type, (e.data.object as { status: string }).status]),
    ).toEqual([
      ['charge.dispute.created', 'needs_response'],
      ['charge.dispute.updated', 'under_review'],
      ['charge.dispute.closed', 'lost'],
    ]);
    // The deleted endpoint was sent nothing more.
    expect(verifiedAt(b.url, b.secret!)).toHaveLength(1);
    expect((await stripe.disputes.retrieve(dispute.id)).status).toBe('lost');
  });

  it('closes a dispute once: decided twice, or accepted after, is refused', async () => {
    const dispute = await disputedIntent();
    expect((await control(`disputes/${dispute.id}/resolve`, { outcome: 'maybe' })).status).toBe(400);
    expect((await control(`disputes/${dispute.id}/resolve`, { outcome: 'won' })).body).toMatchObject({
      status: 'won',
    });
    expect((await control(`disputes/${dispute.id}/resolve`, { outcome: 'lost' })).status).toBe(400);
    await expect(sdk().disputes.close(dispute.id)).rejects.toMatchObject({ statusCode: 400 });
    expect((await control('disputes/dp_missing/resolve', { outcome: 'won' })).status).toBe(404);

    // Accepting a dispute (POST /v1/disputes/:id/close) loses it at once, as at Stripe.
    const accepted = await disputedIntent();
    expect((await sdk().disputes.close(accepted.id)).status).toBe('lost');
  });
});
