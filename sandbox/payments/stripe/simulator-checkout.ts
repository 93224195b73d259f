import type { FastifyReply } from 'fastify';
import { trialEndParam, type Billing } from './simulator-billing';
import { cardFields, readCardForm } from './simulator-card-form';
import { checkCustomerCurrency, type Catalog, type Price } from './simulator-catalog';
import {
  applicationFeeNotAllowed,
  invalidRequest,
  resourceMissing,
  stripeId,
  words,
  type Caller,
  type Params,
} from './simulator-http';
import type { Invoices } from './simulator-invoices';
import { listOf } from './simulator-lists';
import { escapeHtml, formatAmount, simulatorPage } from './simulator-pages';
import type { Payments } from './simulator-payments';
import type { StripeSimContext } from './simulator-state';

interface LineItem {
  id: string;
  object: 'item';
  amount_discount: number;
  amount_subtotal: number;
  amount_tax: number;
  amount_total: number;
  currency: string;
  description: string;
  price: Price;
  quantity: number;
}

interface CheckoutSession {
  id: string;
  object: 'checkout.session';
  amount_subtotal: number;
  amount_total: number;
  automatic_tax: { enabled: false; liability: null; status: null };
  cancel_url: string | null;
  client_reference_id: string | null;
  created: number;
  currency: string;
  customer: string | null;
  customer_creation: 'always' | 'if_required' | null;
  customer_details: {
    address: null;
    email: string | null;
    name: string | null;
    phone: null;
    tax_exempt: 'none';
    tax_ids: never[];
  } | null;
  customer_email: string | null;
  expires_at: number;
  invoice: string | null;
  livemode: false;
  locale: string | null;
  metadata: Record<string, string>;
  mode: 'payment' | 'subscription';
  payment_intent: string | null;
  payment_method_types: string[];
  payment_status: 'paid' | 'unpaid' | 'no_payment_required';
  status: 'open' | 'complete' | 'expired';
  subscription: string | null;
  success_url: string | null;
  total_details: { amount_discount: number; amount_shipping: number; amount_tax: number };
  ui_mode: 'hosted';
  url: string | null;
}

/** What the session will do when paid, beyond the public object. */
interface SessionRecord {
  owner: string;
  object: CheckoutSession;
  lineItems: LineItem[];
  applicationFeeAmount: number | null;
  paymentIntentMetadata: Record<string, string>;
  paymentIntentDescription: string | null;
  subscriptionData: {
    metadata: Record<string, string>;
    applicationFeePercent: number | null;
    trialDays?: number;
    trialEnd?: number;
    description: string | null;
  };
}

const SESSION_CREATE = words(`
  mode line_items success_url cancel_url customer customer_email client_reference_id metadata
  payment_intent_data subscription_data expires_at locale payment_method_types customer_creation expand
`);
const DEFAULT_LIFETIME_SECONDS = 24 * 60 * 60;
const CHECKOUT_MIN_TRIAL_SECONDS = 48 * 60 * 60;
const MIN_LIFETIME_SECONDS = 30 * 60;

/**
 * Checkout Sessions (payment and subscription mode, also on a connected account) and the hosted page
 * they send a buyer to: a card form taking Stripe's test cards, 3-D Secure through the simulator's
 * authentication page, then `checkout.session.completed` and a redirect to success_url.
 */
