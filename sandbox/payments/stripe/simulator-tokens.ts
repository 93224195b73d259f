import {
  NO_BILLING,
  TEST_PAYMENT_METHODS,
  testCardFor,
  type CardDetails,
  type TestCard,
} from './simulator-cards';
import { currencyParam, invalidRequest, resourceMissing, stripeId, type Caller } from './simulator-http';
import type { StripeSimContext } from './simulator-state';

/**
 * Error codes for unusable tokens. PROVISIONAL: no public source names the real codes, so
 * they live here, in one place, as 400 invalid_request_error.
 */
export const SPT_ERROR_CODES = {
  missing: 'resource_missing',
  deactivated: 'shared_payment_granted_token_deactivated',
  expired: 'shared_payment_granted_token_expired',
  currencyMismatch: 'shared_payment_granted_token_currency_mismatch',
  overLimit: 'shared_payment_granted_token_usage_limit_exceeded',
} as const;

interface GrantedToken {
  id: string;
  object: 'shared_payment.granted_token';
  agent_details: { network_business_profile: string };
  created: number;
  deactivated_at: number | null;
  deactivated_reason: 'consumed' | 'expired' | 'resolved' | 'revoked' | null;
  livemode: false;
  payment_method_details: {
    type: 'card';
    billing_details: typeof NO_BILLING;
    card: CardDetails & { networks: { available: string[]; preferred: null }; wallet: null };
  };
  shared_metadata: Record<string, string>;
  usage_details: { amount_captured: { value: number; currency: string } };
  usage_limits: { currency: string; max_amount: number; expires_at: number | null };
}

export interface TokenRecord {
  token: GrantedToken;
  /** The seller account that may redeem it; null: any account of this simulator (sandbox convenience). */
  seller: string | null;
  /** How the card behind the token behaves when charged. */
  behaviour: TestCard;
}

export interface TokenStore {
  /** The token if `account` may redeem it (or see it), else null. */
  find(id: string, account: string): TokenRecord | null;
  /** Throws the refusal, naming `param`, when the token cannot pay `amount` in `currency`. */
  check(record: TokenRecord, param: string, amount: number, currency: string): void;
  /** Counts a captured amount against the token (deactivated as `consumed` once used up). */
  use(record: TokenRecord, amount: number, account: string, caller?: Caller): void;
}

/**
 * Shared Payment Tokens: the test helper that mints them, the seller's view, and the rules a
 * PaymentIntent must satisfy to redeem one (the token exists, is active and unexpired, its currency
 * matches, and captured plus requested stays within its max_amount).
 */
/** What the granted_tokens control takes (docs: the sandbox's test fixtures). */
const GRANTED_TOKEN_FIELDS = ['currency', 'max_amount', 'payment_method', 'decline', 'expires_at', 'account'];

