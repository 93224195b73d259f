import { billCustomerIn, type Catalog, type Customer, type Price } from './simulator-catalog';
import {
  invalidRequest,
  resourceMissing,
  StripeSimError,
  stripeId,
  words,
  type Caller,
  type Params,
} from './simulator-http';
import type { DraftLine, Invoices, PaymentAttempt } from './simulator-invoices';
import { listOf, ownedBy } from './simulator-lists';
import type { Meters } from './simulator-meters';
import type { StripeSimContext } from './simulator-state';

interface SubscriptionItem {
  id: string;
  object: 'subscription_item';
  billing_thresholds: null;
  created: number;
  current_period_end: number;
  current_period_start: number;
  discounts: never[];
  metadata: Record<string, string>;
  price: Price;
  quantity?: number;
  subscription: string;
  tax_rates: never[];
}

type SubscriptionStatus =
  'incomplete' | 'incomplete_expired' | 'trialing' | 'active' | 'past_due' | 'canceled' | 'unpaid' | 'paused';

export interface Subscription {
  id: string;
  object: 'subscription';
  application: null;
  application_fee_percent: number | null;
  automatic_tax: { disabled_reason: null; enabled: false; liability: null };
  billing_cycle_anchor: number;
  billing_cycle_anchor_config: null;
  billing_mode: { type: 'classic' };
  billing_thresholds: null;
  cancel_at: number | null;
  cancel_at_period_end: boolean;
  canceled_at: number | null;
  cancellation_details: { comment: string | null; feedback: string | null; reason: string | null };
  collection_method: 'charge_automatically';
  created: number;
  currency: string;
  customer: string;
  days_until_due: null;
  default_payment_method: string | null;
  default_source: null;
  description: string | null;
  discounts: never[];
  ended_at: number | null;
  invoice_settings: { account_tax_ids: null; issuer: { type: 'self' } };
  items: { object: 'list'; data: SubscriptionItem[]; has_more: false; total_count: number; url: string };
  latest_invoice: string | null;
  livemode: false;
  metadata: Record<string, string>;
  next_pending_invoice_item_invoice: null;
  on_behalf_of: null;
  pause_collection: null;
  payment_settings: {
    payment_method_options: null;
    payment_method_types: null;
    save_default_payment_method: 'off' | 'on_subscription';
  };
  pending_invoice_item_interval: null;
  pending_setup_intent: null;
  pending_update: null;
  schedule: string | null;
  start_date: number;
  status: SubscriptionStatus;
  test_clock: string | null;
  transfer_data: null;
  trial_end: number | null;
  trial_settings: { end_behavior: { missing_payment_method: 'create_invoice' } };
  trial_start: number | null;
}

interface Phase {
  start_date: number;
  end_date: number;
  items: { price: string; quantity?: number }[];
  proration_behavior: 'create_prorations' | 'none' | 'always_invoice';
}

interface SubscriptionSchedule {
  id: string;
  object: 'subscription_schedule';
  canceled_at: number | null;
  completed_at: number | null;
  created: number;
  current_phase: { start_date: number; end_date: number } | null;
  customer: string;
  end_behavior: 'release' | 'cancel';
  livemode: false;
  metadata: Record<string, string>;
  phases: Phase[];
  released_at: number | null;
  released_subscription: string | null;
  status: 'not_started' | 'active' | 'completed' | 'released' | 'canceled';
  subscription: string | null;
  test_clock: string | null;
}

interface TestClock {
  id: string;
  object: 'test_helpers.test_clock';
  created: number;
  deletes_after: number;
  frozen_time: number;
  livemode: false;
  name: string | null;
  status: 'ready' | 'advancing' | 'internal_failure';
  status_details: Record<string, never>;
}

/** How the first invoice of a new subscription is paid. */
export interface FirstPayment {
  paymentMethod: string | null;
  /** A hosted page's round trip for 3-D Secure (Checkout); an API create charges off-session. */
  returnUrl?: string;
}

const SUBSCRIPTION_CREATE = words(`
  customer items default_payment_method metadata description payment_behavior cancel_at_period_end
  trial_period_days trial_end application_fee_percent expand
`);
const SUBSCRIPTION_UPDATE = words(`
  items default_payment_method metadata proration_behavior cancel_at_period_end expand
`);
const PRORATION = ['create_prorations', 'none', 'always_invoice'] as const;
const LIVE_STATUSES: SubscriptionStatus[] = ['trialing', 'active', 'past_due', 'incomplete'];
/** Stripe announces a trial's end (customer.subscription.trial_will_end) three days before it. */
const TRIAL_WILL_END_NOTICE_SECONDS = 3 * 24 * 60 * 60;
/** Test clocks are deleted 30 days after they were created. */
const CLOCK_LIFETIME_SECONDS = 30 * 24 * 60 * 60;
/** How far one advance may move a clock: two billing intervals of the longest price (Stripe's rule). */
const MAX_CLOCK_ADVANCE_SECONDS = 2 * 366 * 24 * 60 * 60;

/** `seconds` moved on by `count` months (or another interval), keeping the day where the month has it. */
export function addInterval(seconds: number, interval: Price['recurring'] & object): number {
  const date = new Date(seconds * 1000);
  const n = interval.interval_count;
  if (interval.interval === 'day') return seconds + n * 86_400;
  if (interval.interval === 'week') return seconds + n * 7 * 86_400;
  const months = interval.interval === 'year' ? 12 * n : n;
  const day = date.getUTCDate();
  date.setUTCDate(1);
  date.setUTCMonth(date.getUTCMonth() + months);
  const lastDay = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 0)).getUTCDate();
  date.setUTCDate(Math.min(day, lastDay));
  return Math.floor(date.getTime() / 1000);
}

