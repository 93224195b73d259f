import { randomInt } from 'node:crypto';
import type { Ledger } from './simulator-balance';
import { invalidRequest, resourceMissing, stripeId, words, type Caller } from './simulator-http';
import { listOf, ownedBy, type ListPage } from './simulator-lists';
import type { Payments, RefundableCharge } from './simulator-payments';
import type { StripeSimContext } from './simulator-state';

type RefundStatus = 'pending' | 'requires_action' | 'succeeded' | 'failed' | 'canceled';

/** A Stripe Refund, with the fields a card refund has. */
export interface Refund {
  id: string;
  object: 'refund';
  amount: number;
  balance_transaction: string | null;
  charge: string;
  created: number;
  currency: string;
  customer: string | null;
  customer_account: null;
  destination_details: {
    type: 'card';
    card: {
      reference: string | null;
      reference_status: 'pending' | 'available' | 'unavailable';
      reference_type: 'acquirer_reference_number';
      type: 'refund';
    };
  };
  failure_balance_transaction?: string;
  failure_reason?: string;
  instructions_email?: string;
  metadata: Record<string, string>;
  payment_intent: string;
  payment_method: string | null;
  reason: 'duplicate' | 'fraudulent' | 'requested_by_customer' | null;
  receipt_number: null;
  source_transfer_reversal: null;
  status: RefundStatus;
  transfer_reversal: null;
}

interface RefundRecord {
  owner: string;
  object: Refund;
}

// `currency`, `customer` and `origin` are for customer-balance refunds, which the simulator does not
// model; they are known (not `parameter_unknown`) and refused with a message saying so.
const REFUND_CREATE = words(`
  payment_intent charge amount reason metadata refund_application_fee reverse_transfer
  instructions_email expand currency customer origin
`);
const REASONS = ['duplicate', 'fraudulent', 'requested_by_customer'] as const;
/** What `POST /__sim/refunds/next` can make the next refund do instead of succeeding at once. */
const HELD_STATUSES = ['pending', 'requires_action'] as const;
/** Stripe's documented `failure_reason` values for a card refund the bank refused. */
const FAILURE_REASONS = ['lost_or_stolen_card', 'expired_or_canceled_card', 'declined', 'unknown'];

/** Where a card refund goes: the card, with no acquirer reference until the bank confirms it. */
const pendingCardDestination = (): Refund['destination_details'] => ({
  type: 'card',
  card: {
    reference: null,
    reference_status: 'pending',
    reference_type: 'acquirer_reference_number',
    type: 'refund',
  },
});

/** An acquirer reference number (ARN): the 23 digits a shopper's bank can trace a card refund by. */
const acquirerReference = () => Array.from({ length: 23 }, () => randomInt(10)).join('');

/**
 * Refunds (`/v1/refunds`), as Stripe makes them on a card charge: a refund takes an amount back from a
 * charge's captured remainder, writes a `refund` balance transaction, may give back the platform's
 * application fee in proportion (Connect), and announces itself with `refund.created` and
 * `charge.refunded` (`refund.updated` / `refund.failed` when a held refund later changes).
 */
