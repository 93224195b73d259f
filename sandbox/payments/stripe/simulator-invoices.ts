import {
  billCustomerIn,
  checkCustomerCurrency,
  type Catalog,
  type Customer,
  type Price,
} from './simulator-catalog';
import {
  currencyParam,
  invalidRequest,
  resourceMissing,
  stripeId,
  words,
  type Caller,
} from './simulator-http';
import { listOf, ownedBy } from './simulator-lists';
import type { Payments } from './simulator-payments';
import type { StripeSimContext } from './simulator-state';

interface Period {
  start: number;
  end: number;
}

interface PriceDetails {
  type: 'price_details';
  price_details: { price: string; product: string };
  unit_amount_decimal: string;
}

export interface InvoiceItem {
  id: string;
  object: 'invoiceitem';
  amount: number;
  currency: string;
  customer: string;
  date: number;
  description: string | null;
  discountable: boolean;
  discounts: string[];
  invoice: string | null;
  livemode: false;
  metadata: Record<string, string>;
  parent: {
    type: 'subscription_details';
    subscription_details: { subscription: string; subscription_item: string | null };
  } | null;
  period: Period;
  pricing: PriceDetails | null;
  proration: boolean;
  quantity: number;
  tax_rates: never[];
  test_clock: string | null;
}

interface LineItem {
  id: string;
  object: 'line_item';
  amount: number;
  currency: string;
  description: string | null;
  discount_amounts: never[];
  discountable: boolean;
  discounts: never[];
  invoice: string;
  livemode: false;
  metadata: Record<string, string>;
  parent:
    | {
        type: 'subscription_item_details';
        subscription_item_details: {
          invoice_item: null;
          proration: boolean;
          proration_details: { credited_items: null };
          subscription: string;
          subscription_item: string;
        };
        invoice_item_details: null;
      }
    | {
        type: 'invoice_item_details';
        invoice_item_details: {
          invoice_item: string;
          proration: boolean;
          proration_details: { credited_items: null };
          subscription: string | null;
        };
        subscription_item_details: null;
      };
  period: Period;
  pretax_credit_amounts: never[];
  pricing: PriceDetails | null;
  quantity: number | null;
  subtotal: number;
  taxes: never[];
}

interface InvoicePayment {
  id: string;
  object: 'invoice_payment';
  amount_paid: number | null;
  amount_requested: number;
  created: number;
  currency: string;
  invoice: string;
  is_default: boolean;
  livemode: false;
  payment: { type: 'payment_intent'; payment_intent: string };
  status: 'open' | 'paid' | 'canceled';
  status_transitions: { canceled_at: number | null; paid_at: number | null };
}

export type BillingReason = 'subscription_create' | 'subscription_cycle' | 'subscription_update' | 'manual';

export interface Invoice {
  id: string;
  object: 'invoice';
  account_country: string | null;
  account_name: string | null;
  amount_due: number;
  amount_overpaid: number;
  amount_paid: number;
  amount_remaining: number;
  amount_shipping: number;
  application: null;
  attempt_count: number;
  attempted: boolean;
  auto_advance: boolean;
  automatic_tax: { enabled: false; liability: null; status: null };
  billing_reason: BillingReason;
  collection_method: 'charge_automatically' | 'send_invoice';
  created: number;
  currency: string;
  customer: string;
  customer_email: string | null;
  customer_name: string | null;
  default_payment_method: string | null;
  description: string | null;
  discounts: never[];
  due_date: number | null;
  effective_at: number | null;
  ending_balance: number | null;
  hosted_invoice_url: string | null;
  invoice_pdf: string | null;
  last_finalization_error: null;
  lines: { object: 'list'; data: LineItem[]; has_more: false; total_count: number; url: string };
  livemode: false;
  metadata: Record<string, string>;
  next_payment_attempt: number | null;
  number: string | null;
  parent: {
    type: 'subscription_details';
    subscription_details: { subscription: string; metadata: Record<string, string> };
    quote_details: null;
  } | null;
  payments: { object: 'list'; data: InvoicePayment[]; has_more: false; url: string };
  period_end: number;
  period_start: number;
  starting_balance: number;
  status: 'draft' | 'open' | 'paid' | 'uncollectible' | 'void';
  status_transitions: {
    finalized_at: number | null;
    marked_uncollectible_at: number | null;
    paid_at: number | null;
    voided_at: number | null;
  };
  subtotal: number;
  subtotal_excluding_tax: number;
  test_clock: string | null;
  total: number;
  total_discount_amounts: never[];
  total_excluding_tax: number;
  total_pretax_credit_amounts: never[];
  total_taxes: never[];
  webhooks_delivered_at: number | null;
}