/**
 * A `trial_end` parameter: a Unix time at least `minSeconds` after `now`, or `now` (no trial: it ends at
 * once). Refused with trial_period_days, as Stripe takes one or the other. `prefix` names the parameter in
 * errors (`subscription_data` for a Checkout Session). Returns the trial's end, or undefined for none.
 */
export function trialEndParam(
  params: Params,
  now: number,
  opts: { prefix?: string; minSeconds?: number } = {},
): number | undefined {
  const name = (key: string) => (opts.prefix ? `${opts.prefix}[${key}]` : key);
  if (!params.has('trial_end')) return undefined;
  if (params.has('trial_period_days')) {
    throw invalidRequest(
      `You may only specify one of these parameters: ${name('trial_end')}, ${name('trial_period_days')}.`,
      { param: name('trial_end') },
    );
  }
  if (params.string('trial_end') === 'now' && !opts.prefix) return undefined;
  const end = params.int('trial_end')!;
  const min = opts.minSeconds ?? 0;
  if (end <= now + min) {
    throw invalidRequest(
      min > 0
        ? `${name('trial_end')} must be at least ${min / 3600} hours in the future.`
        : 'Invalid timestamp: must be an integer Unix timestamp in the future.',
      { param: name('trial_end') },
    );
  }
  return end;
}

const money = (amount: number, currency: string) => `${(amount / 100).toFixed(2)} ${currency.toUpperCase()}`;

/**
 * Subscriptions and what moves them: their invoices (first, renewal, proration), upgrades with prorations,
 * cancellation at period end, subscription schedules (a change that waits for the period end), test
 * clocks, and a control that runs a subscription to the end of its period.
 */