export function registerRefunds(
  ctx: StripeSimContext,
  opts: {
    payments: Payments;
    ledger: Ledger;
    /** The account `POST /__sim/refunds/next` holds a refund on when the body names none. */
    defaultAccount: string;
    /** The platform acting on a connected account (Stripe-Account header, or the account's OAuth key). */
    isDirectCharge(caller: Caller): boolean;
  },
) {
  const { router, state, events, sim, expander } = ctx;
  const { payments, ledger } = opts;
  const { refunds, held } = sim.keep('refunds', () => ({
    refunds: new Map<string, RefundRecord>(),
    /** Accounts whose next refund stays in this status (a sandbox control), instead of succeeding. */
    held: new Map<string, (typeof HELD_STATUSES)[number]>(),
  }));

  // A world saved before this module existed kept its refunds with the payments: they move here, with
  // the fields refunds have gained since filled in from their charge.
  for (const { owner, object } of payments.takeSavedRefunds()) {
    const charge = payments.chargeOf(object.charge, owner);
    refunds.set(object.id, {
      owner,
      object: {
        customer: charge?.customer ?? null,
        customer_account: null,
        destination_details: pendingCardDestination(),
        payment_method: charge?.payment_method ?? null,
        source_transfer_reversal: null,
        transfer_reversal: null,
        ...object,
      } as Refund,
    });
  }

  const refundsOf = (chargeId: string, account: string) =>
    ownedBy(refunds, account).filter((r) => r.charge === chargeId);

  /** The charge a create names: the PaymentIntent's latest charge, or the charge itself. */
  function chargeToRefund(caller: Caller, intentId: string | undefined, chargeId: string | undefined) {
    if (intentId && chargeId) {
      throw invalidRequest(
        'You cannot specify both a charge and a payment_intent. Please specify only one of them.',
        { param: 'payment_intent' },
      );
    }
    if (intentId) {
      const record = payments.intentOf(intentId);
      if (!record || record.owner !== caller.account)
        throw resourceMissing('payment_intent', intentId, 'payment_intent', 400);
      const charge = record.object.latest_charge
        ? payments.chargeOf(record.object.latest_charge, caller.account)
        : undefined;
      if (record.object.status !== 'succeeded' || !charge) {
        throw invalidRequest(
          `This PaymentIntent (${intentId}) does not have a successful charge to refund.`,
          { param: 'payment_intent' },
        );
      }
      return charge;
    }
    if (!chargeId) {
      throw invalidRequest(
        'One of the following params should be provided for this request: payment_intent or charge.',
      );
    }
    const charge = payments.chargeOf(chargeId, caller.account);
    if (!charge) throw resourceMissing('charge', chargeId, 'charge', 400);
    if (charge.status !== 'succeeded' || !charge.captured) {
      throw invalidRequest(
        charge.status === 'succeeded'
          ? `Charge ${charge.id} has not been captured, so it cannot be refunded. Cancel its PaymentIntent to release the authorization instead.`
          : `Charge ${charge.id} has a status of ${charge.status} and cannot be refunded.`,
        { param: 'charge' },
      );
    }
    return charge;
  }

  /** The amount asked for, or the remainder; refused as Stripe refuses it. */
  function amountOf(charge: RefundableCharge, asked: number | undefined) {
    const remaining = charge.amount_captured - charge.amount_refunded;
    if (remaining <= 0) {
      throw invalidRequest(`Charge ${charge.id} has already been refunded.`, {
        code: 'charge_already_refunded',
      });
    }
    const amount = asked ?? remaining;
    if (amount < 1) {
      throw invalidRequest('Invalid positive integer', {
        code: 'parameter_invalid_integer',
        param: 'amount',
      });
    }
    if (amount > remaining) {
      throw invalidRequest(
        `Refund amount (${amount} ${charge.currency}) is greater than unrefunded amount on charge (${remaining} ${charge.currency})`,
        { code: 'amount_too_large', param: 'amount' },
      );
    }
    return amount;
  }

  router.post('/v1/refunds', ({ caller, params }) => {
    params.only(REFUND_CREATE);
    for (const param of ['currency', 'customer', 'origin']) {
      if (params.has(param)) {
        throw invalidRequest(
          'This simulator refunds card charges only; customer-balance refunds (origin, customer, currency) are not simulated.',
          { param },
        );
      }
    }
    const reason = params.oneOf('reason', REASONS) ?? null;
    const refundFee = params.bool('refund_application_fee') ?? false;
    // Destination charges (transfer_data) are not simulated, so there is never a transfer to reverse;
    // the flag is still read so a malformed value is refused as Stripe refuses it.
    params.bool('reverse_transfer');
    const charge = chargeToRefund(caller, params.string('payment_intent'), params.string('charge'));
    const amount = amountOf(charge, params.int('amount'));
    // Stripe: "An application fee can be refunded only by the application that created the charge", so
    // the connected account's own key may refund the charge but not the platform's fee. The refusal's
    // exact wording is not documented; this message says what went wrong.
    if (refundFee && charge.application_fee && !opts.isDirectCharge(caller)) {
      throw invalidRequest(
        "An application fee can be refunded only by the application that created the charge: make this refund with the platform's key and the Stripe-Account header.",
        { param: 'refund_application_fee' },
      );
    }
    const status = held.get(caller.account) ?? 'succeeded';
    held.delete(caller.account);
    const refund: Refund = {
      id: stripeId('re'),
      object: 'refund',
      amount,
      balance_transaction: null,
      charge: charge.id,
      created: state.nowSeconds(),
      currency: charge.currency,
      customer: charge.customer,
      customer_account: null,
      destination_details: pendingCardDestination(),
      ...(params.string('instructions_email')
        ? { instructions_email: params.string('instructions_email') }
        : {}),
      metadata: params.metadata(),
      payment_intent: charge.payment_intent,
      payment_method: charge.payment_method,
      reason,
      receipt_number: null,
      source_transfer_reversal: null,
      status,
      transfer_reversal: null,
    };
    // Money leaves the balance when the refund is made (pending included); one waiting for the
    // customer's action has moved nothing yet.
    if (status !== 'requires_action') {
      refund.balance_transaction = ledger.refund(caller.account, refund.id, amount, refund.currency);
    }
    refunds.set(refund.id, { owner: caller.account, object: refund });
    // Stripe counts a refund in the charge's amount_refunded from the moment it exists.
    charge.amount_refunded += amount;
    charge.refunded = charge.amount_refunded >= charge.amount_captured;
    events.emit(caller.account, 'refund.created', refund, { caller });
    events.emit(caller.account, 'charge.refunded', charge, { caller });
    if (refundFee && charge.application_fee) {
      const given = ledger.refundApplicationFee(charge.application_fee, {
        amount,
        chargeAmount: charge.amount_captured,
        chargeFullyRefunded: charge.refunded,
      });
      // The fee is the platform's: its event goes to the platform, not the connected account.
      if (given) events.emit(given.platform, 'application_fee.refunded', given.fee, { caller });
    }
    return expander.expand(caller.account, refund, params.strings('expand'));
  });

  const findRefund = (id: string, account: string) => {
    const record = refunds.get(id);
    if (!record || record.owner !== account) throw resourceMissing('refund', id, 'refund');
    return record.object;
  };

  router.get('/v1/refunds/:id', ({ caller, params, path }) => {
    params.only(['expand']);
    return expander.expand(caller.account, findRefund(path.id!, caller.account), params.strings('expand'));
  });

  router.post('/v1/refunds/:id', ({ caller, params, path }) => {
    params.only(['metadata', 'expand']);
    const refund = findRefund(path.id!, caller.account);
    if (params.has('metadata')) {
      const previous = { metadata: refund.metadata };
      refund.metadata = params.metadata(refund.metadata);
      events.emit(caller.account, 'refund.updated', refund, { previous, caller });
    }
    return expander.expand(caller.account, refund, params.strings('expand'));
  });

  router.get('/v1/refunds', ({ caller, params }) => {
    params.only([
      'charge',
      'payment_intent',
      'created',
      'ending_before',
      'limit',
      'starting_after',
      'expand',
    ]);
    const chargeId = params.string('charge');
    const intentId = params.string('payment_intent');
    const page = listOf(
      '/v1/refunds',
      ownedBy(refunds, caller.account).filter(
        (r) => (!chargeId || r.charge === chargeId) && (!intentId || r.payment_intent === intentId),
      ),
      params,
    );
    return expander.expand(caller.account, page, params.strings('expand'));
  });

  /** The refund's amount is the charge's to refund again, as when it never happened. */
  function giveBack(owner: string, refund: Refund) {
    const charge = payments.chargeOf(refund.charge, owner);
    if (!charge) return;
    charge.amount_refunded -= refund.amount;
    charge.refunded = charge.amount_refunded >= charge.amount_captured;
  }

  // Stripe cancels only refunds waiting for the customer's action (requires_action), not pending ones.
  router.post('/v1/refunds/:id/cancel', ({ caller, params, path }) => {
    params.only(['expand']);
    const refund = findRefund(path.id!, caller.account);
    if (refund.status !== 'requires_action') {
      throw invalidRequest(
        `Refund ${refund.id} cannot be canceled because it has a status of ${refund.status}. Only refunds with a status of requires_action can be canceled.`,
      );
    }
    refund.status = 'canceled';
    giveBack(caller.account, refund);
    events.emit(caller.account, 'refund.updated', refund, {
      previous: { status: 'requires_action' },
      caller,
    });
    return expander.expand(caller.account, refund, params.strings('expand'));
  });

  /**
   * Makes the next refund created on `account` (the sandbox merchant by default) stay `pending` (a card
   * refund the bank has not confirmed) or wait in `requires_action` (the only status Stripe lets
   * `POST /v1/refunds/:id/cancel` cancel). Body `{status, account?}`; the refund after it succeeds again.
   */
  sim.control('refunds/next', (_params, body) => {
    const { status, account } = (body ?? {}) as { status?: unknown; account?: unknown };
    if (!HELD_STATUSES.includes(status as never)) {
      throw invalidRequest(`status must be one of ${HELD_STATUSES.join(', ')}`, { param: 'status' });
    }
    const target = typeof account === 'string' && account ? account : opts.defaultAccount;
    held.set(target, status as (typeof HELD_STATUSES)[number]);
    return { account: target, status };
  });

  /**
   * Settles a `pending` or `requires_action` refund as the bank would: body `{outcome: 'succeeded'}`
   * (the default) or `{outcome: 'failed', failure_reason?}`. A failed refund puts the money back
   * (a `refund_failure` balance transaction) and the amount becomes refundable again; Stripe sends
   * `refund.updated`, and `refund.failed` for a failure.
   */
  sim.control('refunds/:id/settle', ({ id }, body) => {
    const record = refunds.get(id!);
    if (!record) throw resourceMissing('refund', id!, 'refund');
    const { owner, object: refund } = record;
    const { outcome = 'succeeded', failure_reason: reason = 'declined' } = (body ?? {}) as {
      outcome?: unknown;
      failure_reason?: unknown;
    };
    if (outcome !== 'succeeded' && outcome !== 'failed') {
      throw invalidRequest("outcome must be 'succeeded' or 'failed'", { param: 'outcome' });
    }
    if (outcome === 'failed' && !FAILURE_REASONS.includes(reason as string)) {
      throw invalidRequest(`failure_reason must be one of ${FAILURE_REASONS.join(', ')}`, {
        param: 'failure_reason',
      });
    }
    if (refund.status !== 'pending' && refund.status !== 'requires_action') {
      throw invalidRequest(`Refund ${refund.id} is already ${refund.status}.`);
    }
    const previous = { status: refund.status };
    if (outcome === 'succeeded') {
      refund.balance_transaction ??= ledger.refund(owner, refund.id, refund.amount, refund.currency);
      refund.status = 'succeeded';
      refund.destination_details.card.reference_status = 'available';
      refund.destination_details.card.reference = acquirerReference();
    } else {
      if (refund.balance_transaction) {
        refund.failure_balance_transaction = ledger.refundFailure(
          owner,
          refund.id,
          refund.amount,
          refund.currency,
        );
      }
      refund.status = 'failed';
      refund.failure_reason = reason as string;
      refund.destination_details.card.reference_status = 'unavailable';
      giveBack(owner, refund);
    }
    events.emit(owner, 'refund.updated', refund, { previous });
    if (outcome === 'failed') events.emit(owner, 'refund.failed', refund);
    return refund;
  });

  expander.register('re', (id, account) => {
    const record = refunds.get(id);
    return record?.owner === account ? record.object : undefined;
  });

  return {
    /** Every refund `account` owns, newest first (the simulator's dashboard page lists them). */
    refundsOwnedBy: (account: string): Refund[] =>
      ownedBy(refunds, account).sort((a, b) => b.created - a.created),
    /** A charge's refunds as Stripe's embedded list (what `expand[]=refunds` on a charge shows). */
    refundList(chargeId: string, account: string): ListPage<Refund> {
      return {
        object: 'list',
        data: refundsOf(chargeId, account).reverse(),
        has_more: false,
        url: `/v1/charges/${chargeId}/refunds`,
      };
    },
  };
}