/** One line an invoice is cut with (a subscription item's period, or usage on a metered price). */
export interface DraftLine {
  amount: number;
  description: string;
  price: Price;
  quantity: number | null;
  period: Period;
  proration: boolean;
  subscriptionItem: string;
}

/** How the card behind an invoice is charged: at once, or after 3-D Secure at `returnUrl`. */
export interface PaymentAttempt {
  paymentMethod: string | null;
  offSession: boolean;
  returnUrl?: string;
  applicationFeePercent?: number | null;
}

const INVOICE_CREATE = words(`
  customer pending_invoice_items_behavior collection_method days_until_due auto_advance currency
  description metadata subscription expand
`);

const INVOICE_ITEM_CREATE = words(`
  customer amount currency description price pricing quantity subscription invoice metadata period
  expand
`);

/** What the PaymentIntent paying an invoice is described as, by why the invoice was cut. */
const PAYMENT_DESCRIPTION: Record<BillingReason, string> = {
  subscription_create: 'Subscription creation',
  subscription_cycle: 'Subscription update',
  subscription_update: 'Subscription update',
  manual: 'Payment for Invoice',
};

const DAY_SECONDS = 24 * 60 * 60;

const invoiceDate = (seconds: number) =>
  new Date(seconds * 1000).toLocaleDateString('en-GB', { day: 'numeric', month: 'short', year: 'numeric' });

/**
 * Invoices (cut by subscriptions, paid with the customer's card, with their `invoice.*` events) and
 * Invoice Items: amounts added to a customer that wait, pending, for the next invoice.
 */