export function registerBilling(
  ctx: StripeSimContext,
  deps: { catalog: Catalog; invoices: Invoices; meters: Meters },
) {
  const { router, state, events, sim, expander } = ctx;
  const { catalog, invoices, meters } = deps;
  const { subscriptions, schedules, clocks, trialEndsAnnounced } = sim.keep('billing', () => ({
    subscriptions: new Map<string, { owner: string; object: Subscription }>(),
    schedules: new Map<string, { owner: string; object: SubscriptionSchedule }>(),
    clocks: new Map<string, { owner: string; object: TestClock }>(),
    /** Subscriptions whose customer.subscription.trial_will_end has gone out (once per trial). */
    trialEndsAnnounced: new Set<string>(),
  }));
  expander.register('sub', (id, account) => findOwned(subscriptions, id, account));
  expander.register('sub_sched', (id, account) => findOwned(schedules, id, account));

  // ---- Time ------------------------------------------------------------------------------------------

  /** Now for a customer: its test clock's frozen time, or the simulator's clock. */
  const customerNow = (customer: Customer): number =>
    (customer.test_clock ? clocks.get(customer.test_clock)?.object.frozen_time : undefined) ??
    state.nowSeconds();
  const clockTime = (id: string, account: string) => findOwned(clocks, id, account)?.frozen_time ?? null;

  const subscriptionOf = (id: string, account: string, param = 'subscription_exposed_id') => {
    const found = findOwned(subscriptions, id, account);
    if (!found) throw resourceMissing('subscription', id, param);
    return found;
  };
  const customerOfSub = (sub: Subscription, account: string) => catalog.findCustomer(sub.customer, account)!;
  const periodOf = (sub: Subscription) => ({
    start: sub.items.data[0]!.current_period_start,
    end: sub.items.data[0]!.current_period_end,
  });

  // ---- Items and lines -------------------------------------------------------------------------------

  function newItem(
    subscription: string,
    price: Price,
    quantity: number | undefined,
    period: { start: number; end: number },
  ): SubscriptionItem {
    return {
      id: stripeId('si', 14),
      object: 'subscription_item',
      billing_thresholds: null,
      created: period.start,
      current_period_end: period.end,
      current_period_start: period.start,
      discounts: [],
      metadata: {},
      // A copy: the catalog's price is changed in place, and the subscription is a record of its own.
      price: structuredClone(price),
      ...(price.recurring?.usage_type === 'metered' ? {} : { quantity: quantity ?? 1 }),
      subscription,
      tax_rates: [],
    };
  }

  /** Licensed items billed in advance for `period`. */
  const advanceLines = (sub: Subscription, period: { start: number; end: number }): DraftLine[] =>
    sub.items.data
      .filter((item) => item.price.recurring?.usage_type !== 'metered')
      .map((item) => ({
        amount: item.price.unit_amount * (item.quantity ?? 1),
        description: `${item.quantity ?? 1} × ${productName(item.price, sub)} (at ${money(item.price.unit_amount, item.price.currency)} / ${item.price.recurring!.interval})`,
        price: item.price,
        quantity: item.quantity ?? 1,
        period,
        proration: false,
        subscriptionItem: item.id,
      }));

  /** Metered items billed in arrears: the usage their meter aggregated over the period just ended. */
  const usageLines = (
    sub: Subscription,
    account: string,
    period: { start: number; end: number },
  ): DraftLine[] =>
    sub.items.data
      .filter((item) => item.price.recurring?.usage_type === 'metered')
      .map((item) => {
        const used = meters.usage(
          account,
          item.price.recurring!.meter!,
          sub.customer,
          period.start,
          period.end,
        );
        return {
          amount: used * item.price.unit_amount,
          description: `${used} × ${productName(item.price, sub)} (at ${money(item.price.unit_amount, item.price.currency)} per unit)`,
          price: item.price,
          quantity: used,
          period,
          proration: false,
          subscriptionItem: item.id,
        };
      });

  const productName = (price: Price, sub: Subscription) => {
    const owner = subscriptions.get(sub.id)?.owner ?? '';
    return catalog.productOf(price.product, owner).name;
  };

  const paymentFor = (
    sub: Subscription,
    account: string,
    extra: Partial<PaymentAttempt> = {},
  ): PaymentAttempt => ({
    paymentMethod:
      sub.default_payment_method ?? customerOfSub(sub, account).invoice_settings.default_payment_method,
    offSession: true,
    applicationFeePercent: sub.application_fee_percent,
    ...extra,
  });

  /** After an invoice's payment: the subscription's status follows it, with `customer.subscription.updated`. */
  function followInvoice(
    account: string,
    sub: Subscription,
    outcome: 'paid' | 'failed' | 'requires_action',
    caller?: Caller,
  ) {
    const previous = sub.status;
    // Trialing while the current period is the trial (it starts before the trial ends); a period run to
    // its end by a clock or the advance control starts at the trial's end, so the subscription is active.
    if (outcome === 'paid')
      sub.status = sub.trial_end && sub.trial_end > periodOf(sub).start ? 'trialing' : 'active';
    else if (sub.status === 'incomplete' || previous === 'incomplete') sub.status = 'incomplete';
    else sub.status = 'past_due';
    if (sub.status !== previous) {
      events.emit(account, 'customer.subscription.updated', sub, { previous: { status: previous }, caller });
    }
  }

  // ---- Create ----------------------------------------------------------------------------------------

  /**
   * A new subscription for `customer`: its first invoice is cut and charged at once. It starts
   * `incomplete` and becomes `active` when that invoice is paid (the payment may wait for 3-D Secure).
   */
  function createSubscription(
    account: string,
    input: {
      customer: Customer;
      items: { price: Price; quantity?: number }[];
      metadata?: Record<string, string>;
      description?: string | null;
      applicationFeePercent?: number | null;
      trialDays?: number;
      /** The trial's end as a Unix time (`trial_end`); it wins over trialDays, which callers refuse together. */
      trialEnd?: number;
      cancelAtPeriodEnd?: boolean;
      payment: FirstPayment;
    },
    caller?: Caller,
  ): Subscription {
    const { customer } = input;
    const first = input.items[0]!.price;
    const currencies = new Set(input.items.map((i) => i.price.currency));
    if (currencies.size > 1) {
      throw invalidRequest('All prices on a subscription must have the same currency.', { param: 'items' });
    }
    for (const { price } of input.items) {
      if (!price.recurring) {
        throw invalidRequest(
          `The price specified (${price.id}) is a one-time price; subscriptions need recurring prices.`,
          { param: 'items' },
        );
      }
    }
    billCustomerIn(customer, first.currency);
    const now = customerNow(customer);
    const trialEnd = input.trialEnd ?? (input.trialDays ? now + input.trialDays * 86_400 : null);
    const period = { start: now, end: trialEnd ?? addInterval(now, first.recurring!) };
    const id = stripeId('sub', 14);
    const items = input.items.map((i) => newItem(id, i.price, i.quantity, period));
    const sub: Subscription = {
      id,
      object: 'subscription',
      application: null,
      application_fee_percent: input.applicationFeePercent ?? null,
      automatic_tax: { disabled_reason: null, enabled: false, liability: null },
      billing_cycle_anchor: period.end,
      billing_cycle_anchor_config: null,
      billing_mode: { type: 'classic' },
      billing_thresholds: null,
      cancel_at: input.cancelAtPeriodEnd ? period.end : null,
      cancel_at_period_end: input.cancelAtPeriodEnd ?? false,
      canceled_at: null,
      cancellation_details: { comment: null, feedback: null, reason: null },
      collection_method: 'charge_automatically',
      created: now,
      currency: first.currency,
      customer: customer.id,
      days_until_due: null,
      default_payment_method: input.payment.paymentMethod,
      default_source: null,
      description: input.description ?? null,
      discounts: [],
      ended_at: null,
      invoice_settings: { account_tax_ids: null, issuer: { type: 'self' } },
      items: {
        object: 'list',
        data: items,
        has_more: false,
        total_count: items.length,
        url: `/v1/subscription_items?subscription=${id}`,
      },
      latest_invoice: null,
      livemode: false,
      metadata: input.metadata ?? {},
      next_pending_invoice_item_invoice: null,
      on_behalf_of: null,
      pause_collection: null,
      payment_settings: {
        payment_method_options: null,
        payment_method_types: null,
        save_default_payment_method: 'off',
      },
      pending_invoice_item_interval: null,
      pending_setup_intent: null,
      pending_update: null,
      schedule: null,
      start_date: now,
      status: 'incomplete',
      test_clock: customer.test_clock,
      transfer_data: null,
      trial_end: trialEnd,
      trial_settings: { end_behavior: { missing_payment_method: 'create_invoice' } },
      trial_start: trialEnd ? now : null,
    };
    subscriptions.set(id, { owner: account, object: sub });
    events.emit(account, 'customer.subscription.created', sub, { caller });
    const invoice = invoices.cutInvoice(account, {
      customer,
      subscription: sub,
      currency: sub.currency,
      billingReason: 'subscription_create',
      // A trial's first invoice is for nothing; the first real charge comes when the trial ends.
      lines: trialEnd
        ? advanceLines(sub, period).map((l) => ({
            ...l,
            amount: 0,
            description: `Trial period for ${l.description}`,
          }))
        : advanceLines(sub, period),
      period: { start: now, end: now },
      payment: paymentFor(sub, account, {
        offSession: !input.payment.returnUrl,
        returnUrl: input.payment.returnUrl,
      }),
    });
    sub.latest_invoice = invoice.id;
    followInvoice(
      account,
      sub,
      invoice.status === 'paid' ? 'paid' : invoices.settle(account, invoice),
      caller,
    );
    announceTrialEnd(account, sub, now);
    return sub;
  }

  /**
   * customer.subscription.trial_will_end, once, when `until` reaches three days before a trialing
   * subscription's trial end (at once for a trial shorter than that [?]).
   */
  function announceTrialEnd(account: string, sub: Subscription, until: number) {
    if (sub.status !== 'trialing' || !sub.trial_end || trialEndsAnnounced.has(sub.id)) return;
    if (until < sub.trial_end - TRIAL_WILL_END_NOTICE_SECONDS) return;
    trialEndsAnnounced.add(sub.id);
    events.emit(account, 'customer.subscription.trial_will_end', sub);
  }

  /** A subscription whose first invoice waited for 3-D Secure: read the payment again. */
  function settleFirstInvoice(account: string, subId: string): Subscription {
    const sub = subscriptionOf(subId, account);
    const invoice = invoices.invoiceOf(sub.latest_invoice!, account);
    followInvoice(account, sub, invoices.settle(account, invoice));
    return sub;
  }

  function itemsParam(
    params: Params,
    account: string,
  ): { price: Price; quantity?: number; id?: string; deleted?: boolean }[] {
    return (params.objects('items') ?? []).map((item, index) => {
      const priceId = item.string('price');
      const id = item.string('id');
      if (!priceId && !id) throw item.missing('price');
      const price = priceId ? catalog.priceOf(priceId, account, `items[${index}][price]`, 400) : undefined;
      return {
        price: price!,
        quantity: item.int('quantity'),
        id,
        deleted: item.bool('deleted'),
      };
    });
  }

  router.post('/v1/subscriptions', ({ caller, params }) => {
    params.only(SUBSCRIPTION_CREATE);
    const customer = catalog.customerOf(params.requiredString('customer'), caller.account, 'customer', 400);
    const items = itemsParam(params, caller.account);
    if (items.length === 0) throw params.missing('items');
    const behaviour =
      params.oneOf('payment_behavior', [
        'allow_incomplete',
        'default_incomplete',
        'error_if_incomplete',
        'pending_if_incomplete',
      ] as const) ?? 'allow_incomplete';
    const paymentMethod =
      params.string('default_payment_method') ?? customer.invoice_settings.default_payment_method;
    const trialEnd = trialEndParam(params, customerNow(customer));
    if (!paymentMethod && !params.int('trial_period_days') && !trialEnd) {
      throw invalidRequest(
        'This customer has no attached payment source or default payment method. Please consider adding a default payment method. For more information, visit https://docs.stripe.com/billing/subscriptions/payment-methods-setting#payment-method-priority.',
        { code: 'resource_missing' },
      );
    }
    const sub = createSubscription(
      caller.account,
      {
        customer,
        items,
        metadata: params.metadata(),
        description: params.string('description'),
        applicationFeePercent: params.has('application_fee_percent')
          ? Number(params.string('application_fee_percent'))
          : null,
        trialDays: params.int('trial_period_days'),
        ...(trialEnd ? { trialEnd } : {}),
        cancelAtPeriodEnd: params.bool('cancel_at_period_end'),
        payment: { paymentMethod },
      },
      caller,
    );
    if (behaviour === 'error_if_incomplete' && sub.status === 'incomplete') {
      const invoice = invoices.invoiceOf(sub.latest_invoice!, caller.account);
      throw new StripeSimError(402, {
        type: 'card_error',
        code: 'card_declined',
        message: 'Your card was declined.',
        payment_intent: invoices.paymentIntentOf(invoice),
      });
    }
    return expander.expand(caller.account, sub, params.strings('expand'));
  });

  router.get('/v1/subscriptions', ({ caller, params }) => {
    params.only(
      words(
        'customer price status test_clock created current_period_end current_period_start collection_method automatic_tax limit starting_after ending_before expand',
      ),
    );
    catchUp(caller.account);
    const customer = params.string('customer');
    const price = params.string('price');
    const status = params.string('status');
    const page = listOf(
      '/v1/subscriptions',
      ownedBy(subscriptions, caller.account).filter(
        (s) =>
          (!customer || s.customer === customer) &&
          (!price || s.items.data.some((i) => i.price.id === price)) &&
          (status === 'all' || (status ? s.status === status : s.status !== 'canceled')),
      ),
      params,
    );
    return expander.expand(caller.account, page, params.strings('expand'));
  });
  router.get('/v1/subscriptions/:id', ({ caller, params, path }) => {
    catchUp(caller.account);
    return expander.expand(
      caller.account,
      subscriptionOf(path.id!, caller.account),
      params.strings('expand'),
    );
  });

  // ---- Update: plan changes, prorations, cancel at period end ----------------------------------------

  /**
   * Replaces the subscription's price (the portal's and the API's plan change). With prorations the
   * unused time on the old price is credited and the rest of the period on the new one charged: as
   * pending invoice items (create_prorations), or on an invoice cut and paid now (always_invoice).
   */
  function changePrice(
    account: string,
    sub: Subscription,
    changes: { itemId?: string; price: Price; quantity?: number }[],
    proration: (typeof PRORATION)[number],
    caller?: Caller,
  ) {
    const customer = customerOfSub(sub, account);
    const now = customerNow(customer);
    const period = periodOf(sub);
    const previous = { items: structuredClone(sub.items) };
    const fraction =
      period.end > period.start ? Math.max(0, period.end - now) / (period.end - period.start) : 0;
    const prorations: DraftLine[] = [];
    for (const change of changes) {
      const item = change.itemId
        ? sub.items.data.find((i) => i.id === change.itemId)
        : sub.items.data.length === 1
          ? sub.items.data[0]
          : undefined;
      if (change.itemId && !item) {
        throw invalidRequest(`The subscription item ${change.itemId} does not belong to this subscription.`, {
          param: 'items',
        });
      }
      if (change.price.currency !== sub.currency) {
        throw invalidRequest('The price must have the same currency as the subscription.', {
          param: 'items',
        });
      }
      if (!item) {
        sub.items.data.push(newItem(sub.id, change.price, change.quantity, period));
        continue;
      }
      const oldPrice = item.price;
      const oldQuantity = item.quantity ?? 1;
      const metered =
        oldPrice.recurring?.usage_type === 'metered' || change.price.recurring?.usage_type === 'metered';
      if (!metered && proration !== 'none') {
        const slice = { start: now, end: period.end };
        prorations.push(
          {
            amount: -Math.round(oldPrice.unit_amount * oldQuantity * fraction),
            description: `Unused time on ${productName(oldPrice, sub)} after ${invoices.formatDate(now)}`,
            price: oldPrice,
            quantity: oldQuantity,
            period: slice,
            proration: true,
            subscriptionItem: item.id,
          },
          {
            amount: Math.round(change.price.unit_amount * (change.quantity ?? oldQuantity) * fraction),
            description: `Remaining time on ${productName(change.price, sub)} after ${invoices.formatDate(now)}`,
            price: change.price,
            quantity: change.quantity ?? oldQuantity,
            period: slice,
            proration: true,
            subscriptionItem: item.id,
          },
        );
      }
      item.price = structuredClone(change.price);
      if (change.price.recurring?.usage_type === 'metered') delete item.quantity;
      else item.quantity = change.quantity ?? oldQuantity;
    }
    sub.items.total_count = sub.items.data.length;
    events.emit(account, 'customer.subscription.updated', sub, { previous, caller });
    if (prorations.length === 0) return;
    if (proration === 'always_invoice') {
      const invoice = invoices.cutInvoice(account, {
        customer,
        subscription: sub,
        currency: sub.currency,
        billingReason: 'subscription_update',
        lines: prorations,
        period: { start: now, end: now },
        payment: paymentFor(sub, account),
      });
      sub.latest_invoice = invoice.id;
      if (invoice.status !== 'paid') followInvoice(account, sub, 'failed', caller);
    } else {
      for (const line of prorations) {
        invoices.addInvoiceItem(
          account,
          {
            customer,
            amount: line.amount,
            currency: sub.currency,
            description: line.description,
            price: line.price,
            quantity: line.quantity ?? 1,
            period: line.period,
            proration: true,
            subscription: { id: sub.id, item: line.subscriptionItem },
          },
          caller,
        );
      }
    }
  }

  function setCancelAtPeriodEnd(
    account: string,
    sub: Subscription,
    cancel: boolean,
    caller?: Caller,
    reason?: string,
  ) {
    if (sub.schedule && cancel) {
      throw invalidRequest(
        `The subscription is managed by the subscription schedule \`${sub.schedule}\`, and updating any cancelation behavior directly is not allowed. Please update the schedule instead.`,
      );
    }
    const previous = {
      cancel_at_period_end: sub.cancel_at_period_end,
      cancel_at: sub.cancel_at,
      canceled_at: sub.canceled_at,
    };
    Object.assign(sub, {
      cancel_at_period_end: cancel,
      cancel_at: cancel ? periodOf(sub).end : null,
      canceled_at: cancel ? customerNow(customerOfSub(sub, account)) : null,
      cancellation_details: {
        comment: null,
        feedback: null,
        reason: cancel ? (reason ?? 'cancellation_requested') : null,
      },
    });
    events.emit(account, 'customer.subscription.updated', sub, { previous, caller });
  }

  router.post('/v1/subscriptions/:id', ({ caller, params, path }) => {
    params.only(SUBSCRIPTION_UPDATE);
    const sub = subscriptionOf(path.id!, caller.account);
    if (sub.status === 'canceled') {
      throw invalidRequest('A canceled subscription can only update its cancellation_details and metadata.');
    }
    const proration = params.oneOf('proration_behavior', PRORATION) ?? 'create_prorations';
    const items = itemsParam(params, caller.account).filter((i) => i.price);
    const defaultPm = params.string('default_payment_method');
    if (defaultPm) sub.default_payment_method = defaultPm;
    if (params.has('metadata')) sub.metadata = params.metadata(sub.metadata);
    if (items.length) {
      if (sub.schedule) releaseSchedule(caller.account, sub.schedule, caller);
      changePrice(
        caller.account,
        sub,
        items.map((i) => ({ itemId: i.id, price: i.price, quantity: i.quantity })),
        proration,
        caller,
      );
    }
    const cancel = params.bool('cancel_at_period_end');
    if (cancel !== undefined && cancel !== sub.cancel_at_period_end)
      setCancelAtPeriodEnd(caller.account, sub, cancel, caller);
    return expander.expand(caller.account, sub, params.strings('expand'));
  });

  function cancelNow(account: string, sub: Subscription, caller?: Caller) {
    const now = customerNow(customerOfSub(sub, account));
    const previous = { status: sub.status };
    Object.assign(sub, {
      status: 'canceled',
      canceled_at: sub.canceled_at ?? now,
      ended_at: now,
      cancel_at_period_end: false,
    });
    if (sub.schedule) {
      const schedule = findOwned(schedules, sub.schedule, account);
      if (schedule) Object.assign(schedule, { status: 'canceled', canceled_at: now });
    }
    events.emit(account, 'customer.subscription.deleted', sub, { previous, caller });
  }

  router.delete('/v1/subscriptions/:id', ({ caller, params, path }) => {
    params.only(words('cancellation_details invoice_now prorate expand'));
    const sub = subscriptionOf(path.id!, caller.account);
    if (sub.status === 'canceled') {
      throw invalidRequest(`No such subscription: '${sub.id}'`, { code: 'resource_missing', status: 404 });
    }
    cancelNow(caller.account, sub, caller);
    return sub;
  });

  // ---- Renewal ---------------------------------------------------------------------------------------

  /**
   * Moves a subscription through every period end up to `until`: a cancellation at period end ends it; a
   * schedule's next phase changes its price; otherwise a renewal invoice is cut (licensed items for the
   * new period, metered usage and pending invoice items for the old one) and charged off-session.
   */
  function runUntil(account: string, sub: Subscription, until: number) {
    announceTrialEnd(account, sub, until);
    while (LIVE_STATUSES.includes(sub.status) && sub.status !== 'incomplete' && periodOf(sub).end <= until) {
      const ended = periodOf(sub);
      if (sub.cancel_at_period_end) {
        cancelNow(account, sub);
        return;
      }
      const previous = { items: structuredClone(sub.items), status: sub.status };
      applySchedulePhase(account, sub, ended.end);
      const next = { start: ended.end, end: addInterval(ended.end, sub.items.data[0]!.price.recurring!) };
      const usage = usageLines(sub, account, ended);
      for (const item of sub.items.data) {
        item.current_period_start = next.start;
        item.current_period_end = next.end;
      }
      if (sub.trial_end && sub.trial_end <= ended.end) sub.status = 'active';
      events.emit(account, 'customer.subscription.updated', sub, { previous });
      const invoice = invoices.cutInvoice(account, {
        customer: customerOfSub(sub, account),
        subscription: sub,
        currency: sub.currency,
        billingReason: 'subscription_cycle',
        lines: [...advanceLines(sub, next), ...usage],
        period: ended,
        payment: paymentFor(sub, account),
      });
      sub.latest_invoice = invoice.id;
      followInvoice(account, sub, invoice.status === 'paid' ? 'paid' : 'failed');
    }
  }

  /** Subscriptions without a test clock renew as the simulator's own clock passes their period end. */
  function catchUp(account: string) {
    for (const { owner, object } of subscriptions.values()) {
      if (owner === account && !object.test_clock) runUntil(owner, object, state.nowSeconds());
    }
  }

  sim.control('subscriptions/:id/advance_period', ({ id }) => {
    const record = subscriptions.get(id!);
    if (!record) throw resourceMissing('subscription', id!, 'id');
    runUntil(record.owner, record.object, periodOf(record.object).end);
    return record.object;
  });

  // ---- Subscription schedules ------------------------------------------------------------------------

  function phaseOf(sub: Subscription, start: number, end: number): Phase {
    return {
      start_date: start,
      end_date: end,
      items: sub.items.data.map((i) => ({
        price: i.price.id,
        ...(i.quantity ? { quantity: i.quantity } : {}),
      })),
      proration_behavior: 'create_prorations',
    };
  }

  function newSchedule(account: string, sub: Subscription, phases: Phase[]): SubscriptionSchedule {
    const schedule: SubscriptionSchedule = {
      id: stripeId('sub_sched', 14),
      object: 'subscription_schedule',
      canceled_at: null,
      completed_at: null,
      created: customerNow(customerOfSub(sub, account)),
      current_phase: { start_date: phases[0]!.start_date, end_date: phases[0]!.end_date },
      customer: sub.customer,
      end_behavior: 'release',
      livemode: false,
      metadata: {},
      phases,
      released_at: null,
      released_subscription: null,
      status: 'active',
      subscription: sub.id,
      test_clock: sub.test_clock,
    };
    schedules.set(schedule.id, { owner: account, object: schedule });
    sub.schedule = schedule.id;
    events.emit(account, 'subscription_schedule.created', schedule);
    return schedule;
  }

  /**
   * A plan change that waits for the period end (the portal's downgrade): a schedule whose first phase
   * is the current price until the period ends and whose second is the new price, then released.
   */
  function scheduleChange(
    account: string,
    sub: Subscription,
    price: Price,
    caller?: Caller,
  ): SubscriptionSchedule {
    if (sub.schedule) releaseSchedule(account, sub.schedule, caller);
    const period = periodOf(sub);
    const next = phaseOf(sub, period.end, addInterval(period.end, price.recurring!));
    // The plan's (licensed) item changes price; the others, such as a metered price, carry on.
    const planItem = sub.items.data.findIndex((i) => i.price.recurring?.usage_type !== 'metered');
    next.items = next.items.map((item, index) =>
      index === planItem ? { price: price.id, quantity: item.quantity ?? 1 } : item,
    );
    next.proration_behavior = 'none';
    const schedule = newSchedule(account, sub, [phaseOf(sub, period.start, period.end), next]);
    events.emit(account, 'customer.subscription.updated', sub, { previous: { schedule: null }, caller });
    return schedule;
  }

  /** At a period end, the schedule's phase that starts then takes over; after the last it releases. */
  function applySchedulePhase(account: string, sub: Subscription, at: number) {
    if (!sub.schedule) return;
    const schedule = findOwned(schedules, sub.schedule, account);
    if (!schedule || schedule.status !== 'active') return;
    const phase = schedule.phases.find((p) => p.start_date === at);
    if (phase) {
      sub.items.data = phase.items.map((p, index) => {
        const price = catalog.priceOf(p.price, account);
        const existing = sub.items.data[index];
        return existing
          ? Object.assign(existing, {
              price,
              ...(price.recurring?.usage_type === 'metered' ? {} : { quantity: p.quantity ?? 1 }),
            })
          : newItem(sub.id, price, p.quantity, { start: at, end: at });
      });
      sub.items.total_count = sub.items.data.length;
      schedule.current_phase = { start_date: phase.start_date, end_date: phase.end_date };
    }
    if (schedule.phases.at(-1)!.start_date <= at) {
      Object.assign(schedule, {
        status: 'released',
        released_at: at,
        released_subscription: sub.id,
        subscription: null,
        current_phase: null,
      });
      sub.schedule = null;
      events.emit(account, 'subscription_schedule.released', schedule);
    }
  }

  function releaseSchedule(account: string, id: string, caller?: Caller) {
    const schedule = findOwned(schedules, id, account);
    if (!schedule) throw resourceMissing('subscription_schedule', id, 'schedule');
    if (schedule.status !== 'active' && schedule.status !== 'not_started') {
      throw invalidRequest(
        `You cannot release a subscription schedule that is currently in the \`${schedule.status}\` status. It must be in the \`not_started\` or \`active\` status.`,
      );
    }
    const sub = schedule.subscription ? findOwned(subscriptions, schedule.subscription, account) : undefined;
    const now = sub ? customerNow(customerOfSub(sub, account)) : state.nowSeconds();
    Object.assign(schedule, {
      status: 'released',
      released_at: now,
      released_subscription: schedule.subscription,
      subscription: null,
      current_phase: null,
    });
    if (sub) sub.schedule = null;
    events.emit(account, 'subscription_schedule.released', schedule, { caller });
    return schedule;
  }

  router.post('/v1/subscription_schedules', ({ caller, params }) => {
    params.only(
      words('from_subscription customer phases start_date end_behavior metadata default_settings expand'),
    );
    const from = params.string('from_subscription');
    if (!from) {
      throw invalidRequest(
        'This simulator creates subscription schedules from an existing subscription only (from_subscription).',
        { param: 'from_subscription' },
      );
    }
    const sub = subscriptionOf(from, caller.account, 'from_subscription');
    if (sub.schedule) {
      throw invalidRequest(
        `You cannot migrate a subscription that is already attached to a schedule: \`${sub.schedule}\`.`,
        { param: 'from_subscription' },
      );
    }
    const period = periodOf(sub);
    return newSchedule(caller.account, sub, [phaseOf(sub, period.start, period.end)]);
  });
  router.get('/v1/subscription_schedules/:id', ({ caller, params, path }) => {
    const schedule = findOwned(schedules, path.id!, caller.account);
    if (!schedule) throw resourceMissing('subscription_schedule', path.id!, 'schedule');
    return expander.expand(caller.account, schedule, params.strings('expand'));
  });
  router.post('/v1/subscription_schedules/:id', ({ caller, params, path }) => {
    params.only(words('phases end_behavior metadata proration_behavior default_settings expand'));
    const schedule = findOwned(schedules, path.id!, caller.account);
    if (!schedule) throw resourceMissing('subscription_schedule', path.id!, 'schedule');
    if (schedule.status !== 'active') {
      throw invalidRequest(
        `You cannot update a subscription schedule that is currently in the \`${schedule.status}\` status.`,
      );
    }
    const phasesParam = params.objects('phases');
    if (phasesParam) {
      const sub = findOwned(subscriptions, schedule.subscription!, caller.account)!;
      let start = schedule.phases[0]!.start_date;
      const phases: Phase[] = [];
      for (const [index, phase] of phasesParam.entries()) {
        const itemsParams = phase.objects('items');
        if (!itemsParams?.length) throw phase.missing('items');
        const items = itemsParams.map((item, k) => {
          const price = catalog.priceOf(
            item.requiredString('price'),
            caller.account,
            `phases[${index}][items][${k}][price]`,
            400,
          );
          return {
            price: price.id,
            ...(price.recurring?.usage_type === 'metered' ? {} : { quantity: item.int('quantity') ?? 1 }),
          };
        });
        const firstPrice = catalog.priceOf(items[0]!.price, caller.account);
        const startDate =
          phase.string('start_date') === 'now'
            ? customerNow(customerOfSub(sub, caller.account))
            : (phase.int('start_date') ?? start);
        const end =
          phase.int('end_date') ??
          (phase.int('iterations') !== undefined
            ? Array.from({ length: phase.int('iterations')! }).reduce<number>(
                (t) => addInterval(t, firstPrice.recurring!),
                startDate,
              )
            : addInterval(startDate, firstPrice.recurring!));
        phases.push({
          start_date: startDate,
          end_date: end,
          items,
          proration_behavior: phase.oneOf('proration_behavior', PRORATION) ?? 'create_prorations',
        });
        start = end;
      }
      if (phases.length === 0) throw params.missing('phases');
      schedule.phases = phases;
      schedule.current_phase = { start_date: phases[0]!.start_date, end_date: phases[0]!.end_date };
      events.emit(caller.account, 'subscription_schedule.updated', schedule, { caller });
    }
    if (params.has('metadata')) schedule.metadata = params.metadata(schedule.metadata);
    schedule.end_behavior =
      params.oneOf('end_behavior', ['release', 'cancel'] as const) ?? schedule.end_behavior;
    return schedule;
  });
  router.post('/v1/subscription_schedules/:id/release', ({ caller, params, path }) => {
    params.only(words('preserve_cancel_date expand'));
    return releaseSchedule(caller.account, path.id!, caller);
  });

  // ---- Test clocks -----------------------------------------------------------------------------------

  const clockOf = (id: string, account: string) => {
    const clock = findOwned(clocks, id, account);
    if (!clock) throw resourceMissing('test_helpers.test_clock', id, 'test_clock');
    return clock;
  };

  router.post('/v1/test_helpers/test_clocks', ({ caller, params }) => {
    params.only(words('frozen_time name expand'));
    const created = state.nowSeconds();
    const clock: TestClock = {
      id: stripeId('clock'),
      object: 'test_helpers.test_clock',
      created,
      deletes_after: created + CLOCK_LIFETIME_SECONDS,
      frozen_time: params.requiredInt('frozen_time'),
      livemode: false,
      name: params.string('name') ?? null,
      status: 'ready',
      status_details: {},
    };
    clocks.set(clock.id, { owner: caller.account, object: clock });
    return clock;
  });
  router.get('/v1/test_helpers/test_clocks', ({ caller, params }) =>
    listOf(
      '/v1/test_helpers/test_clocks',
      ownedBy(clocks, caller.account),
      params.only(words('limit starting_after ending_before expand')),
    ),
  );
  router.get('/v1/test_helpers/test_clocks/:id', ({ caller, path }) => clockOf(path.id!, caller.account));
  router.delete('/v1/test_helpers/test_clocks/:id', ({ caller, path }) => {
    clockOf(path.id!, caller.account);
    clocks.delete(path.id!);
    return { id: path.id, object: 'test_helpers.test_clock', deleted: true };
  });
  // Real Stripe advances asynchronously (status `advancing`, then `ready` and a webhook); the simulator
  // runs the billing in between at once, so the answer is already `ready`.
  router.post('/v1/test_helpers/test_clocks/:id/advance', ({ caller, params, path }) => {
    params.only(words('frozen_time expand'));
    const clock = clockOf(path.id!, caller.account);
    const target = params.requiredInt('frozen_time');
    if (target <= clock.frozen_time) {
      throw invalidRequest(
        'The test clock can only be advanced to a time later than its current frozen time.',
        { param: 'frozen_time' },
      );
    }
    if (target - clock.frozen_time > MAX_CLOCK_ADVANCE_SECONDS) {
      throw invalidRequest(
        'You cannot advance a test clock more than two intervals of the longest subscription at once.',
        { param: 'frozen_time' },
      );
    }
    clock.frozen_time = target;
    for (const { owner, object } of subscriptions.values()) {
      if (owner === caller.account && object.test_clock === clock.id) runUntil(owner, object, target);
    }
    events.emit(caller.account, 'test_helpers.test_clock.ready', clock, { caller });
    return clock;
  });

  /** A subscription whose first payment never went through stops waiting for it. */
  function expireIncomplete(account: string, sub: Subscription) {
    if (sub.status !== 'incomplete') return;
    const previous = { status: sub.status };
    Object.assign(sub, { status: 'incomplete_expired', ended_at: customerNow(customerOfSub(sub, account)) });
    events.emit(account, 'customer.subscription.updated', sub, { previous });
  }

  return {
    expireIncomplete,
    customerNow,
    clockTime,
    createSubscription,
    settleFirstInvoice,
    changePrice: (account: string, sub: Subscription, price: Price) =>
      changePrice(account, sub, [{ itemId: sub.items.data[0]!.id, price }], 'always_invoice'),
    scheduleChange,
    releaseSchedule,
    setCancelAtPeriodEnd,
    subscriptionOf,
    subscriptionsOf: (account: string, customer: string) => {
      catchUp(account);
      return [...subscriptions.values()]
        .filter(({ owner, object }) => owner === account && object.customer === customer)
        .map(({ object }) => object);
    },
    scheduleOf: (id: string, account: string) => findOwned(schedules, id, account),
    periodOf,
  };
}

function findOwned<T>(
  map: Map<string, { owner: string; object: T }>,
  id: string,
  account: string,
): T | undefined {
  const record = map.get(id);
  return record?.owner === account ? record.object : undefined;
}

export type Billing = ReturnType<typeof registerBilling>;
