import type { Ledger } from './simulator-balance';
import { NO_BILLING, testCardFor, type CardDetails, type TestCard } from './simulator-cards';
import {
  applicationFeeNotAllowed,
  currencyParam,
  invalidRequest,
  resourceMissing,
  StripeSimError,
  stripeId,
  type Caller,
  type Params,
  words,
} from './simulator-http';
import { hiddenFields, simulatorPage } from './simulator-pages';
import { metadataQuery } from './simulator-search';
import type { StripeSimContext } from './simulator-state';
import { registerSharedPaymentTokens, type TokenRecord } from './simulator-tokens';

type PaymentIntentStatus =
  | 'requires_payment_method'
  | 'requires_confirmation'
  | 'requires_action'
  | 'processing'
  | 'requires_capture'
  | 'canceled'
  | 'succeeded';

interface PaymentMethod {
  id: string;
  object: 'payment_method';
  billing_details: typeof NO_BILLING;
  card: CardDetails;
  created: number;
  customer: string | null;
  livemode: false;
  metadata: Record<string, string>;
  shared_payment_granted_token?: string;
  type: 'card';
}

interface PaymentMethodRecord {
  owner: string;
  method: PaymentMethod;
  behaviour: TestCard;
  /** The Shared Payment Token it was made from, by id: the token's record is the token store's alone. */
  tokenId: string | null;
}

interface CardErrorFields {
  type: 'card_error';
  code: string;
  decline_code: string;
  message: string;
  charge: string;
  payment_method: PaymentMethod;
  advice_code?: string;
}

interface PaymentIntent {
  id: string;
  object: 'payment_intent';
  allowed_payment_method_types: string[] | null;
  amount: number;
  amount_capturable: number;
  amount_details: { tip: Record<string, never> };
  amount_received: number;
  application: null;
  application_fee_amount: number | null;
  automatic_payment_methods: { enabled: boolean; allow_redirects?: 'always' | 'never' } | null;
  canceled_at: number | null;
  cancellation_reason: string | null;
  capture_method: 'automatic' | 'automatic_async' | 'manual';
  client_secret: string;
  confirmation_method: 'automatic' | 'manual';
  created: number;
  currency: string;
  customer: string | null;
  description: string | null;
  excluded_payment_method_types: string[] | null;
  last_payment_error: CardErrorFields | null;
  latest_charge: string | null;
  livemode: false;
  metadata: Record<string, string>;
  next_action: unknown;
  on_behalf_of: string | null;
  payment_method: string | null;
  payment_method_options: { card: { request_three_d_secure: 'automatic' } };
  payment_method_types: string[];
  processing: null;
  receipt_email: string | null;
  review: null;
  setup_future_usage: string | null;
  shipping: null;
  statement_descriptor: string | null;
  statement_descriptor_suffix: string | null;
  status: PaymentIntentStatus;
  transfer_data: null;
  transfer_group: string | null;
}

/** A charge, as the refunds module changes it. */
export interface Charge {
  id: string;
  object: 'charge';
  amount: number;
  amount_captured: number;
  amount_refunded: number;
  application_fee: string | null;
  application_fee_amount: number | null;
  balance_transaction: string | null;
  captured: boolean;
  created: number;
  currency: string;
  customer: string | null;
  description: string | null;
  failure_code: string | null;
  failure_message: string | null;
  livemode: false;
  metadata: Record<string, string>;
  outcome: {
    network_status: string;
    reason: string | null;
    risk_level: 'normal';
    seller_message: string;
    type: string;
  };
  paid: boolean;
  payment_intent: string;
  payment_method: string;
  payment_method_details: { type: 'card'; card: CardDetails };
  refunded: boolean;
  status: 'succeeded' | 'failed';
}

/** A refund as a world saved it when this module kept refunds (the refunds module reads it). */
export interface SavedRefund {
  owner: string;
  object: { id: string; charge: string } & Record<string, unknown>;
}

interface Owned<T> {
  owner: string;
  object: T;
}

// The parameters each endpoint knows. `payment_method_types` became `allowed_payment_method_types` in
// API version 2026-09-30 and both are read; `shared_payment_granted_token` and `shared_payment_token` are
// the older spellings of the token parameter.
const PAYMENT_INTENT_CREATE = words(`
  amount currency confirm capture_method confirmation_method payment_method payment_method_data
  payment_method_types allowed_payment_method_types payment_method_options
  automatic_payment_methods amount_details confirmation_token customer_account hooks mandate
  payment_details payment_method_configuration customer description metadata receipt_email
  return_url off_session error_on_requires_action statement_descriptor statement_descriptor_suffix
  shipping application_fee_amount on_behalf_of transfer_data transfer_group setup_future_usage
  expand mandate_data radar_options use_stripe_sdk excluded_payment_method_types
  shared_payment_granted_token shared_payment_token
`);
const PAYMENT_INTENT_CONFIRM = words(`
  payment_method payment_method_data payment_method_types allowed_payment_method_types
  excluded_payment_method_types confirmation_token payment_details payment_method_options
  return_url capture_method off_session error_on_requires_action receipt_email shipping
  setup_future_usage mandate_data radar_options use_stripe_sdk expand shared_payment_granted_token
  shared_payment_token
`);
const PAYMENT_INTENT_UPDATE = words(`
  amount currency customer description metadata payment_method payment_method_types
  allowed_payment_method_types excluded_payment_method_types amount_details payment_details
  payment_method_options receipt_email setup_future_usage shipping statement_descriptor
  statement_descriptor_suffix capture_method application_fee_amount transfer_group expand
`);