export function registerInvoices(
  ctx: StripeSimContext,
  deps: { catalog: Catalog; payments: Payments; customerNow(customer: Customer): number },
) {
  const { router, state, events, sim, expander } = ctx;
  const { catalog, payments } = deps;
  const { invoices, invoiceItems, sequences } = sim.keep('invoices', () => ({
    invoices: new Map<string, { owner: string; object: Invoice }>(),
    invoiceItems: new Map<string, { owner: string; object: InvoiceItem }>(),
    /** The next invoice number per customer prefix. */
    sequences: new Map<string, number>(),
  }));
  expander.register('in', (id, account) => {
    const record = invoices.get(id);
    return record?.owner === account ? record.object : undefined;
  });

  const invoiceOf = (id: string, account: string, param = 'invoice') => {
    const record = invoices.get(id);
    if (!record || record.owner !== account) throw resourceMissing('invoice', id, param);
    return record.object;
  };

  // ---- Invoice items ---------------------------------------------------------------------------------

  function addInvoiceItem(
    account: string,
    input: {
      customer: Customer;
      amount: number;
      currency: string;
      description: string | null;
      price?: Price;
      quantity?: number;
      period?: Period;
      proration?: boolean;
      subscription?: { id: string; item: string | null };
      metadata?: Record<string, string>;
    },
    caller?: Caller,
  ): InvoiceItem {
    billCustomerIn(input.customer, input.currency);
    const now = deps.customerNow(input.customer);
    const item: InvoiceItem = {
      id: stripeId('ii'),
      object: 'invoiceitem',
      amount: input.amount,
      currency: input.currency,
      customer: input.customer.id,
      date: now,
      description: input.description,
      discountable: !input.proration,
      discounts: [],
      invoice: null,
      livemode: false,
      metadata: input.metadata ?? {},
      parent: input.subscription
        ? {
            type: 'subscription_details',
            subscription_details: {
              subscription: input.subscription.id,
              subscription_item: input.subscription.item,
            },
          }
        : null,
      period: input.period ?? { start: now, end: now },
      pricing: input.price
        ? {
            type: 'price_details',
            price_details: { price: input.price.id, product: input.price.product },
            unit_amount_decimal: String(input.price.unit_amount),
          }
        : null,
      proration: input.proration ?? false,
      quantity: input.quantity ?? 1,
      tax_rates: [],
      test_clock: input.customer.test_clock,
    };
    invoiceItems.set(item.id, { owner: account, object: item });
    events.emit(account, 'invoiceitem.created', item, { caller });
    return item;
  }

  router.post('/v1/invoiceitems', ({ caller, params }) => {
    params.only(INVOICE_ITEM_CREATE);
    const customer = catalog.customerOf(params.requiredString('customer'), caller.account, 'customer', 400);
    const priceId = params.string('price') ?? params.object('pricing')?.string('price');
    const price = priceId ? catalog.priceOf(priceId, caller.account, 'price', 400) : undefined;
    const quantity = params.int('quantity') ?? 1;
    let amount: number;
    let currency: string;
    if (price) {
      amount = price.unit_amount * quantity;
      currency = price.currency;
    } else {
      amount = params.requiredInt('amount');
      currency = currencyParam(params);
    }
    const subscription = params.string('subscription');
    if (params.string('invoice')) {
      throw invalidRequest(
        'This simulator adds invoice items to the next invoice only; `invoice` (a draft invoice) is not supported.',
        { param: 'invoice' },
      );
    }
    const period = params.object('period');
    const item = addInvoiceItem(
      caller.account,
      {
        customer,
        amount,
        currency,
        description: params.string('description') ?? null,
        price,
        quantity,
        period: period ? { start: period.requiredInt('start'), end: period.requiredInt('end') } : undefined,
        subscription: subscription ? { id: subscription, item: null } : undefined,
        metadata: params.metadata(),
      },
      caller,
    );
    return expander.expand(caller.account, item, params.strings('expand'));
  });
  router.get('/v1/invoiceitems', ({ caller, params }) => {
    params.only(words('customer invoice pending created limit starting_after ending_before expand'));
    const customer = params.string('customer');
    const invoice = params.string('invoice');
    const pending = params.bool('pending');
    return listOf(
      '/v1/invoiceitems',
      ownedBy(invoiceItems, caller.account).filter(
        (i) =>
          (!customer || i.customer === customer) &&
          (!invoice || i.invoice === invoice) &&
          (pending === undefined || (i.invoice === null) === pending),
      ),
      params,
    );
  });
  router.get('/v1/invoiceitems/:id', ({ caller, path }) => {
    const record = invoiceItems.get(path.id!);
    if (!record || record.owner !== caller.account) throw resourceMissing('invoiceitem', path.id!, 'id');
    return record.object;
  });
  router.delete('/v1/invoiceitems/:id', ({ caller, path }) => {
    const record = invoiceItems.get(path.id!);
    if (!record || record.owner !== caller.account) throw resourceMissing('invoiceitem', path.id!, 'id');
    if (record.object.invoice) {
      throw invalidRequest('This invoice item is already attached to an invoice and cannot be deleted.');
    }
    invoiceItems.delete(path.id!);
    return { id: path.id, object: 'invoiceitem', deleted: true };
  });

  // ---- Invoices --------------------------------------------------------------------------------------

  /**
   * A draft invoice for the customer: `lines` (a subscription's items), then every pending invoice item of
   * the customer in the invoice's currency that belongs to the same subscription or to none, as Stripe
   * sweeps them onto the next invoice (or onto an invoice created with `pending_invoice_items_behavior`
   * include). The draft has no number yet and applies no balance: finalizing does both.
   */
  function draftInvoice(
    account: string,
    input: {
      customer: Customer;
      subscription: { id: string; metadata: Record<string, string> } | null;
      currency: string;
      billingReason: BillingReason;
      lines: DraftLine[];
      period: Period;
      includePending: boolean;
      collection?: { method: 'send_invoice'; daysUntilDue: number } | null;
      autoAdvance?: boolean;
      description?: string | null;
      metadata?: Record<string, string>;
    },
  ): Invoice {
    const { customer } = input;
    const now = deps.customerNow(customer);
    const id = stripeId('in');
    const lineOf = (
      fields: Omit<
        LineItem,
        | 'id'
        | 'object'
        | 'invoice'
        | 'livemode'
        | 'discount_amounts'
        | 'discounts'
        | 'pretax_credit_amounts'
        | 'taxes'
        | 'metadata'
        | 'subtotal'
        | 'currency'
      >,
    ): LineItem => ({
      id: stripeId('il'),
      object: 'line_item',
      currency: input.currency,
      discount_amounts: [],
      discounts: [],
      invoice: id,
      livemode: false,
      metadata: {},
      pretax_credit_amounts: [],
      subtotal: fields.amount,
      taxes: [],
      ...fields,
    });
    const lines: LineItem[] = input.lines.map((line) =>
      lineOf({
        amount: line.amount,
        description: line.description,
        discountable: !line.proration,
        parent: {
          type: 'subscription_item_details',
          subscription_item_details: {
            invoice_item: null,
            proration: line.proration,
            proration_details: { credited_items: null },
            subscription: input.subscription!.id,
            subscription_item: line.subscriptionItem,
          },
          invoice_item_details: null,
        },
        period: line.period,
        pricing: {
          type: 'price_details',
          price_details: { price: line.price.id, product: line.price.product },
          unit_amount_decimal: String(line.price.unit_amount),
        },
        quantity: line.quantity,
      }),
    );
    const pending = input.includePending
      ? [...invoiceItems.values()].filter(
          ({ owner, object }) =>
            owner === account &&
            object.customer === customer.id &&
            object.invoice === null &&
            object.currency === input.currency &&
            (object.parent === null ||
              object.parent.subscription_details.subscription === input.subscription?.id),
        )
      : [];
    for (const { object: item } of pending) {
      item.invoice = id;
      lines.push(
        lineOf({
          amount: item.amount,
          description: item.description,
          discountable: item.discountable,
          parent: {
            type: 'invoice_item_details',
            invoice_item_details: {
              invoice_item: item.id,
              proration: item.proration,
              proration_details: { credited_items: null },
              subscription: item.parent?.subscription_details.subscription ?? null,
            },
            subscription_item_details: null,
          },
          period: item.period,
          pricing: item.pricing,
          quantity: item.quantity,
        }),
      );
    }
    const total = lines.reduce((sum, line) => sum + line.amount, 0);
    const accountName = state.accounts.get(account)?.account;
    const invoice: Invoice = {
      id,
      object: 'invoice',
      account_country: accountName?.country ?? null,
      account_name: accountName?.business_profile.name ?? null,
      amount_due: total,
      amount_overpaid: 0,
      amount_paid: 0,
      amount_remaining: total,
      amount_shipping: 0,
      application: null,
      attempt_count: 0,
      attempted: false,
      auto_advance: input.autoAdvance ?? true,
      automatic_tax: { enabled: false, liability: null, status: null },
      billing_reason: input.billingReason,
      collection_method: input.collection?.method ?? 'charge_automatically',
      created: now,
      currency: input.currency,
      customer: customer.id,
      customer_email: customer.email,
      customer_name: customer.name,
      default_payment_method: null,
      description: input.description ?? null,
      discounts: [],
      due_date: input.collection ? now + input.collection.daysUntilDue * DAY_SECONDS : null,
      effective_at: null,
      ending_balance: null,
      hosted_invoice_url: null,
      invoice_pdf: null,
      last_finalization_error: null,
      lines: {
        object: 'list',
        data: lines,
        has_more: false,
        total_count: lines.length,
        url: `/v1/invoices/${id}/lines`,
      },
      livemode: false,
      metadata: input.metadata ?? {},
      next_payment_attempt: null,
      number: null,
      parent: input.subscription
        ? {
            type: 'subscription_details',
            subscription_details: {
              subscription: input.subscription.id,
              metadata: { ...input.subscription.metadata },
            },
            quote_details: null,
          }
        : null,
      payments: { object: 'list', data: [], has_more: false, url: `/v1/invoice_payments?invoice=${id}` },
      period_end: input.period.end,
      period_start: input.period.start,
      starting_balance: 0,
      status: 'draft',
      status_transitions: {
        finalized_at: null,
        marked_uncollectible_at: null,
        paid_at: null,
        voided_at: null,
      },
      subtotal: total,
      subtotal_excluding_tax: total,
      test_clock: customer.test_clock,
      total,
      total_discount_amounts: [],
      total_excluding_tax: total,
      total_pretax_credit_amounts: [],
      total_taxes: [],
      webhooks_delivered_at: null,
    };
    invoices.set(id, { owner: account, object: invoice });
    events.emit(account, 'invoice.created', invoice);
    return invoice;
  }

  /**
   * Draft to open: the invoice gets its number, its hosted page and (when sent) its due date, and the
   * customer's credit balance (negative) is applied; a negative total becomes credit. An invoice with
   * nothing left to pay is paid at once, as Stripe marks a zero-amount invoice paid on finalization.
   */
  function finalizeInvoice(account: string, invoice: Invoice): Invoice {
    const customer = catalog.findCustomer(invoice.customer, account)!;
    const now = deps.customerNow(customer);
    const startingBalance = customer.balance;
    const amountDue = Math.max(0, invoice.total + startingBalance);
    const endingBalance = Math.min(0, invoice.total + startingBalance);
    const sequence = sequences.get(customer.invoice_prefix) ?? 1;
    sequences.set(customer.invoice_prefix, sequence + 1);
    Object.assign(invoice, {
      status: 'open',
      number: `${customer.invoice_prefix}-${String(sequence).padStart(4, '0')}`,
      hosted_invoice_url: `${state.baseUrl()}/i/${invoice.id}`,
      amount_due: amountDue,
      amount_remaining: amountDue,
      starting_balance: startingBalance,
      ending_balance: endingBalance,
      effective_at: now,
      webhooks_delivered_at: now,
    });
    invoice.status_transitions.finalized_at = now;
    customer.balance = endingBalance;
    events.emit(account, 'invoice.finalized', invoice);
    if (amountDue === 0) markPaid(account, invoice, null);
    return invoice;
  }

  /** Cuts, finalizes and tries to pay an invoice for a subscription (with the customer's pending items). */
  function cutInvoice(
    account: string,
    input: {
      customer: Customer;
      subscription: { id: string; metadata: Record<string, string> };
      currency: string;
      billingReason: BillingReason;
      lines: DraftLine[];
      period: Period;
      payment: PaymentAttempt;
    },
  ): Invoice {
    const invoice = finalizeInvoice(account, draftInvoice(account, { ...input, includePending: true }));
    if (invoice.status !== 'paid') attemptPayment(account, invoice, input.payment);
    return invoice;
  }

  function markPaid(account: string, invoice: Invoice, amountPaid: number | null) {
    const now = deps.customerNow(catalog.findCustomer(invoice.customer, account)!);
    Object.assign(invoice, {
      status: 'paid',
      amount_paid: amountPaid ?? 0,
      amount_remaining: 0,
      next_payment_attempt: null,
    });
    invoice.status_transitions.paid_at = now;
    const payment = invoice.payments.data.at(-1);
    if (payment && amountPaid !== null) {
      Object.assign(payment, { status: 'paid', amount_paid: amountPaid });
      payment.status_transitions.paid_at = now;
    }
    events.emit(account, 'invoice.paid', invoice);
    events.emit(account, 'invoice.payment_succeeded', invoice);
  }

  /** Charges the invoice's amount due to the card; the outcome is read back with `settle`. */
  function attemptPayment(account: string, invoice: Invoice, attempt: PaymentAttempt) {
    Object.assign(invoice, { attempted: true, attempt_count: invoice.attempt_count + 1 });
    if (!attempt.paymentMethod) {
      events.emit(account, 'invoice.payment_failed', invoice);
      return;
    }
    const fee = attempt.applicationFeePercent
      ? Math.floor((invoice.amount_due * attempt.applicationFeePercent) / 100)
      : null;
    const intent = payments.chargeSavedCard(account, {
      paymentMethod: attempt.paymentMethod,
      amount: invoice.amount_due,
      currency: invoice.currency,
      customer: invoice.customer,
      description: PAYMENT_DESCRIPTION[invoice.billing_reason],
      metadata: {},
      applicationFeeAmount: fee,
      returnUrl: attempt.returnUrl,
      offSession: attempt.offSession,
      setUpForLater: invoice.billing_reason === 'subscription_create',
    });
    invoice.payments.data.push({
      id: stripeId('inpay'),
      object: 'invoice_payment',
      amount_paid: null,
      amount_requested: invoice.amount_due,
      created: intent.created,
      currency: invoice.currency,
      invoice: invoice.id,
      is_default: true,
      livemode: false,
      payment: { type: 'payment_intent', payment_intent: intent.id },
      status: 'open',
      status_transitions: { canceled_at: null, paid_at: null },
    });
    settle(account, invoice);
  }

  /**
   * Reads the invoice's latest PaymentIntent: succeeded pays it; a decline fails it (with
   * `invoice.payment_failed`); one still waiting for 3-D Secure leaves it open. Returns the status.
   */
  function settle(account: string, invoice: Invoice): 'paid' | 'failed' | 'requires_action' {
    if (invoice.status === 'paid') return 'paid';
    const paymentIntent = invoice.payments.data.at(-1)?.payment.payment_intent;
    const intent = paymentIntent ? payments.intentOf(paymentIntent)?.object : undefined;
    if (intent?.status === 'succeeded') {
      markPaid(account, invoice, intent.amount_received);
      return 'paid';
    }
    if (intent?.status === 'requires_action') return 'requires_action';
    events.emit(account, 'invoice.payment_failed', invoice);
    return 'failed';
  }

  router.get('/v1/invoices', ({ caller, params }) => {
    params.only(
      words(
        'customer subscription status collection_method created due_date limit starting_after ending_before expand',
      ),
    );
    const customer = params.string('customer');
    const subscription = params.string('subscription');
    const status = params.oneOf('status', ['draft', 'open', 'paid', 'uncollectible', 'void'] as const);
    const page = listOf(
      '/v1/invoices',
      ownedBy(invoices, caller.account).filter(
        (i) =>
          (!customer || i.customer === customer) &&
          (!subscription || i.parent?.subscription_details.subscription === subscription) &&
          (!status || i.status === status),
      ),
      params,
    );
    return expander.expand(caller.account, page, params.strings('expand'));
  });
  router.get('/v1/invoices/:id', ({ caller, params, path }) =>
    expander.expand(caller.account, invoiceOf(path.id!, caller.account), params.strings('expand')),
  );
  router.get('/v1/invoices/:id/lines', ({ caller, params, path }) =>
    listOf(
      `/v1/invoices/${path.id}/lines`,
      [...invoiceOf(path.id!, caller.account).lines.data].reverse(),
      params,
    ),
  );

  // A one-off invoice (no subscription): what a business creates to bill a customer's pending items.
  router.post('/v1/invoices', ({ caller, params }) => {
    params.only(INVOICE_CREATE);
    const customer = catalog.customerOf(params.requiredString('customer'), caller.account, 'customer', 400);
    if (params.has('subscription')) {
      throw invalidRequest(
        'This simulator creates one-off invoices only; subscriptions cut their own invoices.',
        { param: 'subscription' },
      );
    }
    // Stripe's default since API version 2022-08-01 is `exclude`.
    const behavior = params.oneOf('pending_invoice_items_behavior', ['exclude', 'include'] as const);
    const method = params.oneOf('collection_method', ['charge_automatically', 'send_invoice'] as const);
    const days = params.int('days_until_due');
    if (method === 'send_invoice' && days === undefined) {
      throw invalidRequest(
        'Invoices with collection_method=send_invoice require either due_date or days_until_due to be set. This simulator takes days_until_due.',
        { param: 'days_until_due' },
      );
    }
    if (method !== 'send_invoice' && days !== undefined) {
      throw invalidRequest('days_until_due can only be set when collection_method is send_invoice.', {
        param: 'days_until_due',
      });
    }
    if (days !== undefined && days < 0) {
      throw invalidRequest('days_until_due must be a non-negative integer.', { param: 'days_until_due' });
    }
    const currency = params.has('currency')
      ? currencyParam(params)
      : (customer.currency ?? state.accounts.get(caller.account)!.account.default_currency);
    checkCustomerCurrency(customer, currency);
    const now = deps.customerNow(customer);
    const invoice = draftInvoice(caller.account, {
      customer,
      subscription: null,
      currency,
      billingReason: 'manual',
      lines: [],
      period: { start: now, end: now },
      includePending: behavior === 'include',
      collection: method === 'send_invoice' ? { method, daysUntilDue: days! } : null,
      autoAdvance: params.bool('auto_advance') ?? false,
      description: params.string('description') ?? null,
      metadata: params.metadata(),
    });
    return expander.expand(caller.account, invoice, params.strings('expand'));
  });

  router.post('/v1/invoices/:id/finalize', ({ caller, params, path }) => {
    params.only(words('auto_advance expand'));
    const invoice = invoiceOf(path.id!, caller.account, 'id');
    if (invoice.status !== 'draft') {
      throw invalidRequest("This invoice is already finalized, you can't re-finalize a non-draft invoice.", {
        code: 'invoice_not_editable',
      });
    }
    const autoAdvance = params.bool('auto_advance');
    if (autoAdvance !== undefined) invoice.auto_advance = autoAdvance;
    finalizeInvoice(caller.account, invoice);
    return expander.expand(caller.account, invoice, params.strings('expand'));
  });

  // Emails the invoice's hosted page to the customer; in test mode Stripe sends no email, only the event.
  router.post('/v1/invoices/:id/send', ({ caller, params, path }) => {
    params.only(words('expand'));
    const invoice = invoiceOf(path.id!, caller.account, 'id');
    if (invoice.collection_method !== 'send_invoice') {
      throw invalidRequest(
        "You can only manually send an invoice if its collection method is 'send_invoice'.",
      );
    }
    if (invoice.status !== 'open') {
      throw invalidRequest(`You can only send an open invoice; this one is ${invoice.status}.`, {
        code: 'invoice_not_editable',
      });
    }
    events.emit(caller.account, 'invoice.sent', invoice);
    return expander.expand(caller.account, invoice, params.strings('expand'));
  });

  /** `void` and `mark_uncollectible`: both close an open invoice without payment. */
  const closing = {
    void: { status: 'void', transition: 'voided_at', event: 'invoice.voided' },
    mark_uncollectible: {
      status: 'uncollectible',
      transition: 'marked_uncollectible_at',
      event: 'invoice.marked_uncollectible',
    },
  } as const;
  for (const [action, close] of Object.entries(closing)) {
    router.post(`/v1/invoices/:id/${action}`, ({ caller, params, path }) => {
      params.only(words('expand'));
      const invoice = invoiceOf(path.id!, caller.account, 'id');
      // An uncollectible invoice can still be voided; nothing else but an open one closes.
      const closable = invoice.status === 'open' || (action === 'void' && invoice.status === 'uncollectible');
      if (!closable) {
        throw invalidRequest(
          `You can only ${action.replace('_', ' ')} an open invoice; this one is ${invoice.status}.`,
          {
            code: 'invoice_not_editable',
          },
        );
      }
      invoice.status = close.status;
      invoice.status_transitions[close.transition] = deps.customerNow(
        catalog.findCustomer(invoice.customer, caller.account)!,
      );
      invoice.next_payment_attempt = null;
      events.emit(caller.account, close.event, invoice);
      return expander.expand(caller.account, invoice, params.strings('expand'));
    });
  }

  return {
    addInvoiceItem,
    cutInvoice,
    settle,
    attemptPayment,
    invoiceOf,
    /** Any account's invoice: its hosted page is reached by its unguessable id alone, as on Stripe. */
    findInvoice: (id: string) => invoices.get(id)?.object,
    /** The account an invoice belongs to. */
    ownerOf: (id: string) => invoices.get(id)?.owner,
    invoicesOf: (account: string, customer: string) =>
      [...invoices.values()]
        .filter(({ owner, object }) => owner === account && object.customer === customer)
        .map(({ object }) => object),
    /** The invoice's latest PaymentIntent id (what a hosted page sends through 3-D Secure). */
    paymentIntentOf: (invoice: Invoice) => invoice.payments.data.at(-1)?.payment.payment_intent ?? null,
    formatDate: invoiceDate,
  };
}

export type Invoices = ReturnType<typeof registerInvoices>;
