import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSimulator, type RunningSimulator } from '../../simulator-kit';
import {
  createStripeSimulator,
  STRIPE_SANDBOX_ACCOUNT_ID,
  STRIPE_SANDBOX_PLATFORM_SECRET_KEY,
  STRIPE_SANDBOX_SECRET_KEY,
} from './simulator';
import type { StripeEvent, WebhookDelivery } from './simulator-events';
import type { SimulatorState } from '../../world/simulator-state';

// The official SDK against a started simulator: what it sends and reads is what Stripe's own clients do.
const deliveries: WebhookDelivery[] = [];
let running: RunningSimulator;
beforeAll(async () => {
  running = await startSimulator('stripe', createStripeSimulator({ deliver: (d) => deliveries.push(d) }).app);
});
afterAll(() => running.close());

function sdk(key = STRIPE_SANDBOX_SECRET_KEY) {
  const url = new URL(running.baseUrl);
  return new Stripe(key, {
    host: url.hostname,
    port: url.port,
    protocol: 'http',
    maxNetworkRetries: 0,
    telemetry: false,
  });
}

async function control(path: string, body: unknown = {}) {
  const res = await fetch(`${running.baseUrl}/__sim/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(res.ok).toBe(true);
  return res.json();
}

async function sdkError(promise: Promise<unknown>) {
  const err = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(Stripe.errors.StripeError);
  return err as InstanceType<typeof Stripe.errors.StripeError>;
}

const CARD = {
  currency: 'gbp',
  payment_method: 'pm_card_visa',
  confirm: true,
  automatic_payment_methods: { enabled: true, allow_redirects: 'never' as const },
};

const paid = (amount: number, client = sdk(), opts?: Stripe.RequestOptions) =>
  client.paymentIntents.create({ ...CARD, amount }, opts);

/** The events delivered to `url` about `objectId`, in the order they were sent. */
const eventsAbout = (url: string, objectId: string) =>
  deliveries
    .filter((d) => d.url === url)
    .map((d) => JSON.parse(d.body) as StripeEvent)
    .filter((e) => (e.data.object as { id: string }).id === objectId);

describe('stripe simulator refunds', () => {
  it('refunds a whole payment by default and marks the charge refunded', async () => {
    const stripe = sdk();
    const intent = await paid(3000);
    const refund = await stripe.refunds.create({ payment_intent: intent.id });
    expect(refund).toMatchObject({
      object: 'refund',
      amount: 3000,
      currency: 'gbp',
      charge: intent.latest_charge,
      payment_intent: intent.id,
      status: 'succeeded',
      reason: null,
      metadata: {},
    });
    expect(refund.id).toMatch(/^re_/);
    const charge = await stripe.charges.retrieve(intent.latest_charge as string, { expand: ['refunds'] });
    expect(charge).toMatchObject({ amount_refunded: 3000, refunded: true });
    expect(charge.refunds?.data.map((r) => r.id)).toEqual([refund.id]);
    const txn = await stripe.balanceTransactions.retrieve(refund.balance_transaction as string);
    expect(txn).toMatchObject({ type: 'refund', amount: -3000, source: refund.id });
    expect(await stripe.refunds.retrieve(refund.id)).toEqual(refund);
  });

  it('takes partial refunds up to the remainder, then refuses more as Stripe does', async () => {
    const stripe = sdk();
    const intent = await paid(5000);
    const first = await stripe.refunds.create({
      charge: intent.latest_charge as string,
      amount: 2000,
      reason: 'requested_by_customer',
      metadata: { order: 'ord_1' },
    });
    expect(first).toMatchObject({
      amount: 2000,
      reason: 'requested_by_customer',
      metadata: { order: 'ord_1' },
    });
    let charge = await stripe.charges.retrieve(intent.latest_charge as string);
    expect(charge).toMatchObject({ amount_refunded: 2000, refunded: false });

    const tooMuch = await sdkError(stripe.refunds.create({ payment_intent: intent.id, amount: 3001 }));
    expect(tooMuch).toMatchObject({
      type: 'StripeInvalidRequestError',
      statusCode: 400,
      code: 'amount_too_large',
      param: 'amount',
      message: 'Refund amount (3001 gbp) is greater than unrefunded amount on charge (3000 gbp)',
    });

    const rest = await stripe.refunds.create({ payment_intent: intent.id });
    expect(rest.amount).toBe(3000);
    charge = await stripe.charges.retrieve(intent.latest_charge as string);
    expect(charge).toMatchObject({ amount_refunded: 5000, refunded: true });

    const again = await sdkError(stripe.refunds.create({ payment_intent: intent.id, amount: 1 }));
    expect(again).toMatchObject({ statusCode: 400, code: 'charge_already_refunded' });

    const listed = await stripe.refunds.list({ payment_intent: intent.id });
    expect(listed).toMatchObject({ object: 'list', has_more: false, url: '/v1/refunds' });
    expect(listed.data.map((r) => r.id)).toEqual([rest.id, first.id]);
    const byCharge = await stripe.refunds.list({ charge: intent.latest_charge as string, limit: 1 });
    expect(byCharge).toMatchObject({ has_more: true, data: [{ id: rest.id }] });
  });

  it('replays an idempotent create and refuses the key with other parameters', async () => {
    const stripe = sdk();
    const intent = await paid(4000);
    const key = crypto.randomUUID();
    const first = await stripe.refunds.create(
      { payment_intent: intent.id, amount: 1000 },
      { idempotencyKey: key },
    );
    const replay = await stripe.refunds.create(
      { payment_intent: intent.id, amount: 1000 },
      { idempotencyKey: key },
    );
    expect(replay.id).toBe(first.id);
    expect(replay.lastResponse.headers['idempotent-replayed']).toBe('true');
    expect((await stripe.charges.retrieve(intent.latest_charge as string)).amount_refunded).toBe(1000);

    const other = await sdkError(
      stripe.refunds.create({ payment_intent: intent.id, amount: 2000 }, { idempotencyKey: key }),
    );
    expect(other).toBeInstanceOf(Stripe.errors.StripeIdempotencyError);
    expect(other).toMatchObject({ statusCode: 400, type: 'StripeIdempotencyError' });
  });

  it('refunds a direct charge on a connected account and gives back the application fee in proportion', async () => {
    const platform = sdk(STRIPE_SANDBOX_PLATFORM_SECRET_KEY);
    const onMerchant = { stripeAccount: STRIPE_SANDBOX_ACCOUNT_ID };
    const endpoint = await platform.webhookEndpoints.create({
      url: 'https://platform.example/connect',
      enabled_events: ['refund.created', 'charge.refunded'],
      connect: true,
    });
    const feeHook = await platform.webhookEndpoints.create({
      url: 'https://platform.example/own',
      enabled_events: ['application_fee.refunded'],
    });
    const intent = await platform.paymentIntents.create(
      { ...CARD, amount: 10_000, application_fee_amount: 300 },
      onMerchant,
    );
    const chargeId = intent.latest_charge as string;
    // The connected account's own key may refund its charge, but not the platform's fee.
    expect(
      await sdkError(sdk().refunds.create({ payment_intent: intent.id, refund_application_fee: true })),
    ).toMatchObject({ statusCode: 400, param: 'refund_application_fee' });
    const refund = await platform.refunds.create(
      { payment_intent: intent.id, amount: 2500, refund_application_fee: true },
      onMerchant,
    );
    expect(refund).toMatchObject({ amount: 2500, charge: chargeId, status: 'succeeded' });

    // A quarter of the charge refunded gives back a quarter of the fee.
    const [fee] = (await platform.applicationFees.list({ charge: chargeId })).data;
    expect(fee).toMatchObject({ amount: 300, amount_refunded: 75, refunded: false });
    expect(fee!.refunds.data).toEqual([
      expect.objectContaining({ object: 'fee_refund', amount: 75, fee: fee!.id, currency: 'gbp' }),
    ]);
    expect(fee!.refunds.data[0]!.id).toMatch(/^fr_/);
    // The platform hears about its fee on its own account (no `account` on the event).
    const [feeEvent] = eventsAbout(feeHook.url, fee!.id);
    expect(feeEvent).toMatchObject({
      type: 'application_fee.refunded',
      data: { object: { amount_refunded: 75 } },
    });
    expect(feeEvent).not.toHaveProperty('account');

    // Without the flag the fee stays the platform's; the last refund gives back all that is left.
    await platform.refunds.create({ payment_intent: intent.id, amount: 2500 }, onMerchant);
    expect((await platform.applicationFees.retrieve(fee!.id)).amount_refunded).toBe(75);
    await platform.refunds.create({ payment_intent: intent.id, refund_application_fee: true }, onMerchant);
    const after = await platform.applicationFees.retrieve(fee!.id);
    expect(after).toMatchObject({ amount_refunded: 300, refunded: true });
    expect(after.refunds.data.map((r) => r.amount)).toEqual([225, 75]);

    // The refund is the connected account's: the platform's own account does not see it.
    expect(await sdkError(platform.refunds.retrieve(refund.id))).toMatchObject({
      statusCode: 404,
      code: 'resource_missing',
    });
    // Connect events name the account they are about.
    expect(eventsAbout(endpoint.url, refund.id)).toEqual([
      expect.objectContaining({ type: 'refund.created', account: STRIPE_SANDBOX_ACCOUNT_ID }),
    ]);
    expect(eventsAbout(endpoint.url, chargeId).map((e) => [e.type, e.account])).toEqual([
      ['charge.refunded', STRIPE_SANDBOX_ACCOUNT_ID],
      ['charge.refunded', STRIPE_SANDBOX_ACCOUNT_ID],
      ['charge.refunded', STRIPE_SANDBOX_ACCOUNT_ID],
    ]);
  });

  it('sends refund.created and charge.refunded with the charge as it is after the refund', async () => {
    const stripe = sdk();
    const endpoint = await stripe.webhookEndpoints.create({
      url: 'https://shop.example/hooks',
      enabled_events: ['refund.created', 'charge.refunded', 'refund.updated'],
    });
    const intent = await paid(1500);
    const refund = await stripe.refunds.create({ payment_intent: intent.id, amount: 500 });
    const [created] = eventsAbout(endpoint.url, refund.id);
    expect(created).toMatchObject({
      type: 'refund.created',
      data: { object: { id: refund.id, amount: 500 } },
    });
    const [refunded] = eventsAbout(endpoint.url, intent.latest_charge as string);
    expect(refunded).toMatchObject({
      type: 'charge.refunded',
      data: { object: { object: 'charge', amount_refunded: 500, refunded: false } },
    });
    await stripe.refunds.update(refund.id, { metadata: { note: 'late' } });
    expect(eventsAbout(endpoint.url, refund.id).map((e) => e.type)).toEqual([
      'refund.created',
      'refund.updated',
    ]);
  });

  it('answers unknown payments, charges and refunds with resource_missing', async () => {
    const stripe = sdk();
    // An id named in the body is a 400, as Stripe answers; only the object in the path is a 404.
    expect(await sdkError(stripe.refunds.create({ payment_intent: 'pi_doesnotexist' }))).toMatchObject({
      statusCode: 400,
      code: 'resource_missing',
      param: 'payment_intent',
      message: "No such payment_intent: 'pi_doesnotexist'",
    });
    expect(await sdkError(stripe.refunds.create({ charge: 'ch_doesnotexist' }))).toMatchObject({
      statusCode: 400,
      code: 'resource_missing',
      param: 'charge',
    });
    expect(await sdkError(stripe.refunds.retrieve('re_doesnotexist'))).toMatchObject({
      statusCode: 404,
      code: 'resource_missing',
    });
  });

  it('refuses a reason Stripe does not know, and a payment that has not succeeded', async () => {
    const stripe = sdk();
    const intent = await paid(1000);
    const bad = await sdkError(
      stripe.refunds.create({ payment_intent: intent.id, reason: 'changed_mind' as 'duplicate' }),
    );
    expect(bad).toMatchObject({
      type: 'StripeInvalidRequestError',
      statusCode: 400,
      param: 'reason',
      message: 'Invalid reason: must be one of duplicate, fraudulent, or requested_by_customer',
    });
    expect((await stripe.charges.retrieve(intent.latest_charge as string)).amount_refunded).toBe(0);

    const held = await stripe.paymentIntents.create({ ...CARD, amount: 1000, capture_method: 'manual' });
    expect(await sdkError(stripe.refunds.create({ payment_intent: held.id }))).toMatchObject({
      statusCode: 400,
      param: 'payment_intent',
      message: `This PaymentIntent (${held.id}) does not have a successful charge to refund.`,
    });
  });

  it('holds a refund when told to: pending settles later, requires_action is the only one cancelled', async () => {
    const stripe = sdk();
    const hook = await stripe.webhookEndpoints.create({
      url: 'https://shop.example/refund-updates',
      enabled_events: ['refund.updated', 'refund.failed'],
    });
    const intent = await paid(2000);
    await control('refunds/next', { status: 'pending' });
    const pending = await stripe.refunds.create({ payment_intent: intent.id, amount: 800 });
    expect(pending.status).toBe('pending');
    expect(await sdkError(stripe.refunds.cancel(pending.id))).toMatchObject({ statusCode: 400 });
    await control(`refunds/${pending.id}/settle`, {
      outcome: 'failed',
      failure_reason: 'expired_or_canceled_card',
    });
    expect(await stripe.refunds.retrieve(pending.id)).toMatchObject({
      status: 'failed',
      failure_reason: 'expired_or_canceled_card',
    });
    // A failed refund's amount can be refunded again, and the money is back in the balance.
    expect((await stripe.charges.retrieve(intent.latest_charge as string)).amount_refunded).toBe(0);
    const failed = await stripe.refunds.retrieve(pending.id);
    expect(
      await stripe.balanceTransactions.retrieve(failed.failure_balance_transaction as string),
    ).toMatchObject({ type: 'refund_failure', amount: 800 });
    expect(
      eventsAbout(hook.url, pending.id).map((e) => [e.type, (e.data.object as Stripe.Refund).status]),
    ).toEqual([
      ['refund.updated', 'failed'],
      ['refund.failed', 'failed'],
    ]);

    await control('refunds/next', { status: 'pending' });
    const later = await stripe.refunds.create({ payment_intent: intent.id, amount: 300 });
    await control(`refunds/${later.id}/settle`, { outcome: 'succeeded' });
    const settled = await stripe.refunds.retrieve(later.id);
    expect(settled).toMatchObject({
      status: 'succeeded',
      destination_details: { card: { reference_status: 'available' } },
    });
    expect(settled.destination_details?.card?.reference).toMatch(/^\d{23}$/);
    expect(settled.balance_transaction).toBe(later.balance_transaction);

    await control('refunds/next', { status: 'requires_action' });
    const waiting = await stripe.refunds.create({ payment_intent: intent.id, amount: 800 });
    expect(waiting).toMatchObject({ status: 'requires_action', balance_transaction: null });
    expect(await stripe.refunds.cancel(waiting.id)).toMatchObject({ status: 'canceled' });
    expect((await stripe.charges.retrieve(intent.latest_charge as string)).amount_refunded).toBe(300);
    // The next refund succeeds at once again.
    expect((await stripe.refunds.create({ payment_intent: intent.id })).status).toBe('succeeded');
  });
});

describe('a sandbox world saved before refunds had their own module', () => {
  it('still finds the refunds it saved with the payments', async () => {
    const saved = {
      id: 're_SavedBeforeTheMove0000001',
      object: 'refund',
      amount: 700,
      balance_transaction: 'txn_SavedBeforeTheMove00001',
      charge: 'ch_SavedBeforeTheMove000001',
      created: 1_700_000_000,
      currency: 'gbp',
      metadata: {},
      payment_intent: 'pi_SavedBeforeTheMove00001',
      reason: null,
      receipt_number: null,
      status: 'succeeded',
    };
    // What the world file gives back: the payments as an earlier version kept them, refunds included.
    const state: SimulatorState = {
      keep(key, initial, upgrade) {
        const value = initial();
        if (key !== 'payments') return value;
        const old = Object.assign(value, {
          refunds: new Map([[saved.id, { owner: STRIPE_SANDBOX_ACCOUNT_ID, object: saved }]]),
        });
        upgrade?.(old);
        return old;
      },
      commit: () => Promise.resolve(),
      async flush() {},
    };
    const old = await startSimulator('stripe', createStripeSimulator({ state }).app);
    try {
      const url = new URL(old.baseUrl);
      const stripe = new Stripe(STRIPE_SANDBOX_SECRET_KEY, {
        host: url.hostname,
        port: url.port,
        protocol: 'http',
        maxNetworkRetries: 0,
      });
      expect(await stripe.refunds.retrieve(saved.id)).toMatchObject({
        ...saved,
        transfer_reversal: null,
        destination_details: { type: 'card' },
      });
    } finally {
      await old.close();
    }
  });
});