export function registerCheckout(
  ctx: StripeSimContext,
  deps: { catalog: Catalog; payments: Payments; billing: Billing; invoices: Invoices },
) {
  const { app, router, state, events, sim, expander } = ctx;
  const { catalog, payments, billing, invoices } = deps;
  const { sessions } = sim.keep('checkout', () => ({ sessions: new Map<string, SessionRecord>() }));
  expander.register('cs_test', (id, account) => {
    const record = sessions.get(id);
    return record?.owner === account ? current(record).object : undefined;
  });

  /** A session past its expiry is expired the first time anyone looks. */
  function current(record: SessionRecord): SessionRecord {
    const session = record.object;
    if (session.status === 'open' && session.expires_at <= state.nowSeconds()) {
      Object.assign(session, { status: 'expired', url: null });
      events.emit(record.owner, 'checkout.session.expired', session);
    }
    return record;
  }

  const sessionOf = (id: string, account: string) => {
    const record = sessions.get(id);
    if (!record || record.owner !== account) throw resourceMissing('checkout.session', id, 'session');
    return current(record);
  };

  function lineItemsOf(params: Params, account: string, mode: CheckoutSession['mode']): LineItem[] {
    const raw = params.objects('line_items');
    if (!raw?.length) throw params.missing('line_items');
    return raw.map((item, index) => {
      const priceId = item.string('price');
      if (!priceId) throw item.missing('price');
      const price = catalog.priceOf(priceId, account, `line_items[${index}][price]`, 400);
      if (!price.active) {
        throw invalidRequest(`The price specified is inactive. This field only accepts active prices.`, {
          param: `line_items[${index}][price]`,
        });
      }
      if (catalog.findProduct(price.product, account)?.active === false) {
        throw invalidRequest(`The price specified belongs to an inactive product: ${price.product}.`, {
          param: `line_items[${index}][price]`,
        });
      }
      if (mode === 'payment' && price.type === 'recurring') {
        throw invalidRequest(
          'You specified `payment` mode but passed a recurring price. Either switch to `subscription` mode or use only one-time prices.',
          { param: `line_items[${index}][price]` },
        );
      }
      const quantity = item.int('quantity') ?? 1;
      if (quantity < 1)
        throw invalidRequest('Quantity must be at least 1.', { param: `line_items[${index}][quantity]` });
      const metered = price.recurring?.usage_type === 'metered';
      const subtotal = metered ? 0 : price.unit_amount * quantity;
      return {
        id: stripeId('li'),
        object: 'item',
        amount_discount: 0,
        amount_subtotal: subtotal,
        amount_tax: 0,
        amount_total: subtotal,
        currency: price.currency,
        description: catalog.productOf(price.product, account).name,
        // A copy: the catalog's price is changed in place, and the session is a record of its own.
        price: structuredClone(price),
        // A metered price's quantity is its usage, so Checkout takes none for it.
        quantity: metered ? 0 : quantity,
      };
    });
  }

  router.post('/v1/checkout/sessions', ({ caller, params }) => {
    params.only(SESSION_CREATE);
    const mode = params.oneOf('mode', ['payment', 'subscription', 'setup'] as const, true)!;
    if (mode === 'setup') {
      throw invalidRequest('This simulator supports Checkout in `payment` and `subscription` mode.', {
        param: 'mode',
      });
    }
    const successUrl = params.requiredString('success_url');
    const cancelUrl = params.string('cancel_url') ?? null;
    for (const [param, url] of [
      ['success_url', successUrl],
      ['cancel_url', cancelUrl],
    ] as const) {
      if (url !== null && !URL.canParse(url.replace('{CHECKOUT_SESSION_ID}', 'x'))) {
        throw invalidRequest('Not a valid URL', { code: 'url_invalid', param });
      }
    }
    const items = lineItemsOf(params, caller.account, mode);
    if (mode === 'subscription' && !items.some((i) => i.price.type === 'recurring')) {
      throw invalidRequest(
        'You must provide at least one recurring price in `subscription` mode when using prices.',
        { param: 'line_items' },
      );
    }
    const currencies = new Set(items.map((i) => i.currency));
    if (currencies.size > 1) {
      throw invalidRequest('All prices must be in the same currency.', { param: 'line_items' });
    }
    const customerId = params.string('customer');
    if (customerId) {
      const customer = catalog.customerOf(customerId, caller.account, 'customer', 400);
      checkCustomerCurrency(customer, items[0]!.currency);
    }
    const paymentData = params.object('payment_intent_data');
    const subscriptionData = params.object('subscription_data');
    if (paymentData && mode !== 'payment') {
      throw invalidRequest('You can not pass `payment_intent_data` in `subscription` mode.', {
        param: 'payment_intent_data',
      });
    }
    if (subscriptionData && mode !== 'subscription') {
      throw invalidRequest('You can only pass `subscription_data` in `subscription` mode.', {
        param: 'subscription_data',
      });
    }
    const fee = paymentData?.int('application_fee_amount') ?? null;
    const feePercentText = subscriptionData?.string('application_fee_percent');
    const connected =
      state.accounts.get(caller.account)?.platform === caller.keyAccount &&
      caller.stripeAccountHeader !== null;
    if ((fee !== null || feePercentText !== undefined) && !connected) {
      throw applicationFeeNotAllowed(
        fee !== null
          ? 'payment_intent_data[application_fee_amount]'
          : 'subscription_data[application_fee_percent]',
      );
    }
    const total = items.reduce((sum, i) => sum + i.amount_total, 0);
    if (fee !== null && (fee < 0 || fee > total)) {
      throw invalidRequest('The application fee cannot be negative or exceed the amount of the payment.', {
        param: 'payment_intent_data[application_fee_amount]',
      });
    }
    const feePercent = feePercentText === undefined ? null : Number(feePercentText);
    if (feePercent !== null && !(feePercent >= 0 && feePercent <= 100)) {
      throw invalidRequest('Invalid decimal: application_fee_percent must be between 0 and 100.', {
        param: 'subscription_data[application_fee_percent]',
      });
    }
    const now = state.nowSeconds();
    const expiresAt = params.int('expires_at') ?? now + DEFAULT_LIFETIME_SECONDS;
    if (expiresAt < now + MIN_LIFETIME_SECONDS || expiresAt > now + DEFAULT_LIFETIME_SECONDS) {
      throw invalidRequest(
        'The `expires_at` timestamp must be between 30 minutes and 24 hours from Checkout Session creation.',
        { param: 'expires_at' },
      );
    }
    const trialDays = subscriptionData?.int('trial_period_days');
    // Checkout takes a trial end at least 48 hours away (a Unix time; `now` is the subscription API's).
    const trialEnd = subscriptionData
      ? trialEndParam(subscriptionData, now, {
          prefix: 'subscription_data',
          minSeconds: CHECKOUT_MIN_TRIAL_SECONDS,
        })
      : undefined;
    // A trial's first invoice is for nothing: nothing is due today, as Stripe's session says.
    const dueNow = trialDays || trialEnd ? 0 : total;
    const id = stripeId('cs_test', 58);
    const session: CheckoutSession = {
      id,
      object: 'checkout.session',
      amount_subtotal: dueNow,
      amount_total: dueNow,
      automatic_tax: { enabled: false, liability: null, status: null },
      cancel_url: cancelUrl,
      client_reference_id: params.string('client_reference_id') ?? null,
      created: now,
      currency: items[0]!.currency,
      customer: customerId ?? null,
      customer_creation:
        mode === 'payment'
          ? (params.oneOf('customer_creation', ['always', 'if_required'] as const) ?? 'if_required')
          : null,
      customer_details: null,
      customer_email: params.string('customer_email') ?? null,
      expires_at: expiresAt,
      invoice: null,
      livemode: false,
      locale: params.string('locale') ?? null,
      metadata: params.metadata(),
      mode,
      payment_intent: null,
      payment_method_types: params.strings('payment_method_types') ?? ['card'],
      payment_status: 'unpaid',
      status: 'open',
      subscription: null,
      success_url: successUrl,
      total_details: { amount_discount: 0, amount_shipping: 0, amount_tax: 0 },
      ui_mode: 'hosted',
      url: `${state.baseUrl()}/c/pay/${id}`,
    };
    sessions.set(id, {
      owner: caller.account,
      object: session,
      lineItems: items,
      applicationFeeAmount: fee,
      paymentIntentMetadata: paymentData?.metadata() ?? {},
      paymentIntentDescription: paymentData?.string('description') ?? null,
      subscriptionData: {
        metadata: subscriptionData?.metadata() ?? {},
        applicationFeePercent: feePercent,
        description: subscriptionData?.string('description') ?? null,
        ...(trialDays ? { trialDays } : {}),
        ...(trialEnd ? { trialEnd } : {}),
      },
    });
    return expander.expand(caller.account, session, params.strings('expand'));
  });

  router.get('/v1/checkout/sessions/:id', ({ caller, params, path }) => {
    const record = sessionOf(path.id!, caller.account);
    const paths = params.strings('expand');
    const body = paths?.includes('line_items')
      ? {
          ...record.object,
          line_items: listOf(
            `/v1/checkout/sessions/${record.object.id}/line_items`,
            [...record.lineItems].reverse(),
            params,
          ),
        }
      : record.object;
    return expander.expand(
      caller.account,
      body,
      paths?.filter((p) => p !== 'line_items'),
    );
  });
  router.get('/v1/checkout/sessions/:id/line_items', ({ caller, params, path }) => {
    const record = sessionOf(path.id!, caller.account);
    return listOf(
      `/v1/checkout/sessions/${record.object.id}/line_items`,
      [...record.lineItems].reverse(),
      params,
    );
  });
  router.get('/v1/checkout/sessions', ({ caller, params }) => {
    params.only(
      words('customer payment_intent subscription status created limit starting_after ending_before expand'),
    );
    const status = params.oneOf('status', ['open', 'complete', 'expired'] as const);
    const paymentIntent = params.string('payment_intent');
    const subscription = params.string('subscription');
    const customer = params.string('customer');
    return listOf(
      '/v1/checkout/sessions',
      [...sessions.values()]
        .filter((r) => r.owner === caller.account)
        .map((r) => current(r).object)
        .filter(
          (s) =>
            (!status || s.status === status) &&
            (!paymentIntent || s.payment_intent === paymentIntent) &&
            (!subscription || s.subscription === subscription) &&
            (!customer || s.customer === customer),
        ),
      params,
    );
  });
  router.post('/v1/checkout/sessions/:id/expire', ({ caller, path }) => {
    const record = sessionOf(path.id!, caller.account);
    if (record.object.status !== 'open') {
      throw invalidRequest(
        `Only Checkout Sessions with a status in ["open"] can be expired. This Checkout Session has a status of "${record.object.status}".`,
      );
    }
    Object.assign(record.object, { status: 'expired', url: null });
    events.emit(record.owner, 'checkout.session.expired', record.object, { caller });
    return record.object;
  });

  // ---- Completing a session -------------------------------------------------------------------------

  function complete(record: SessionRecord, fields: Partial<CheckoutSession>, caller?: Caller) {
    Object.assign(record.object, { status: 'complete', url: null, ...fields });
    events.emit(record.owner, 'checkout.session.completed', record.object, { caller });
  }

  const successRedirect = (session: CheckoutSession) =>
    session.success_url!.replaceAll('{CHECKOUT_SESSION_ID}', session.id);

  /** The customer a session pays as: the one it was created for, or a new one with the buyer's email. */
  function customerFor(record: SessionRecord, email: string | null) {
    const { object: session, owner } = record;
    if (session.customer) return catalog.findCustomer(session.customer, owner)!;
    if (session.mode === 'payment' && session.customer_creation !== 'always') return null;
    return catalog.createCustomer(owner, { email });
  }

  // ---- The hosted page -------------------------------------------------------------------------------

  type PageRequest = { Params: { id: string } };
  const page = (reply: FastifyReply, record: SessionRecord, error: string | null = null, status = 200) => {
    const session = record.object;
    const merchant = state.accounts.get(record.owner)?.account;
    const merchantName =
      merchant?.settings.dashboard.display_name ?? merchant?.business_profile.name ?? 'this business';
    const recurring = record.lineItems.find((i) => i.price.recurring)?.price.recurring;
    const rows = record.lineItems
      .map(
        (i) =>
          `<tr><td>${escapeHtml(i.description)}${i.quantity > 1 ? ` × ${i.quantity}` : ''}${i.price.recurring?.usage_type === 'metered' ? ' (billed by usage)' : ''}</td><td class="amount">${formatAmount(i.amount_total, i.currency)}</td></tr>`,
      )
      .join('');
    const totalLabel = recurring ? `Total per ${recurring.interval}` : 'Total due';
    const trialEnd =
      record.subscriptionData.trialEnd ??
      (record.subscriptionData.trialDays
        ? session.created + record.subscriptionData.trialDays * 86_400
        : null);
    const perPeriod = record.lineItems.reduce((sum, i) => sum + i.amount_total, 0);
    const trialRow = trialEnd
      ? `<tr><td>Free trial until ${new Date(trialEnd * 1000).toISOString().slice(0, 10)}, then ${formatAmount(perPeriod, session.currency)} per ${recurring?.interval ?? 'month'}</td><td class="amount">Total due today ${formatAmount(0, session.currency)}</td></tr>`
      : '';
    return reply
      .status(status)
      .type('text/html; charset=utf-8')
      .send(
        simulatorPage(
          `Pay ${escapeHtml(merchantName)}`,
          `<table aria-label="Order summary"><tbody>${rows}<tr><th>${totalLabel}</th><th class="amount">${formatAmount(perPeriod, session.currency)}</th></tr>${trialRow}</tbody></table>
<form method="post" action="/c/pay/${escapeHtml(session.id)}">
<label for="email">Email</label><input id="email" name="email" type="email" autocomplete="email" value="${escapeHtml(session.customer_email ?? '')}" ${session.customer_email ? 'readonly' : ''}>
${cardFields(error)}
<div class="actions"><button class="primary" type="submit">${session.mode === 'subscription' ? 'Subscribe' : 'Pay'}</button></div></form>
${session.cancel_url ? `<p><a href="${escapeHtml(session.cancel_url)}">Back to ${escapeHtml(merchantName)}</a></p>` : ''}`,
        ),
      );
  };
  const gone = (reply: FastifyReply, title: string, message: string) =>
    reply
      .status(404)
      .type('text/html; charset=utf-8')
      .send(simulatorPage(title, `<p>${escapeHtml(message)}</p>`));
  const openRecord = (id: string, reply: FastifyReply) => {
    const record = sessions.get(id);
    if (!record)
      return void gone(reply, 'Something went wrong', 'The page you were looking for could not be found.');
    const session = current(record).object;
    if (session.status === 'complete') return void reply.redirect(successRedirect(session), 303);
    if (session.status === 'expired') {
      return void gone(
        reply,
        'This checkout session has expired',
        'Go back to the business and start again.',
      );
    }
    return record;
  };

  app.get<PageRequest>('/c/pay/:id', async (request, reply) => {
    const record = openRecord(request.params.id, reply);
    if (record) return page(reply, record);
    return reply;
  });

  app.post<PageRequest>('/c/pay/:id', async (request, reply) => {
    const record = openRecord(request.params.id, reply);
    if (!record) return reply;
    const form = (request.body ?? {}) as Record<string, unknown>;
    const read = readCardForm(form, new Date(state.now()));
    if ('error' in read) return page(reply, record, read.error, 400);
    const email =
      typeof form.email === 'string' && form.email.trim() ? form.email.trim() : record.object.customer_email;
    const session = record.object;
    if (session.mode === 'subscription' && read.card.decline) {
      // Checkout creates the subscription only once a payment can go through; a declined card leaves
      // the session open for another try.
      return page(reply, record, read.card.decline.message, 402);
    }
    const customer = customerFor(record, email);
    const method = payments.saveMethod(record.owner, read.card, customer?.id ?? null);
    if (customer && !customer.invoice_settings.default_payment_method) {
      customer.invoice_settings.default_payment_method = method.id;
    }
    const returnUrl = `${state.baseUrl()}/c/pay/${session.id}/return`;
    const details = {
      address: null,
      email,
      name: null,
      phone: null,
      tax_exempt: 'none' as const,
      tax_ids: [],
    };
    if (session.mode === 'payment') {
      const intent = payments.chargeSavedCard(record.owner, {
        paymentMethod: method.id,
        amount: session.amount_total,
        currency: session.currency,
        customer: customer?.id ?? null,
        description: record.paymentIntentDescription,
        metadata: record.paymentIntentMetadata,
        applicationFeeAmount: record.applicationFeeAmount,
        returnUrl,
      });
      Object.assign(session, {
        payment_intent: intent.id,
        customer: customer?.id ?? null,
        customer_details: details,
      });
      return afterPayment(
        reply,
        record,
        intent.status,
        intent.next_action,
        intent.last_payment_error?.message,
      );
    }
    const sub = billing.createSubscription(record.owner, {
      customer: customer!,
      items: record.lineItems.map((i) => ({
        price: i.price,
        ...(i.quantity ? { quantity: i.quantity } : {}),
      })),
      metadata: record.subscriptionData.metadata,
      description: record.subscriptionData.description,
      applicationFeePercent: record.subscriptionData.applicationFeePercent,
      trialDays: record.subscriptionData.trialDays,
      trialEnd: record.subscriptionData.trialEnd,
      payment: { paymentMethod: method.id, returnUrl },
    });
    const invoice = invoices.invoiceOf(sub.latest_invoice!, record.owner);
    const intentId = invoices.paymentIntentOf(invoice);
    const intent = intentId ? payments.intentOf(intentId)?.object : undefined;
    Object.assign(session, {
      subscription: sub.id,
      invoice: invoice.id,
      customer: customer!.id,
      customer_details: details,
    });
    if (invoice.status === 'paid') return afterPayment(reply, record, 'succeeded', null);
    return afterPayment(
      reply,
      record,
      intent?.status ?? 'requires_payment_method',
      intent?.next_action,
      intent?.last_payment_error?.message,
    );
  });

  /** Paid: complete and go to success_url. 3-D Secure: go authenticate. Declined: show why, stay open. */
  function afterPayment(
    reply: FastifyReply,
    record: SessionRecord,
    status: string,
    nextAction: unknown,
    declineMessage?: string,
  ) {
    const session = record.object;
    if (status === 'succeeded') {
      complete(record, { payment_status: session.amount_total === 0 ? 'no_payment_required' : 'paid' });
      return reply.redirect(successRedirect(session), 303);
    }
    const redirect = (nextAction as { redirect_to_url?: { url: string } } | null)?.redirect_to_url?.url;
    if (status === 'requires_action' && redirect) return reply.redirect(redirect, 303);
    return page(reply, record, declineMessage ?? 'Your card was declined.', 402);
  }

  // Back from 3-D Secure: the payment either went through or the buyer can try another card.
  app.get<PageRequest>('/c/pay/:id/return', async (request, reply) => {
    const record = openRecord(request.params.id, reply);
    if (!record) return reply;
    const session = record.object;
    if (session.mode === 'payment') {
      const intent = session.payment_intent ? payments.intentOf(session.payment_intent)?.object : undefined;
      return afterPayment(
        reply,
        record,
        intent?.status ?? 'requires_payment_method',
        null,
        intent?.last_payment_error?.message,
      );
    }
    const sub = billing.settleFirstInvoice(record.owner, session.subscription!);
    if (sub.status === 'active' || sub.status === 'trialing')
      return afterPayment(reply, record, 'succeeded', null);
    billing.expireIncomplete(record.owner, sub);
    Object.assign(session, { subscription: null, invoice: null });
    return page(
      reply,
      record,
      'We are unable to authenticate your payment method. Please choose a different payment method and try again.',
      402,
    );
  });
}
