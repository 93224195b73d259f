import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { planPriceIds } from '#sandbox/payments/stripe/simulator-seed';
import { sdkError, simulatorFixture } from './stripe-test-kit';
import {
  STRIPE_SANDBOX_ACCOUNT_ID,
  STRIPE_SANDBOX_PLATFORM_SECRET_KEY,
} from '#sandbox/payments/stripe/simulator';

const PRICES = planPriceIds();
const CARD = { exp: '12 / 34', cvc: '123' };

/** Submits a hosted page's form as a browser would, without following the redirect. */
async function submit(url: string, fields: Record<string, string>) {
  return fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields).toString(),
    redirect: 'manual',
  });
}

describe('stripe simulator: Billing through the official SDK', () => {
  const fx = simulatorFixture();
  const platform = () => fx.sdk(STRIPE_SANDBOX_PLATFORM_SECRET_KEY);
  const eventsTo = (url: string) => fx.deliveries.filter((d) => d.url === url);

  async function endpoint(url: string, connect = false) {
    return platform().webhookEndpoints.create({ url, enabled_events: ['*'], connect });
  }

  /** A subscription bought through Checkout's hosted page with a test card. */
  async function subscribe(price: string, number = '4242 4242 4242 4242', email = 'owner@shop.test') {
    const session = await platform().checkout.sessions.create({
      mode: 'subscription',
      line_items: [{ price, quantity: 1 }, { price: PRICES.priceOverageGbp! }],
      success_url: 'https://app.example/billing?session_id={CHECKOUT_SESSION_ID}',
      cancel_url: 'https://app.example/pricing',
      client_reference_id: 'merchant-1',
    });
    const paid = await submit(session.url!, { email, cardnumber: number, ...CARD });
    return { session, paid };
  }

  it('lists the seeded plans with their default prices expanded', async () => {
    const products = await platform().products.list({ active: true, expand: ['data.default_price'] });
    const growth = products.data.find((p) => p.id === 'prod_AgentCartGrowth')!;
    expect(growth.default_price).toMatchObject({
      id: PRICES.priceGrowthGbp,
      unit_amount: 9900,
      currency: 'gbp',
    });
    const prices = await platform().prices.list({ product: 'prod_AgentCartScale', limit: 2 });
    expect(prices).toMatchObject({ object: 'list', has_more: true, url: '/v1/prices' });
    const overage = await platform().prices.retrieve(PRICES.priceOverageEur!);
    expect(overage.recurring).toMatchObject({
      usage_type: 'metered',
      meter: 'mtr_AgentCartAgentOrderOverage',
    });
  });

  it('creates products with an inline price, and keeps each account’s catalogue apart', async () => {
    const merchant = fx.sdk(STRIPE_SANDBOX_PLATFORM_SECRET_KEY, { stripeAccount: STRIPE_SANDBOX_ACCOUNT_ID });
    const made = await merchant.products.create({
      name: 'Camp Stove',
      default_price_data: { currency: 'gbp', unit_amount: 4500 },
    });
    expect(made.default_price).toMatch(/^price_/);
    const own = await merchant.products.list({ limit: 100 });
    expect(own.data.map((p) => p.id)).toContain(made.id);
    expect(own.data.map((p) => p.id)).toContain('prod_DemoCampMug');
    const platformList = await platform().products.list({ limit: 100 });
    expect(platformList.data.map((p) => p.id)).not.toContain(made.id);
    expect((await sdkError(platform().products.retrieve(made.id))).statusCode).toBe(404);
    expect(await sdkError(merchant.prices.create({ currency: 'gbp', product: made.id }))).toMatchObject({
      code: 'parameter_missing',
      param: 'unit_amount',
    });
  });

  it('subscribes through the hosted checkout page and sends signed events in Stripe’s order', async () => {
    const hook = await endpoint('https://app.example/webhooks/billing');
    const { session, paid } = await subscribe(PRICES.priceGrowthGbp!);
    expect(paid.status).toBe(303);
    expect(paid.headers.get('location')).toBe(`https://app.example/billing?session_id=${session.id}`);
    const done = await platform().checkout.sessions.retrieve(session.id, {
      expand: ['subscription', 'line_items'],
    });
    expect(done).toMatchObject({
      status: 'complete',
      payment_status: 'paid',
      client_reference_id: 'merchant-1',
    });
    const sub = done.subscription as Stripe.Subscription;
    expect(sub).toMatchObject({ status: 'active', customer: done.customer });
    expect(sub.items.data.map((i) => i.price.id)).toEqual([PRICES.priceGrowthGbp, PRICES.priceOverageGbp]);
    expect(done.line_items!.data).toHaveLength(2);
    const types = eventsTo(hook.url).map((d) => {
      const event = Stripe.webhooks.constructEvent(d.body, d.headers['stripe-signature']!, hook.secret!);
      return event.type;
    });
    for (const type of [
      'customer.created',
      'customer.subscription.created',
      'invoice.paid',
      'customer.subscription.updated',
      'checkout.session.completed',
    ]) {
      expect(types).toContain(type);
    }
    expect(types.indexOf('customer.subscription.created')).toBeLessThan(types.indexOf('invoice.paid'));
    const [invoice] = (await platform().invoices.list({ subscription: sub.id })).data;
    expect(invoice).toMatchObject({
      status: 'paid',
      amount_paid: 9900,
      billing_reason: 'subscription_create',
    });
    expect(invoice!.parent?.subscription_details?.subscription).toBe(sub.id);
  });

  it('keeps the session open on a declined card, and creates nothing', async () => {
    const { session, paid } = await subscribe(PRICES.priceScaleGbp!, '4000 0000 0000 0002');
    expect(paid.status).toBe(402);
    expect(await paid.text()).toContain('Your card was declined.');
    expect(await platform().checkout.sessions.retrieve(session.id)).toMatchObject({
      status: 'open',
      subscription: null,
    });
  });

  it('refuses an unknown card number on the page', async () => {
    const { paid } = await subscribe(PRICES.priceScaleGbp!, '1234 5678 9012 3456');
    expect(paid.status).toBe(400);
    expect(await paid.text()).toContain('Your card number is invalid');
  });

  it('takes 3-D Secure through the authentication page, then completes', async () => {
    const { session, paid } = await subscribe(PRICES.priceScaleGbp!, '4000 0025 0000 3155');
    const challenge = paid.headers.get('location')!;
    expect(challenge).toMatch(/\/3ds\/pi_/);
    const back = await submit(challenge, {
      outcome: 'complete',
      return_url: `${fx.baseUrl}/c/pay/${session.id}/return`,
    });
    const done = await fetch(back.headers.get('location')!, { redirect: 'manual' });
    expect(done.headers.get('location')).toContain(session.id);
    const sub = await platform().subscriptions.retrieve(
      (await platform().checkout.sessions.retrieve(session.id)).subscription as string,
    );
    expect(sub.status).toBe('active');
    // Authenticated while being set up, the card renews off-session without another challenge.
    const renewed = (await fx.control(`subscriptions/${sub.id}/advance_period`)) as Stripe.Subscription;
    expect(renewed.status).toBe('active');
  });

  it('upgrades now with a proration invoice, and downgrades at the period end through a schedule', async () => {
    const { session } = await subscribe(PRICES.priceGrowthGbp!);
    const subId = (await platform().checkout.sessions.retrieve(session.id)).subscription as string;
    const sub = await platform().subscriptions.retrieve(subId);
    const growthItem = sub.items.data.find((i) => i.price.id === PRICES.priceGrowthGbp)!;
    const upgraded = await platform().subscriptions.update(subId, {
      items: [{ id: growthItem.id, price: PRICES.priceScaleGbp! }],
      proration_behavior: 'always_invoice',
      expand: ['latest_invoice'],
    });
    const proration = upgraded.latest_invoice as Stripe.Invoice;
    expect(proration).toMatchObject({ billing_reason: 'subscription_update', status: 'paid' });
    // Almost a whole month is left: the credit for Growth and the charge for Scale are nearly full.
    expect(proration.total).toBeGreaterThan(39_000);
    expect(proration.total).toBeLessThanOrEqual(40_000);

    const schedule = await platform().subscriptionSchedules.create({ from_subscription: subId });
    const [phase] = schedule.phases;
    await platform().subscriptionSchedules.update(schedule.id, {
      phases: [
        {
          start_date: phase!.start_date,
          end_date: phase!.end_date,
          items: [{ price: PRICES.priceScaleGbp!, quantity: 1 }, { price: PRICES.priceOverageGbp! }],
        },
        { items: [{ price: PRICES.priceGrowthGbp!, quantity: 1 }, { price: PRICES.priceOverageGbp! }] },
      ],
    });
    expect((await platform().subscriptions.retrieve(subId)).items.data[0]!.price.id).toBe(
      PRICES.priceScaleGbp,
    );
    const renewed = (await fx.control(`subscriptions/${subId}/advance_period`)) as Stripe.Subscription;
    expect(renewed.items.data[0]!.price.id).toBe(PRICES.priceGrowthGbp);
    expect(renewed.schedule).toBeNull();
    const latest = await platform().invoices.retrieve(renewed.latest_invoice as string);
    expect(latest).toMatchObject({ billing_reason: 'subscription_cycle', total: 9900, status: 'paid' });
  });

  it('bills invoice items and metered usage on the next invoice, counting a repeated identifier once', async () => {
    const { session } = await subscribe(PRICES.priceGrowthGbp!);
    const done = await platform().checkout.sessions.retrieve(session.id);
    const customer = done.customer as string;
    const item = await platform().invoiceItems.create({
      customer,
      amount: 1234,
      currency: 'gbp',
      description: 'Transaction fees for October',
    });
    expect(item.invoice).toBeNull();
    for (const identifier of ['order-1', 'order-2', 'order-2']) {
      const event = await platform().billing.meterEvents.create({
        event_name: PRICES.overageMeterEventName!,
        payload: { stripe_customer_id: customer, value: '1' },
        identifier,
      });
      expect(event).toMatchObject({ object: 'billing.meter_event', identifier });
    }
    const renewed = (await fx.control(
      `subscriptions/${done.subscription}/advance_period`,
    )) as Stripe.Subscription;
    const invoice = await platform().invoices.retrieve(renewed.latest_invoice as string);
    expect(invoice.lines.data.map((l) => l.amount).sort((a, b) => a - b)).toEqual([500, 1234, 9900]);
    expect((await platform().invoiceItems.retrieve(item.id)).invoice).toBe(invoice.id);
    expect(
      await sdkError(
        platform().billing.meterEvents.create({
          event_name: 'nothing_counts_this',
          payload: { stripe_customer_id: customer, value: '1' },
        }),
      ),
    ).toMatchObject({ statusCode: 400, param: 'event_name' });
  });

  it('ties a customer to the currency it is first billed in, refusing invoice items in another', async () => {
    const combine = (currency: string) => ({
      type: 'StripeInvalidRequestError',
      statusCode: 400,
      message: `You cannot combine currencies on a single customer. This customer has an active subscription, subscription schedule, discount, quote, or invoice item with currency ${currency}.`,
    });
    const { session } = await subscribe(PRICES.priceGrowthGbp!);
    const subscribed = (await platform().checkout.sessions.retrieve(session.id)).customer as string;
    expect((await platform().customers.retrieve(subscribed)) as Stripe.Customer).toMatchObject({
      currency: 'gbp',
    });
    expect(
      await sdkError(platform().invoiceItems.create({ customer: subscribed, amount: 700, currency: 'usd' })),
    ).toMatchObject(combine('gbp'));
    expect(
      await platform().invoiceItems.create({ customer: subscribed, amount: 700, currency: 'gbp' }),
    ).toMatchObject({ currency: 'gbp', invoice: null });

    // A customer with no subscription takes the currency of its first invoice item.
    const fresh = await platform().customers.create({ email: 'trial@shop.test' });
    expect(fresh.currency).toBeNull();
    await platform().invoiceItems.create({ customer: fresh.id, amount: 250, currency: 'usd' });
    expect(((await platform().customers.retrieve(fresh.id)) as Stripe.Customer).currency).toBe('usd');
    expect(
      await sdkError(platform().invoiceItems.create({ customer: fresh.id, amount: 250, currency: 'eur' })),
    ).toMatchObject(combine('usd'));
    expect(
      await sdkError(
        platform().checkout.sessions.create({
          mode: 'subscription',
          customer: fresh.id,
          line_items: [{ price: PRICES.priceGrowthGbp!, quantity: 1 }],
          success_url: 'https://app.example/ok',
        }),
      ),
    ).toMatchObject(combine('usd'));
    expect(
      await sdkError(
        platform().subscriptions.create({
          customer: fresh.id,
          items: [{ price: PRICES.priceGrowthEur! }],
          default_payment_method: 'pm_card_visa',
        }),
      ),
    ).toMatchObject(combine('usd'));
  });

  it('renews, cancels at period end and fails a renewal on a test clock', async () => {
    const hook = await endpoint('https://app.example/webhooks/clock');
    const start = Math.floor(Date.UTC(2026, 0, 31) / 1000);
    const clock = await platform().testHelpers.testClocks.create({ frozen_time: start });
    const customer = await platform().customers.create({
      email: 'clock@shop.test',
      test_clock: clock.id,
      payment_method: 'pm_card_visa',
    });
    const sub = await platform().subscriptions.create({
      customer: customer.id,
      items: [{ price: PRICES.priceGrowthUsd! }],
    });
    expect(sub.status).toBe('active');
    // January 31st renews on the last day of February.
    expect(sub.items.data[0]!.current_period_end).toBe(Math.floor(Date.UTC(2026, 1, 28) / 1000));
    await platform().testHelpers.testClocks.advance(clock.id, { frozen_time: start + 40 * 86_400 });
    const invoices = await platform().invoices.list({ customer: customer.id });
    expect(invoices.data.map((i) => i.billing_reason)).toEqual(['subscription_cycle', 'subscription_create']);

    const declining = await platform().customers.update(customer.id, {
      invoice_settings: { default_payment_method: 'pm_card_chargeDeclined' },
    });
    await platform().subscriptions.update(sub.id, {
      default_payment_method: declining.invoice_settings.default_payment_method as string,
    });
    await platform().testHelpers.testClocks.advance(clock.id, { frozen_time: start + 70 * 86_400 });
    expect((await platform().subscriptions.retrieve(sub.id)).status).toBe('past_due');
    expect(eventsTo(hook.url).map((d) => JSON.parse(d.body).type)).toContain('invoice.payment_failed');

    await platform().subscriptions.update(sub.id, { cancel_at_period_end: true });
    await platform().testHelpers.testClocks.advance(clock.id, { frozen_time: start + 100 * 86_400 });
    expect((await platform().subscriptions.retrieve(sub.id)).status).toBe('canceled');
    expect(eventsTo(hook.url).map((d) => JSON.parse(d.body).type)).toContain('customer.subscription.deleted');
  });

  it('trials as Stripe does: trialing, a paid zero invoice, trial_will_end 3 days before, the first charge at the end', async () => {
    const hook = await endpoint('https://app.example/webhooks/trial');
    const start = Math.floor(Date.UTC(2026, 2, 1) / 1000);
    const trialEnd = start + 10 * 86_400;
    const clock = await platform().testHelpers.testClocks.create({ frozen_time: start });
    const customer = await platform().customers.create({
      email: 'trial@shop.test',
      test_clock: clock.id,
      payment_method: 'pm_card_visa',
    });
    const sub = await platform().subscriptions.create({
      customer: customer.id,
      items: [{ price: PRICES.priceGrowthGbp! }],
      trial_end: trialEnd,
    });
    expect(sub).toMatchObject({ status: 'trialing', trial_start: start, trial_end: trialEnd });
    expect(sub.items.data[0]!.current_period_end).toBe(trialEnd);
    const [first] = (await platform().invoices.list({ subscription: sub.id })).data;
    expect(first).toMatchObject({ status: 'paid', amount_paid: 0, billing_reason: 'subscription_create' });
    const types = () => eventsTo(hook.url).map((d) => JSON.parse(d.body).type as string);

    // Four days before the end: not yet announced. Three days before: announced, once.
    await platform().testHelpers.testClocks.advance(clock.id, { frozen_time: trialEnd - 4 * 86_400 });
    expect(types()).not.toContain('customer.subscription.trial_will_end');
    await platform().testHelpers.testClocks.advance(clock.id, { frozen_time: trialEnd - 3 * 86_400 });
    await platform().testHelpers.testClocks.advance(clock.id, { frozen_time: trialEnd - 86_400 });
    expect(types().filter((t) => t === 'customer.subscription.trial_will_end')).toHaveLength(1);
    expect((await platform().subscriptions.retrieve(sub.id)).status).toBe('trialing');

    // The trial's end: active, and the first real invoice charges the plan.
    await platform().testHelpers.testClocks.advance(clock.id, { frozen_time: trialEnd + 60 });
    expect((await platform().subscriptions.retrieve(sub.id)).status).toBe('active');
    const [charged] = (await platform().invoices.list({ subscription: sub.id })).data;
    expect(charged).toMatchObject({
      status: 'paid',
      amount_paid: 9900,
      billing_reason: 'subscription_cycle',
    });
    expect(types().indexOf('customer.subscription.trial_will_end')).toBeLessThan(
      types().lastIndexOf('invoice.paid'),
    );
  });

  it('takes Checkout’s subscription_data[trial_end]: nothing due today, the plan charged when it ends', async () => {
    const now = Math.floor(Date.now() / 1000);
    const soon = await sdkError(
      platform().checkout.sessions.create({
        mode: 'subscription',
        line_items: [{ price: PRICES.priceGrowthGbp!, quantity: 1 }],
        success_url: 'https://app.example/ok',
        subscription_data: { trial_end: now + 3600 },
      }),
    );
    expect(soon).toMatchObject({ param: 'subscription_data[trial_end]' });
    const trialEnd = now + 9 * 86_400;
    const session = await platform().checkout.sessions.create({
      mode: 'subscription',
      line_items: [{ price: PRICES.priceGrowthGbp!, quantity: 1 }],
      success_url: 'https://app.example/ok',
      subscription_data: { trial_end: trialEnd },
    });
    expect(session.amount_total).toBe(0);
    expect(await (await fetch(session.url!)).text()).toContain('Free trial until');
    const paid = await submit(session.url!, {
      email: 'trial@shop.test',
      cardnumber: '4242424242424242',
      ...CARD,
    });
    expect(paid.status).toBe(303);
    const done = await platform().checkout.sessions.retrieve(session.id, { expand: ['subscription'] });
    expect(done.payment_status).toBe('no_payment_required');
    const sub = done.subscription as Stripe.Subscription;
    expect(sub).toMatchObject({ status: 'trialing', trial_end: trialEnd });
    const renewed = (await fx.control(`subscriptions/${sub.id}/advance_period`)) as Stripe.Subscription;
    expect(renewed.status).toBe('active');
    const [charged] = (await platform().invoices.list({ subscription: sub.id })).data;
    expect(charged).toMatchObject({ amount_paid: 9900, billing_reason: 'subscription_cycle' });
  });

  it('opens the customer portal, whose page changes the plan and cancels', async () => {
    const { session } = await subscribe(PRICES.priceGrowthGbp!);
    const done = await platform().checkout.sessions.retrieve(session.id);
    const portal = await platform().billingPortal.sessions.create({
      customer: done.customer as string,
      return_url: 'https://app.example/dashboard',
    });
    expect(portal).toMatchObject({
      object: 'billing_portal.session',
      return_url: 'https://app.example/dashboard',
    });
    const home = await (await fetch(portal.url)).text();
    expect(home).toContain('Upgrade to AgentCart Scale');
    expect(home).toContain('href="https://app.example/dashboard"');
    const subscription = done.subscription as string;
    const upgraded = await submit(portal.url, {
      action: 'change_plan',
      subscription,
      price: PRICES.priceScaleGbp!,
    });
    expect(await upgraded.text()).toContain('Your plan is now AgentCart Scale.');
    const downgraded = await submit(portal.url, {
      action: 'change_plan',
      subscription,
      price: PRICES.priceGrowthGbp!,
    });
    expect(await downgraded.text()).toContain('Your plan changes to AgentCart Growth on');
    const sub = await platform().subscriptions.retrieve(subscription);
    expect(sub.items.data[0]!.price.id).toBe(PRICES.priceScaleGbp);
    expect(sub.schedule).toMatch(/^sub_sched_/);
    // The scheduled phase changes the plan's price only: the metered overage price stays on.
    const schedule = await platform().subscriptionSchedules.retrieve(sub.schedule as string);
    expect(schedule.phases.map((p) => p.items.map((i) => i.price))).toEqual([
      [PRICES.priceScaleGbp, PRICES.priceOverageGbp],
      [PRICES.priceGrowthGbp, PRICES.priceOverageGbp],
    ]);
    const card = await submit(portal.url, {
      action: 'update_card',
      cardnumber: '5555 5555 5555 4444',
      ...CARD,
    });
    expect(await card.text()).toContain('mastercard ending in 4444');
    await submit(portal.url, { action: 'keep', subscription });
    const cancelled = await submit(portal.url, { action: 'cancel', subscription });
    expect(await cancelled.text()).toContain('Your plan will be canceled on');
    expect(await platform().subscriptions.retrieve(subscription)).toMatchObject({
      cancel_at_period_end: true,
    });
  });

  it('charges a connected account’s checkout with the platform’s application fee', async () => {
    const merchant = fx.sdk(STRIPE_SANDBOX_PLATFORM_SECRET_KEY, { stripeAccount: STRIPE_SANDBOX_ACCOUNT_ID });
    const mug = await merchant.products.retrieve('prod_DemoCampMug');
    const session = await merchant.checkout.sessions.create({
      mode: 'payment',
      line_items: [{ price: mug.default_price as string, quantity: 1 }],
      payment_intent_data: { application_fee_amount: 185 },
      success_url: 'https://app.example/storefront/x/success?session_id={CHECKOUT_SESSION_ID}',
    });
    expect((await sdkError(platform().checkout.sessions.retrieve(session.id))).statusCode).toBe(404);
    await submit(session.url!, { email: 'buyer@example.test', cardnumber: '4242424242424242', ...CARD });
    const done = await merchant.checkout.sessions.retrieve(session.id, { expand: ['payment_intent'] });
    expect(done).toMatchObject({ status: 'complete', payment_status: 'paid', amount_total: 1850 });
    const intent = done.payment_intent as Stripe.PaymentIntent;
    expect(intent).toMatchObject({ status: 'succeeded', application_fee_amount: 185 });
    const fees = await platform().applicationFees.list({ charge: intent.latest_charge as string });
    expect(fees.data[0]).toMatchObject({ amount: 185, account: STRIPE_SANDBOX_ACCOUNT_ID, currency: 'gbp' });
    const [txn] = (await merchant.balanceTransactions.list({ source: intent.latest_charge as string })).data;
    expect(txn).toMatchObject({ type: 'charge', amount: 1850 });
    expect(txn!.fee_details).toContainEqual(
      expect.objectContaining({ type: 'application_fee', amount: 185 }),
    );
    expect(txn!.net).toBe(1850 - txn!.fee);
    // The platform's own view of the fee, not the merchant's.
    expect((await merchant.applicationFees.list()).data).toHaveLength(0);
    expect(
      await sdkError(
        platform().checkout.sessions.create({
          mode: 'payment',
          line_items: [{ price: PRICES.priceGrowthGbp!, quantity: 1 }],
          success_url: 'https://app.example/ok',
        }),
      ),
    ).toMatchObject({ param: 'line_items[0][price]' });
    expect(
      await sdkError(
        platform().checkout.sessions.create({
          mode: 'payment',
          line_items: [{ price: 'price_DemoCampMugGBP', quantity: 1 }],
          success_url: 'https://app.example/ok',
        }),
      ),
    ).toMatchObject({ code: 'resource_missing', statusCode: 400 });
  });
});