export function registerSharedPaymentTokens(
  ctx: StripeSimContext,
  opts: { accountScoping: boolean; behaviourOf(paymentMethod: string): TestCard | undefined },
): TokenStore {
  const { router, state, events, sim } = ctx;
  const tokens = sim.keep('shared_payment_tokens', () => new Map<string, TokenRecord>());

  /** Tokens lapse on their own once past `expires_at`. */
  const current = (record: TokenRecord) => {
    const { token } = record;
    const expiresAt = token.usage_limits.expires_at;
    if (!token.deactivated_at && expiresAt !== null && expiresAt <= state.nowSeconds()) {
      token.deactivated_at = expiresAt;
      token.deactivated_reason = 'expired';
    }
    return record;
  };

  const store: TokenStore = {
    find(id, account) {
      const record = tokens.get(id);
      const foreign = opts.accountScoping && record?.seller !== null && record?.seller !== account;
      return record && !foreign ? current(record) : null;
    },

    check(record, param, amount, currency) {
      const { token } = current(record);
      const fail = (code: string, message: string) => invalidRequest(message, { code, param });
      const name = `The shared payment granted token ${token.id}`;
      if (token.deactivated_reason === 'expired') throw fail(SPT_ERROR_CODES.expired, `${name} has expired.`);
      if (token.deactivated_at) {
        throw fail(SPT_ERROR_CODES.deactivated, `${name} is no longer active (${token.deactivated_reason}).`);
      }
      const limits = token.usage_limits;
      if (limits.currency !== currency) {
        throw fail(
          SPT_ERROR_CODES.currencyMismatch,
          `${name} can only be used for ${limits.currency} payments, not ${currency}.`,
        );
      }
      const left = limits.max_amount - token.usage_details.amount_captured.value;
      if (amount > left) {
        throw fail(
          SPT_ERROR_CODES.overLimit,
          `The amount ${amount} exceeds what ${name} still allows (${left} ${currency}).`,
        );
      }
    },

    use(record, amount, account, caller) {
      const { token } = record;
      token.usage_details.amount_captured.value += amount;
      if (token.usage_details.amount_captured.value >= token.usage_limits.max_amount) {
        token.deactivated_at = state.nowSeconds();
        token.deactivated_reason = 'consumed';
      }
      events.emit(account, 'shared_payment.granted_token.used', token, { caller });
    },
  };

  function mint(input: {
    behaviour: TestCard;
    currency: string;
    maxAmount: number;
    expiresAt: number | null;
    seller: string | null;
    sharedMetadata?: Record<string, string>;
  }): GrantedToken {
    const { card } = input.behaviour;
    const token: GrantedToken = {
      id: stripeId('spt'),
      object: 'shared_payment.granted_token',
      agent_details: { network_business_profile: stripeId('profile_test', 16) },
      created: state.nowSeconds(),
      deactivated_at: null,
      deactivated_reason: null,
      livemode: false,
      payment_method_details: {
        type: 'card',
        billing_details: { ...NO_BILLING },
        card: { ...card, networks: { available: [card.brand], preferred: null }, wallet: null },
      },
      shared_metadata: input.sharedMetadata ?? {},
      usage_details: { amount_captured: { value: 0, currency: input.currency } },
      usage_limits: { currency: input.currency, max_amount: input.maxAmount, expires_at: input.expiresAt },
    };
    tokens.set(token.id, { token, seller: input.seller, behaviour: input.behaviour });
    return token;
  }

  router.post('/v1/test_helpers/shared_payment/granted_tokens', ({ caller, params }) => {
    params.only([
      'payment_method',
      'usage_limits',
      'customer',
      'shared_metadata',
      'seller_details',
      'expand',
    ]);
    const pm = params.requiredString('payment_method');
    const behaviour = opts.behaviourOf(pm);
    if (!behaviour) throw resourceMissing('PaymentMethod', pm, 'payment_method', 400);
    const limits = params.object('usage_limits');
    if (!limits) throw params.missing('usage_limits');
    const currency = currencyParam(limits);
    const maxAmount = limits.requiredInt('max_amount');
    if (maxAmount < 1)
      throw invalidRequest('Invalid positive integer', { param: 'usage_limits[max_amount]' });
    // `seller_details[external_id]` can scope a token to a connected account.
    const external = params.object('seller_details')?.string('external_id');
    const seller =
      external?.startsWith('acct_') && state.canActFor(caller.keyAccount, external)
        ? external
        : caller.account;
    return mint({
      behaviour,
      currency,
      maxAmount,
      expiresAt: limits.int('expires_at') ?? null,
      seller,
      sharedMetadata: params.metadata({}, 'shared_metadata'),
    });
  });

  const visible = (id: string, account: string) => {
    const record = store.find(id, account);
    if (!record) throw resourceMissing('shared_payment.granted_token', id, 'shared_payment_granted_token');
    return record.token;
  };
  router.post('/v1/test_helpers/shared_payment/granted_tokens/:id/revoke', ({ caller, params, path }) => {
    params.only(['expand']);
    const token = visible(path.id!, caller.account);
    if (!token.deactivated_at) {
      Object.assign(token, { deactivated_at: state.nowSeconds(), deactivated_reason: 'revoked' });
    }
    return token;
  });
  router.get('/v1/shared_payment/granted_tokens/:id', ({ caller, path }) =>
    visible(path.id!, caller.account),
  );

  /**
   * Mints a token without the API. Body: currency, max_amount, and optionally decline, payment_method
   * (a pm_card_* alias), expires_at (unix seconds, may be past) and account (the only seller allowed).
   * A field or payment method it does not know is refused: a misspelt fixture must not mint a good card.
   */
  sim.control('granted_tokens', (_params, body) => {
    const input = (body ?? {}) as Record<string, unknown>;
    const unknown = Object.keys(input).find((field) => !GRANTED_TOKEN_FIELDS.includes(field));
    if (unknown) {
      throw invalidRequest(
        `Unknown field ${unknown}; this control takes ${GRANTED_TOKEN_FIELDS.join(', ')}`,
        {
          param: unknown,
        },
      );
    }
    const currency = typeof input.currency === 'string' ? input.currency.toLowerCase() : 'usd';
    const maxAmount = Number(input.max_amount ?? 10_000);
    if (!Number.isSafeInteger(maxAmount) || maxAmount < 1) {
      throw invalidRequest('max_amount must be a positive integer', { param: 'max_amount' });
    }
    const named = input.payment_method === undefined ? undefined : testCardFor(String(input.payment_method));
    if (input.payment_method !== undefined && !named) {
      throw invalidRequest(
        `No test payment method ${String(input.payment_method)}; use one of ${Object.keys(TEST_PAYMENT_METHODS).join(', ')}`,
        { param: 'payment_method' },
      );
    }
    return mint({
      behaviour: named ?? TEST_PAYMENT_METHODS[input.decline ? 'pm_card_chargeDeclined' : 'pm_card_visa']!,
      currency,
      maxAmount,
      expiresAt: input.expires_at == null ? null : Number(input.expires_at),
      seller: typeof input.account === 'string' ? input.account : null,
    });
  });

  return store;
}
