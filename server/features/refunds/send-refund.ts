import { and, eq, isNull } from 'drizzle-orm';
import type { RefundReason, RefundStatus } from '#common/domain/refunds';
import type { PaymentStatus } from '#common/domain/payment-status';
import { payments, refunds, type Merchant, type Refund } from '../../db/schema/index';
import { ProviderError } from '../../integrations/http';
import { CommerceError, merchantCardAccount, type EngineDeps } from '../commerce';

/** Stripe's reasons are ours but `other`, which Stripe has no word for (it sends none). */
const PROVIDER_REASON: Record<RefundReason, string | undefined> = {
  duplicate: 'duplicate',
  fraudulent: 'fraudulent',
  requested_by_customer: 'requested_by_customer',
  other: undefined,
};

/** A provider's refund status in our three: anything not settled either way is still pending. */
export function refundStatusOf(status: PaymentStatus): RefundStatus {
  if (status === 'succeeded') return 'succeeded';
  if (status === 'failed' || status === 'canceled') return 'failed';
  return 'pending';
}

/** The key the provider dedupes one logical refund by: every retry of this refund sends the same. */
export const providerIdempotencyKey = (refund: Pick<Refund, 'id'>) => `agentcart-refund-${refund.id}`;

/** The metadata our refunds carry at the provider, so its webhook is matched to the refund we made. */
export const REFUND_METADATA_KEY = 'agentcart_refund_id';

/**
 * Asks the payment's card provider for a reserved refund, on the account that took the payment, and
 * records the answer. A refusal (the provider says no, or that account is not the connected one any more)
 * fails the refund, releasing its amount; a provider that could not be reached leaves it pending with nothing sent, for
 * `retry-refunds` to send again with the same idempotency key. Returns the refund as it now stands.
 */
export async function sendCardRefund(deps: EngineDeps, merchant: Merchant, refund: Refund): Promise<Refund> {
  const [payment] = await deps.db
    .select({ providerInvoiceId: payments.providerInvoiceId, providerAccountId: payments.providerAccountId })
    .from(payments)
    .where(eq(payments.id, refund.paymentId));
  try {
    if (!payment?.providerInvoiceId)
      throw new CommerceError('not_found', 'The provider has no record of this payment.');
    // The account that took the payment, or none: a refund sent to another would draw on its balance.
    const account = await merchantCardAccount(deps, merchant, { payment });
    const answer = await account.provider.refundPayment(account.ctx, {
      paymentId: payment.providerInvoiceId,
      amountMinor: refund.amountMinor,
      idempotencyKey: providerIdempotencyKey(refund),
      reason: PROVIDER_REASON[refund.reason as RefundReason],
      // The platform's fee is given back in proportion where the platform took one (Stripe Connect).
      refundApplicationFee: account.viaConnect,
      metadata: { [REFUND_METADATA_KEY]: refund.id },
    });
    return await settlePendingRefund(deps, refund, {
      status: refundStatusOf(answer.status),
      providerRefundId: answer.id,
      failureReason: answer.failureReason,
    });
  } catch (err) {
    if (err instanceof ProviderError && err.retryable) {
      deps.logger.warn({ err, refundId: refund.id }, 'refund not sent; the provider will be asked again');
      return refund;
    }
    if (!(err instanceof ProviderError) && !(err instanceof CommerceError)) throw err;
    return settlePendingRefund(deps, refund, { status: 'failed', failureReason: err.message });
  }
}

/**
 * Records a provider's outcome on a refund still pending: a later webhook or retry that already settled
 * it wins, so the answer of a slow call never turns a settled refund back.
 */
export async function settlePendingRefund(
  deps: Pick<EngineDeps, 'db' | 'clock'>,
  refund: Refund,
  outcome: { status: RefundStatus; providerRefundId?: string; failureReason?: string | null },
): Promise<Refund> {
  const [settled] = await deps.db
    .update(refunds)
    .set({
      status: outcome.status,
      failureReason: outcome.status === 'failed' ? (outcome.failureReason ?? null) : null,
      ...(outcome.providerRefundId ? { providerRefundId: outcome.providerRefundId } : {}),
      updatedAt: deps.clock.now(),
    })
    .where(
      and(
        eq(refunds.id, refund.id),
        eq(refunds.status, 'pending'),
        outcome.providerRefundId ? undefined : isNull(refunds.providerRefundId),
      ),
    )
    .returning();
  if (settled) return settled;
  const [current] = await deps.db.select().from(refunds).where(eq(refunds.id, refund.id));
  return current!;
}