const PAYMENT_INTENT_CAPTURE = words(`
  amount_to_capture application_fee_amount final_capture metadata statement_descriptor
  statement_descriptor_suffix transfer_data expand
`);
/** Stripe's minimum charge amounts for the currencies merchants here use most. */
const MINIMUM_AMOUNT: Record<string, [symbol: string, minor: number]> = {
  usd: ['$', 50],
  eur: ['€', 50],
  gbp: ['£', 30],
  cad: ['$', 50],
  aud: ['$', 50],
  chf: ['CHF ', 50],
};
const MAXIMUM_AMOUNT = 99_999_999;

const CANCELABLE: PaymentIntentStatus[] = [
  'requires_payment_method',
  'requires_capture',
  'requires_confirmation',
  'requires_action',
  'processing',
];
const CONFIRMABLE: PaymentIntentStatus[] = [
  'requires_confirmation',
  'requires_payment_method',
  'requires_action',
];
const AMOUNT_UPDATABLE: PaymentIntentStatus[] = [
  'requires_payment_method',
  'requires_confirmation',
  'requires_action',
];

function validAmount(amount: number, currency: string, param = 'amount'): number {
  const [symbol, minimum] = MINIMUM_AMOUNT[currency] ?? ['', 1];
  if (amount < minimum) {
    throw invalidRequest(`Amount must be at least ${symbol}${(minimum / 100).toFixed(2)} ${currency}`, {
      code: 'amount_too_small',
      param,
    });
  }
  if (amount > MAXIMUM_AMOUNT) {
    throw invalidRequest(`Amount must be no more than ${MAXIMUM_AMOUNT}`, {
      code: 'amount_too_large',
      param,
    });
  }
  return amount;
}

const unexpectedState = (message: string) =>
  invalidRequest(message, { code: 'payment_intent_unexpected_state' });

/** What will pay a PaymentIntent: a payment method, and the token it came from when there is one. */
interface Source {
  method: PaymentMethodRecord;
  /** The request parameter that named the token (for error messages). */
  tokenParam: string | null;
}

/**
 * PaymentIntents, their charges, and payment methods, with Stripe's status
 * transitions. Tokens are redeemed through the Shared Payment Token store, which enforces their limits.
 */
