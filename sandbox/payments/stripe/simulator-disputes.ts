import { invalidRequest, resourceMissing, stripeId } from './simulator-http';
import { listOf, ownedBy } from './simulator-lists';
import type { Payments } from './simulator-payments';
import type { StripeSimContext } from './simulator-state';

/** Stripe's dispute reasons (the Dispute object's `reason`). */
const REASONS = [
  'bank_cannot_process',
  'check_returned',
  'credit_not_processed',
  'customer_initiated',
  'debit_not_authorized',
  'duplicate',
  'fraudulent',
  'general',
  'incorrect_account_details',
  'insufficient_funds',
  'product_not_received',
  'product_unacceptable',
  'subscription_canceled',
  'unrecognized',
] as const;

/** A Dispute as Stripe answers it, in the fields a merchant's integration reads. */
export interface Dispute {
  id: string;
  object: 'dispute';
  amount: number;
  charge: string;
  currency: string;
  payment_intent: string | null;
  reason: string;
  status: 'needs_response' | 'under_review' | 'won' | 'lost' | 'warning_needs_response';
  is_charge_refundable: boolean;
  livemode: boolean;
  metadata: Record<string, string>;
  evidence_details: { due_by: number; has_evidence: boolean; past_due: boolean; submission_count: number };
  created: number;
}

/**
 * Disputes (`GET /v1/disputes`, `GET /v1/disputes/:id`, `POST /v1/disputes/:id/close`) and sandbox
 * controls standing in for the cardholder's bank (Stripe makes disputes only from its test cards):
 * `POST /__sim/disputes`, body `{payment_intent, reason?, amount?}`, opens one (the charge becomes
 * `disputed`, `charge.dispute.created` is sent); `POST /__sim/disputes/:id/review` is the evidence
 * submitted (`under_review`, `charge.dispute.updated`); `POST /__sim/disputes/:id/resolve`, body
 * `{outcome: 'won' | 'lost'}`, is the bank's decision (`charge.dispute.closed`). Every event is sent,
 * signed, to the account's endpoints.
 */
export function registerDisputes(ctx: StripeSimContext, opts: { payments: Payments }) {
  const { router, state, events, sim } = ctx;
  const { disputes } = sim.keep('disputes', () => ({
    disputes: new Map<string, { owner: string; object: Dispute }>(),
  }));
  const find = (id: string, owner?: string) => {
    const record = disputes.get(id);
    if (!record || (owner !== undefined && record.owner !== owner))
      throw resourceMissing('dispute', id, 'dispute');
    return record;
  };

  router.get('/v1/disputes', ({ caller, params }) => {
    params.only(['charge', 'payment_intent', 'created', 'ending_before', 'limit', 'starting_after']);
    const chargeId = params.string('charge');
    const intentId = params.string('payment_intent');
    return listOf(
      '/v1/disputes',
      ownedBy(disputes, caller.account).filter(
        (d) => (!chargeId || d.charge === chargeId) && (!intentId || d.payment_intent === intentId),
      ),
      params,
    );
  });

  router.get('/v1/disputes/:id', ({ caller, params, path }) => {
    params.only(['expand']);
    return find(path.id!, caller.account).object;
  });

  const OPEN = ['needs_response', 'warning_needs_response', 'under_review'];
  const close = (record: { owner: string; object: Dispute }, outcome: 'won' | 'lost') => {
    if (!OPEN.includes(record.object.status))
      throw invalidRequest(`This dispute is already closed (${record.object.status}).`);
    const previous = { status: record.object.status };
    record.object.status = outcome;
    events.emit(record.owner, 'charge.dispute.closed', record.object, { previous });
    return record.object;
  };

  // The merchant accepts the dispute: Stripe closes it as lost at once (it is not contested).
  router.post('/v1/disputes/:id/close', ({ caller, params, path }) => {
    params.only(['expand']);
    return close(find(path.id!, caller.account), 'lost');
  });

  sim.control('disputes/:id/review', ({ id }) => {
    const record = find(id!);
    if (record.object.status !== 'needs_response' && record.object.status !== 'warning_needs_response')
      throw invalidRequest(`This dispute is not awaiting a response (${record.object.status}).`);
    const previous = { status: record.object.status };
    record.object.status = 'under_review';
    record.object.evidence_details.has_evidence = true;
    record.object.evidence_details.submission_count += 1;
    events.emit(record.owner, 'charge.dispute.updated', record.object, { previous });
    return record.object;
  });

  sim.control('disputes/:id/resolve', ({ id }, body) => {
    const outcome = ((body ?? {}) as { outcome?: unknown }).outcome;
    if (outcome !== 'won' && outcome !== 'lost')
      throw invalidRequest("outcome must be 'won' or 'lost'", { param: 'outcome' });
    return close(find(id!), outcome);
  });

  sim.control('disputes', (_params, body) => {
    const {
      payment_intent: intentId,
      reason = 'fraudulent',
      amount,
    } = (body ?? {}) as { payment_intent?: unknown; reason?: unknown; amount?: unknown };
    if (typeof intentId !== 'string')
      throw invalidRequest('payment_intent is required', { param: 'payment_intent' });
    if (!REASONS.includes(reason as never))
      throw invalidRequest(`reason must be one of ${REASONS.join(', ')}`, { param: 'reason' });
    const record = opts.payments.intentOf(intentId);
    if (!record) throw resourceMissing('payment_intent', intentId, 'payment_intent');
    const charge = record.object.latest_charge
      ? opts.payments.chargeOf(record.object.latest_charge, record.owner)
      : undefined;
    if (!charge || charge.status !== 'succeeded')
      throw invalidRequest(`PaymentIntent ${intentId} has no successful charge to dispute.`);
    const disputed = amount === undefined ? charge.amount_captured : Number(amount);
    if (!Number.isInteger(disputed) || disputed < 1 || disputed > charge.amount_captured)
      throw invalidRequest('amount must be a whole number, at most the charge', { param: 'amount' });
    const now = state.nowSeconds();
    const dispute: Dispute = {
      id: stripeId('dp'),
      object: 'dispute',
      amount: disputed,
      charge: charge.id,
      currency: charge.currency,
      payment_intent: intentId,
      reason: reason as string,
      status: 'needs_response',
      is_charge_refundable: false,
      livemode: false,
      metadata: {},
      evidence_details: {
        due_by: now + 7 * 86_400,
        has_evidence: false,
        past_due: false,
        submission_count: 0,
      },
      created: now,
    };
    disputes.set(dispute.id, { owner: record.owner, object: dispute });
    (charge as { disputed?: boolean }).disputed = true;
    events.emit(record.owner, 'charge.dispute.created', dispute);
    return dispute;
  });
}