export function registerPayments(
  ctx: StripeSimContext,
  opts: {
    sptAccountScoping: boolean;
    ledger: Ledger;
    /** A direct charge on a connected account: the Stripe-Account header, or the account's OAuth key. */
    isDirectCharge(caller: Caller): boolean;
  },
) {
  const { router, state, events, sim, app, expander } = ctx;
  const { ledger } = opts;
  const savedRefunds: SavedRefund[] = [];
  const { intents, charges, methods, authenticated } = sim.keep(
    'payments',
    () => ({
      intents: new Map<string, Owned<PaymentIntent>>(),
      charges: new Map<string, Owned<Charge>>(),
      methods: new Map<string, PaymentMethodRecord>(),
      /** 3-D Secure completed for these PaymentIntents (the next confirmation goes through). */
      authenticated: new Set<string>(),
    }),
    // Saved before payment methods named their token by id, they held the token's record itself.
    (saved) => {
      let changed = false;
      // Saved before refunds had a module of their own, they were kept here: handed over to it.
      const legacy = saved as typeof saved & { refunds?: Map<string, SavedRefund> };
      if (legacy.refunds) {
        savedRefunds.push(...legacy.refunds.values());
        delete legacy.refunds;
        changed = true;
      }
      for (const record of saved.methods.values()) {
        const old = record as PaymentMethodRecord & { token?: TokenRecord | null };
        if (old.token === undefined) continue;
        record.tokenId = old.token?.token.id ?? null;
        delete old.token;
        changed = true;
      }
      return changed;
    },
  );
  /** Bound once the refunds module exists (it needs this one's charges first). */
  const late: { refundList?: (chargeId: string, account: string) => unknown } = {};
  const tokens = registerSharedPaymentTokens(ctx, {
    accountScoping: opts.sptAccountScoping,
    behaviourOf: (pm) => testCardFor(pm) ?? methods.get(pm)?.behaviour,
  });

  // ---- Payment methods ------------------------------------------------------------------------------

  const tokenOf = (record: PaymentMethodRecord | undefined) =>
    record?.tokenId ? tokens.find(record.tokenId, record.owner) : null;

  function newMethod(owner: string, behaviour: TestCard, token: TokenRecord | null): PaymentMethodRecord {
    const method: PaymentMethod = {
      id: stripeId('pm'),
      object: 'payment_method',
      billing_details: { ...NO_BILLING },
      card: { ...behaviour.card },
      created: state.nowSeconds(),
      customer: null,
      livemode: false,
      metadata: {},
      ...(token ? { shared_payment_granted_token: token.token.id } : {}),
      type: 'card',
    };
    return { owner, method, behaviour, tokenId: token?.token.id ?? null };
  }

  /** A `pm_card_*` alias makes a fresh payment method each time; a `pm_…` id must be the caller's own. */
  function methodById(id: string, account: string, param: string): PaymentMethodRecord {
    const alias = testCardFor(id);
    if (alias) return newMethod(account, alias, null);
    const record = methods.get(id);
    if (!record || record.owner !== account) throw resourceMissing('PaymentMethod', id, param, 400);
    return record;
  }

  /** The payment source a create/confirm names, in any of the three token spellings. */
  function sourceOf(params: Params, account: string): Source | null {
    const data = params.object('payment_method_data');
    const named: [string, string | undefined][] = [
      ['payment_method_data[shared_payment_granted_token]', data?.string('shared_payment_granted_token')],
      ['shared_payment_granted_token', params.string('shared_payment_granted_token')],
      ['shared_payment_token', params.string('shared_payment_token')],
    ];
    const [tokenParam, tokenId] = named.find(([, id]) => id !== undefined) ?? [null, undefined];
    if (tokenParam && tokenId) {
      const record = tokens.find(tokenId, account);
      if (!record) throw resourceMissing('shared_payment_granted_token', tokenId, tokenParam, 400);
      return { method: newMethod(account, record.behaviour, record), tokenParam };
    }
    const pm = params.string('payment_method');
    if (pm) return { method: methodById(pm, account, 'payment_method'), tokenParam: null };
    if (data) {
      const cardToken = data.object('card')?.string('token');
      if (data.string('type') === 'card' && cardToken) {
        const alias = testCardFor(cardToken);
        if (!alias) throw resourceMissing('token', cardToken, 'payment_method_data[card][token]', 400);
        return { method: newMethod(account, alias, null), tokenParam: null };
      }
      throw invalidRequest(
        'This simulator accepts test payment methods (pm_card_…), test card tokens (tok_…) and shared payment granted tokens (spt_…) only.',
        { param: 'payment_method_data' },
      );
    }
    return null;
  }

  // ---- PaymentIntents -------------------------------------------------------------------------------

  const findIntent = (id: string, account: string) => {
    const record = intents.get(id);
    if (!record || record.owner !== account) throw resourceMissing('payment_intent', id, 'intent');
    return record.object;
  };

  /**
   * The application fee a request sets, refused as Stripe refuses it unless the payment is a direct
   * charge on a connected account or a destination charge (`transfer_data[destination]`).
   */
  function applicationFeeOf(params: Params, caller: Caller, destination: string | undefined) {
    const fee = params.int('application_fee_amount');
    if (fee !== undefined && !opts.isDirectCharge(caller) && !destination) {
      throw applicationFeeNotAllowed('application_fee_amount');
    }
    return fee;
  }

  const emitIntent = (account: string, type: string, intent: PaymentIntent, caller?: Caller) =>
    events.emit(account, `payment_intent.${type}`, intent, { caller });

  function newCharge(
    owner: string,
    intent: PaymentIntent,
    method: PaymentMethod,
    outcome: 'captured' | 'authorized' | 'failed',
    failure?: { code: string; message: string },
  ): Charge {
    const failed = outcome === 'failed';
    const charge: Charge = {
      id: stripeId('ch'),
      object: 'charge',
      amount: intent.amount,
      amount_captured: outcome === 'captured' ? intent.amount : 0,
      amount_refunded: 0,
      application_fee: null,
      application_fee_amount: null,
      balance_transaction: null,
      captured: outcome === 'captured',
      created: state.nowSeconds(),
      currency: intent.currency,
      customer: intent.customer,
      description: intent.description,
      failure_code: failed ? 'card_declined' : null,
      failure_message: failure?.message ?? null,
      livemode: false,
      metadata: { ...intent.metadata },
      outcome: failed
        ? {
            network_status: 'declined_by_network',
            reason: failure!.code,
            risk_level: 'normal',
            seller_message: 'The bank did not return any further details with this decline.',
            type: 'issuer_declined',
          }
        : {
            network_status: 'approved_by_network',
            reason: null,
            risk_level: 'normal',
            seller_message: 'Payment complete.',
            type: 'authorized',
          },
      paid: !failed,
      payment_intent: intent.id,
      payment_method: method.id,
      payment_method_details: { type: 'card', card: { ...method.card } },
      refunded: false,
      status: failed ? 'failed' : 'succeeded',
    };
    if (outcome === 'captured') settle(owner, charge, intent.application_fee_amount);
    return charge;
  }

  /** Money taken: the charge's balance transaction, and the platform's application fee when it has one. */
  function settle(owner: string, charge: Charge, applicationFeeAmount: number | null) {
    const { balanceTransaction, applicationFee } = ledger.charge(
      owner,
      { ...charge, amount: charge.amount_captured },
      applicationFeeAmount,
    );
    Object.assign(charge, {
      balance_transaction: balanceTransaction,
      application_fee: applicationFee,
      application_fee_amount: applicationFee ? applicationFeeAmount : null,
    });
  }

  /** The card was refused: the intent goes back to requires_payment_method and the 402 carries it. */
  function recordDecline(
    owner: string,
    intent: PaymentIntent,
    source: Source,
    refusal: { code: string; declineCode: string; message: string },
    caller?: Caller,
  ): StripeSimError {
    const charge = newCharge(owner, intent, source.method.method, 'failed', {
      code: refusal.declineCode,
      message: refusal.message,
    });
    charges.set(charge.id, { owner, object: charge });
    const error: CardErrorFields = {
      type: 'card_error',
      code: refusal.code,
      decline_code: refusal.declineCode,
      message: refusal.message,
      charge: charge.id,
      // As the method was then: the error is part of the intent, the method a record of its own.
      payment_method: structuredClone(source.method.method),
      ...(refusal.declineCode === 'generic_decline' ? { advice_code: 'try_again_later' } : {}),
    };
    Object.assign(intent, {
      status: 'requires_payment_method',
      last_payment_error: error,
      latest_charge: charge.id,
      payment_method: null,
      next_action: null,
    });
    events.emit(owner, 'charge.failed', charge, { caller });
    emitIntent(owner, 'payment_failed', intent, caller);
    return new StripeSimError(402, { ...error, payment_intent: structuredClone(intent) });
  }

  /** Charges the source: a decline, a 3-D Secure step, or money taken (or held, for manual capture). */
  function attempt(
    owner: string,
    intent: PaymentIntent,
    source: Source,
    options: { returnUrl?: string; errorOnRequiresAction?: boolean; caller?: Caller },
  ) {
    const { caller } = options;
    const { behaviour } = source.method;
    const token = tokenOf(source.method);
    // Checked again: a token may have been used up since the intent was created.
    if (token) tokens.check(token, source.tokenParam ?? 'payment_method', intent.amount, intent.currency);
    methods.set(source.method.method.id, source.method);
    intent.payment_method = source.method.method.id;
    if (behaviour.decline) {
      throw recordDecline(owner, intent, source, { code: 'card_declined', ...behaviour.decline }, caller);
    }
    if (behaviour.requiresAction && !authenticated.has(intent.id)) {
      if (options.errorOnRequiresAction) {
        throw recordDecline(
          owner,
          intent,
          source,
          {
            code: 'authentication_required',
            declineCode: 'authentication_required',
            message: 'Your card was declined. This transaction requires authentication.',
          },
          caller,
        );
      }
      const url = `${state.baseUrl()}/3ds/${intent.id}`;
      Object.assign(intent, {
        status: 'requires_action',
        next_action: options.returnUrl
          ? { type: 'redirect_to_url', redirect_to_url: { url, return_url: options.returnUrl } }
          : { type: 'use_stripe_sdk', use_stripe_sdk: { type: 'three_d_secure_redirect', stripe_js: url } },
      });
      emitIntent(owner, 'requires_action', intent, caller);
      return;
    }
    const manual = intent.capture_method === 'manual';
    const charge = newCharge(owner, intent, source.method.method, manual ? 'authorized' : 'captured');
    charges.set(charge.id, { owner, object: charge });
    Object.assign(intent, {
      status: manual ? 'requires_capture' : 'succeeded',
      amount_capturable: manual ? intent.amount : 0,
      amount_received: manual ? 0 : intent.amount,
      last_payment_error: null,
      latest_charge: charge.id,
      next_action: null,
    });
    events.emit(owner, 'charge.succeeded', charge, { caller });
    emitIntent(owner, manual ? 'amount_capturable_updated' : 'succeeded', intent, caller);
    if (!manual && token) tokens.use(token, intent.amount, owner, caller);
  }

  /**
   * Refusals that happen before anything is charged (nothing is created or stored for them): Stripe's
   * return_url rule for intents that allow redirecting methods, and the token's limits.
   */
  function checkConfirmable(
    intent: Pick<PaymentIntent, 'automatic_payment_methods' | 'amount' | 'currency'>,
    source: Source,
    returnUrl: string | undefined,
  ) {
    const apm = intent.automatic_payment_methods;
    if (apm?.enabled && apm.allow_redirects !== 'never' && !returnUrl) {
      throw invalidRequest(
        "This PaymentIntent is configured to accept payment methods enabled in your Dashboard. Because some of these payment methods might redirect your customer off of your page, you must provide a `return_url`. If you don't want to accept redirect-based payment methods, set `automatic_payment_methods[enabled]` to `true` and `automatic_payment_methods[allow_redirects]` to `never` when creating Setup Intents and Payment Intents.",
      );
    }
    const token = tokenOf(source.method);
    if (token) tokens.check(token, source.tokenParam ?? 'payment_method', intent.amount, intent.currency);
  }

  /** The source a confirmation without a new payment method uses: the one attached earlier. */
  const attachedSource = (intent: PaymentIntent): Source | null => {
    const record = intent.payment_method ? methods.get(intent.payment_method) : undefined;
    return record ? { method: record, tokenParam: record.tokenId ? 'payment_method' : null } : null;
  };
  const missingMethod = () =>
    unexpectedState(
      "You cannot confirm this PaymentIntent because it's missing a payment method. You can either update the PaymentIntent with a payment method and then confirm it again, or confirm it again directly with a payment method.",
    );

  /** A new PaymentIntent: Stripe's defaults, overridden by what the request (or the caller) set. */
  function newIntent(
    fields: Pick<PaymentIntent, 'amount' | 'currency'> & Partial<PaymentIntent>,
  ): PaymentIntent {
    const id = stripeId('pi');
    return {
      id,
      object: 'payment_intent',
      allowed_payment_method_types: null,
      amount_capturable: 0,
      amount_details: { tip: {} },
      amount_received: 0,
      application: null,
      application_fee_amount: null,
      automatic_payment_methods: null,
      canceled_at: null,
      cancellation_reason: null,
      capture_method: 'automatic_async',
      client_secret: `${id}_secret_${stripeId('x').slice(2)}`,
      confirmation_method: 'automatic',
      created: state.nowSeconds(),
      customer: null,
      description: null,
      excluded_payment_method_types: null,
      last_payment_error: null,
      latest_charge: null,
      livemode: false,
      metadata: {},
      next_action: null,
      on_behalf_of: null,
      payment_method: null,
      payment_method_options: { card: { request_three_d_secure: 'automatic' } },
      payment_method_types: ['card'],
      processing: null,
      receipt_email: null,
      review: null,
      setup_future_usage: null,
      shipping: null,
      statement_descriptor: null,
      statement_descriptor_suffix: null,
      status: 'requires_payment_method',
      transfer_data: null,
      transfer_group: null,
      ...fields,
    };
  }

  router.post('/v1/payment_intents', ({ caller, params }) => {
    params.only(PAYMENT_INTENT_CREATE);
    const currency = currencyParam(params);
    const amount = validAmount(params.requiredInt('amount'), currency);
    const captureMethod = params.oneOf('capture_method', ['automatic', 'automatic_async', 'manual'] as const);
    const doConfirm = params.bool('confirm') ?? false;
    const apm = params.object('automatic_payment_methods');
    const types = params.strings('allowed_payment_method_types') ?? params.strings('payment_method_types');
    const source = sourceOf(params, caller.account);
    // Since API version 2023-08-16 intents without explicit types use the Dashboard's methods.
    const automatic: PaymentIntent['automatic_payment_methods'] = apm
      ? {
          enabled: apm.bool('enabled') ?? false,
          allow_redirects: apm.oneOf('allow_redirects', ['always', 'never'] as const) ?? 'always',
        }
      : types
        ? null
        : { enabled: true };
    const applicationFee = applicationFeeOf(
      params,
      caller,
      params.object('transfer_data')?.string('destination'),
    );
    const returnUrl = params.string('return_url');
    if (doConfirm) {
      if (!source) throw missingMethod();
      checkConfirmable({ automatic_payment_methods: automatic, amount, currency }, source, returnUrl);
    }
    const intent = newIntent({
      allowed_payment_method_types: types ?? null,
      amount,
      application_fee_amount: applicationFee ?? null,
      automatic_payment_methods: automatic,
      capture_method: captureMethod ?? 'automatic_async',
      confirmation_method:
        params.oneOf('confirmation_method', ['automatic', 'manual'] as const) ?? 'automatic',
      currency,
      customer: params.string('customer') ?? null,
      description: params.string('description') ?? null,
      excluded_payment_method_types: params.strings('excluded_payment_method_types') ?? null,
      metadata: params.metadata(),
      on_behalf_of: params.string('on_behalf_of') ?? null,
      payment_method_types: types ?? ['card'],
      receipt_email: params.string('receipt_email') ?? null,
      setup_future_usage: params.string('setup_future_usage') ?? null,
      statement_descriptor: params.string('statement_descriptor') ?? null,
      statement_descriptor_suffix: params.string('statement_descriptor_suffix') ?? null,
      status: source ? 'requires_confirmation' : 'requires_payment_method',
      transfer_group: params.string('transfer_group') ?? null,
    });
    const { id } = intent;
    if (source && !doConfirm) {
      methods.set(source.method.method.id, source.method);
      intent.payment_method = source.method.method.id;
    }
    intents.set(id, { owner: caller.account, object: intent });
    emitIntent(caller.account, 'created', intent, caller);
    if (doConfirm && source) {
      attempt(caller.account, intent, source, {
        returnUrl,
        errorOnRequiresAction: params.bool('error_on_requires_action'),
        caller,
      });
    }
    return intent;
  });

  router.get('/v1/payment_intents/:id', ({ caller, path }) => findIntent(path.id!, caller.account));

  // Search (newest first). Real Stripe indexes a write within about a minute; here it is at once.
  router.get('/v1/payment_intents/search', ({ caller, params }) => {
    params.only(['query', 'limit', 'expand']);
    const clauses = metadataQuery(params.requiredString('query'));
    const limit = Math.min(Math.max(params.int('limit') ?? 10, 1), 100);
    const found = [...intents.values()]
      .filter(
        ({ owner, object }) =>
          owner === caller.account && clauses.every(([k, v]) => object.metadata[k] === v),
      )
      .map(({ object }) => object)
      .sort((a, b) => b.created - a.created);
    return {
      object: 'search_result',
      url: '/v1/payment_intents/search',
      data: found.slice(0, limit),
      has_more: found.length > limit,
      next_page: null,
    };
  });

  router.post('/v1/payment_intents/:id', ({ caller, params, path }) => {
    params.only(PAYMENT_INTENT_UPDATE);
    const intent = findIntent(path.id!, caller.account);
    const changesMoney = params.has('amount') || params.has('currency') || params.has('payment_method');
    if (changesMoney && !AMOUNT_UPDATABLE.includes(intent.status)) {
      throw unexpectedState(
        `This PaymentIntent's amount, currency or payment method could not be updated because it has a status of ${intent.status}. You may only update these fields of a PaymentIntent with one of the following statuses: ${AMOUNT_UPDATABLE.join(', ')}.`,
      );
    }
    const currency = params.has('currency') ? currencyParam(params) : intent.currency;
    const amount = params.has('amount') ? validAmount(params.requiredInt('amount'), currency) : intent.amount;
    const source = sourceOf(params, caller.account);
    Object.assign(intent, {
      amount,
      currency,
      description: params.has('description') ? (params.string('description') ?? null) : intent.description,
      metadata: params.metadata(intent.metadata),
      receipt_email: params.has('receipt_email')
        ? (params.string('receipt_email') ?? null)
        : intent.receipt_email,
      capture_method:
        params.oneOf('capture_method', ['automatic', 'automatic_async', 'manual'] as const) ??
        intent.capture_method,
      application_fee_amount: params.has('application_fee_amount')
        ? (applicationFeeOf(params, caller, undefined) ?? null)
        : intent.application_fee_amount,
    });
    if (source) {
      methods.set(source.method.method.id, source.method);
      Object.assign(intent, { payment_method: source.method.method.id, status: 'requires_confirmation' });
    }
    return intent;
  });

  router.post('/v1/payment_intents/:id/confirm', ({ caller, params, path }) => {
    params.only(PAYMENT_INTENT_CONFIRM);
    const intent = findIntent(path.id!, caller.account);
    if (!CONFIRMABLE.includes(intent.status)) {
      throw unexpectedState(
        `You cannot confirm this PaymentIntent because it has a status of ${intent.status}. Only a PaymentIntent with one of the following statuses may be confirmed: ${CONFIRMABLE.join(', ')}.`,
      );
    }
    const source = sourceOf(params, caller.account) ?? attachedSource(intent);
    if (!source) throw missingMethod();
    intent.capture_method =
      params.oneOf('capture_method', ['automatic', 'automatic_async', 'manual'] as const) ??
      intent.capture_method;
    const returnUrl = params.string('return_url');
    checkConfirmable(intent, source, returnUrl);
    attempt(caller.account, intent, source, {
      returnUrl,
      errorOnRequiresAction: params.bool('error_on_requires_action'),
      caller,
    });
    return intent;
  });

  router.post('/v1/payment_intents/:id/capture', ({ caller, params, path }) => {
    params.only(PAYMENT_INTENT_CAPTURE);
    const intent = findIntent(path.id!, caller.account);
    if (intent.status !== 'requires_capture') {
      throw unexpectedState(
        `This PaymentIntent could not be captured because it has a status of ${intent.status}. Only a PaymentIntent with one of the following statuses may be captured: requires_capture.`,
      );
    }
    const amount = params.int('amount_to_capture') ?? intent.amount_capturable;
    if (amount < 1 || amount > intent.amount_capturable) {
      throw invalidRequest(
        `The amount to capture (${amount}) must be positive and no more than the amount capturable (${intent.amount_capturable}).`,
        { code: 'amount_too_large', param: 'amount_to_capture' },
      );
    }
    const token = tokenOf(intent.payment_method ? methods.get(intent.payment_method) : undefined);
    if (token) tokens.check(token, 'payment_method', amount, intent.currency);
    const charge = charges.get(intent.latest_charge!)!.object;
    Object.assign(charge, { captured: true, amount_captured: amount });
    settle(
      caller.account,
      charge,
      applicationFeeOf(params, caller, undefined) ?? intent.application_fee_amount,
    );
    Object.assign(intent, {
      status: 'succeeded',
      amount_received: amount,
      amount_capturable: 0,
      metadata: params.metadata(intent.metadata),
    });
    events.emit(caller.account, 'charge.captured', charge, { caller });
    emitIntent(caller.account, 'succeeded', intent, caller);
    if (token) tokens.use(token, amount, caller.account, caller);
    return intent;
  });

  router.post('/v1/payment_intents/:id/cancel', ({ caller, params, path }) => {
    params.only(['cancellation_reason', 'expand']);
    const intent = findIntent(path.id!, caller.account);
    const reason = params.oneOf('cancellation_reason', [
      'duplicate',
      'fraudulent',
      'requested_by_customer',
      'abandoned',
    ] as const);
    if (!CANCELABLE.includes(intent.status)) {
      throw unexpectedState(
        `You cannot cancel this PaymentIntent because it has a status of ${intent.status}. Only a PaymentIntent with one of the following statuses may be canceled: ${CANCELABLE.join(', ')}.`,
      );
    }
    if (intent.status === 'requires_capture' && intent.latest_charge) {
      // Cancelling an authorization releases the held amount back to the card.
      const charge = charges.get(intent.latest_charge)!.object;
      Object.assign(charge, { amount_refunded: charge.amount, refunded: true });
    }
    Object.assign(intent, {
      status: 'canceled',
      amount_capturable: 0,
      canceled_at: state.nowSeconds(),
      cancellation_reason: reason ?? null,
      next_action: null,
    });
    emitIntent(caller.account, 'canceled', intent, caller);
    return intent;
  });

  // Since API version 2022-11-15 a charge shows its refunds only when asked (`expand[]=refunds`).
  router.get('/v1/charges/:id', ({ caller, params, path }) => {
    params.only(['expand']);
    const record = charges.get(path.id!);
    if (!record || record.owner !== caller.account) throw resourceMissing('charge', path.id!, 'id');
    const expand = params.strings('expand') ?? [];
    const charge =
      expand.includes('refunds') && late.refundList
        ? { ...record.object, refunds: late.refundList(record.object.id, caller.account) }
        : record.object;
    return expander.expand(
      caller.account,
      charge,
      expand.filter((p) => p !== 'refunds'),
    );
  });

  router.get('/v1/payment_methods/:id', ({ caller, path }) => {
    const record = methods.get(path.id!);
    if (!record || record.owner !== caller.account)
      throw resourceMissing('PaymentMethod', path.id!, 'payment_method');
    return record.method;
  });

  // ---- 3-D Secure page and controls ---------------------------------------------------------------

  /** Completes (or fails) the 3-D Secure step, as a shopper would on the bank's page. */
  function authenticate(id: string, succeed: boolean) {
    const record = intents.get(id);
    if (!record) throw resourceMissing('payment_intent', id, 'intent');
    const intent = record.object;
    const source = attachedSource(intent);
    if (intent.status !== 'requires_action' || !source) return intent;
    if (succeed) {
      authenticated.add(id);
      // A card authenticated while being set up for later use is not asked again off-session.
      if (intent.setup_future_usage === 'off_session') {
        source.method.behaviour = { ...source.method.behaviour, requiresAction: false };
      }
      attempt(record.owner, intent, source, {});
    } else {
      recordDecline(record.owner, intent, source, {
        code: 'payment_intent_authentication_failure',
        declineCode: 'authentication_required',
        message: 'The provided PaymentMethod has failed authentication.',
      });
    }
    return intent;
  }

  app.get<{ Params: { id: string } }>('/3ds/:id', async (request, reply) => {
    const intent = intents.get(request.params.id)?.object;
    if (!intent || intent.status !== 'requires_action') {
      return reply
        .status(404)
        .type('text/html')
        .send(simulatorPage('Nothing to authenticate', '<p>This payment does not need authentication.</p>'));
    }
    const next = intent.next_action as { redirect_to_url?: { return_url: string } };
    return reply.type('text/html; charset=utf-8').send(
      simulatorPage(
        '3-D Secure authentication',
        `<p>Authenticate a payment of ${(intent.amount / 100).toFixed(2)} ${intent.currency.toUpperCase()}.</p>
<form method="post" action="/3ds/${intent.id}">${hiddenFields({ return_url: next.redirect_to_url?.return_url })}
<div class="actions"><button class="primary" name="outcome" value="complete">Complete authentication</button>
<button class="secondary" name="outcome" value="fail">Fail authentication</button></div></form>`,
      ),
    );
  });
  app.post<{ Params: { id: string }; Body: { outcome?: string; return_url?: string } }>(
    '/3ds/:id',
    async (request, reply) => {
      authenticate(request.params.id, request.body?.outcome !== 'fail');
      const back = request.body?.return_url;
      if (back) {
        const url = new URL(back);
        url.searchParams.set('payment_intent', request.params.id);
        return reply.redirect(url.toString(), 303);
      }
      return reply
        .type('text/html')
        .send(simulatorPage('Authentication finished', '<p>You can close this page.</p>'));
    },
  );

  sim.control('payment_intents/:id/authenticate', ({ id }, body) =>
    authenticate(id!, (body as { outcome?: string } | undefined)?.outcome !== 'fail'),
  );

  expander.register('pi', (id, account) => owned(intents.get(id), account));
  expander.register('ch', (id, account) => owned(charges.get(id), account));
  const methodOf = (id: string, account: string) => {
    const record = methods.get(id);
    return record?.owner === account ? record.method : undefined;
  };
  expander.register('pm', methodOf);

  /** A card saved on `owner` (a hosted page's card form, a customer's default payment method). */
  function saveMethod(owner: string, behaviour: TestCard, customer: string | null): PaymentMethod {
    const record = newMethod(owner, behaviour, null);
    record.method.customer = customer;
    methods.set(record.method.id, record);
    return record.method;
  }

  /**
   * Charges a saved card the way Stripe does for its own products (a Checkout Session, an invoice): a
   * confirmed PaymentIntent that succeeds, is declined (back to requires_payment_method with
   * last_payment_error) or waits in requires_action for 3-D Secure at `returnUrl`'s round trip.
   */
  function chargeSavedCard(
    owner: string,
    input: {
      paymentMethod: string;
      amount: number;
      currency: string;
      customer: string | null;
      description?: string | null;
      metadata?: Record<string, string>;
      applicationFeeAmount?: number | null;
      returnUrl?: string;
      /** Off-session (a renewal): a card that wants 3-D Secure is declined instead of waiting. */
      offSession?: boolean;
      /** The card is being set up for later off-session charges (a subscription's first invoice). */
      setUpForLater?: boolean;
    },
  ): PaymentIntent {
    const method = methods.get(input.paymentMethod);
    if (!method || method.owner !== owner) {
      throw resourceMissing('PaymentMethod', input.paymentMethod, 'payment_method', 400);
    }
    const intent = newIntent({
      amount: input.amount,
      currency: input.currency,
      customer: input.customer,
      description: input.description ?? null,
      metadata: input.metadata ?? {},
      application_fee_amount: input.applicationFeeAmount ?? null,
      capture_method: 'automatic',
      status: 'requires_confirmation',
      payment_method: method.method.id,
      setup_future_usage: input.setUpForLater ? 'off_session' : null,
    });
    intents.set(intent.id, { owner, object: intent });
    emitIntent(owner, 'created', intent);
    try {
      attempt(
        owner,
        intent,
        { method, tokenParam: null },
        {
          returnUrl: input.returnUrl,
          errorOnRequiresAction: input.offSession,
        },
      );
    } catch (err) {
      // A decline is an outcome here, recorded on the intent; anything else is a bug.
      if (!(err instanceof StripeSimError && err.status === 402)) throw err;
    }
    return intent;
  }

  return {
    intentOf: (id: string) => intents.get(id),
    /** The PaymentIntents `account` owns, newest first (the simulator's dashboard page lists them). */
    intentsOwnedBy: (account: string): PaymentIntent[] =>
      [...intents.values()]
        .filter((o) => o.owner === account)
        .map((o) => o.object)
        .sort((a, b) => b.created - a.created),
    /** The charge with this id when `account` owns it (refunds change its refunded amounts). */
    chargeOf: (id: string, account: string): Charge | undefined => owned(charges.get(id), account),
    /** Refunds a world saved before the refunds module kept them here, once (then none). */
    takeSavedRefunds: () => savedRefunds.splice(0),
    /** Where `GET /v1/charges/:id?expand[]=refunds` finds the charge's refunds. */
    showRefundsWith(refundList: (chargeId: string, account: string) => unknown) {
      late.refundList = refundList;
    },
    saveMethod,
    chargeSavedCard,
    methodOf,
  };
}

/** The object of a record when `account` owns it. */
function owned<T>(record: Owned<T> | undefined, account: string): T | undefined {
  return record?.owner === account ? record.object : undefined;
}

export type Payments = ReturnType<typeof registerPayments>;
export type RefundableCharge = Charge;
