import { and, asc, eq, isNotNull, isNull, lt } from 'drizzle-orm';
import { readBolt11 } from '#common/domain/bolt11';
import type { BuyerLightningRefund } from '#common/api/order-status';
import { merchants, refunds, type Merchant, type Payment, type Refund } from '../../db/schema/index';
import { ProviderError } from '../../integrations/http';
import type { ProviderPayout } from '../../integrations/payments/payment-provider';
import { AppError } from '../../lib/app-error';
import { CommerceError, merchantPayoutAccount, type EngineDeps } from '../commerce';
import { paidSatsOf } from './reserve-refund';
import { settlePendingRefund } from './send-refund';
import { queueStoreRefunds } from './store-refund';

/**
 * Lightning refunds (ADR 053). A paid Lightning invoice cannot be reversed, so the merchant's refund
 * waits, pending, for the buyer to give an invoice on their order page for the refund's sats (fixed at
 * the payment's exchange rate); the merchant's provider then pays it. One refund pays one invoice once:
 * the request that sets the refund's invoice (from none, while pending) is the only one that asks the
 * provider, and Lightning itself pays an invoice at most once.
 */

const sats = (n: number) => `${n.toLocaleString('en-GB')} sats`;

/** What the buyer reads when an invoice is refused or cannot be paid. */
export const LIGHTNING_REFUND_MESSAGES = {
  none: 'There is no refund waiting for an invoice on this order.',
  notAnInvoice:
    'This is not a Lightning invoice. Paste the invoice your wallet made: it starts with "lnbc" (or "lntb" for test Bitcoin).',
  otherNetwork:
    'This invoice is for another Bitcoin network than the one you paid on. Make it in the same wallet.',
  noAmount: (owed: number) => `This invoice has no amount. Make an invoice for exactly ${sats(owed)}.`,
  otherAmount: (given: number, owed: number) =>
    `This invoice is for ${sats(given)}, but your refund is ${sats(owed)}. Make an invoice for exactly ${sats(owed)}.`,
  expired: (owed: number) => `This invoice has expired. Make a new invoice for ${sats(owed)}.`,
  used: (owed: number) => `This invoice has already been used or paid. Make a new invoice for ${sats(owed)}.`,
  busy: 'Your refund is already being sent. Reload the page in a moment to see it.',
  unavailable:
    'The store’s Lightning provider did not answer, so your refund may already be on its way. Reload this page in a few minutes to see it.',
} as const;

/** The buyer-facing state of a Lightning refund the provider pays. */
function buyerStatus(refund: Refund): BuyerLightningRefund['status'] {
  if (refund.status === 'succeeded') return 'paid';
  if (refund.status === 'failed') return 'failed';
  return refund.paymentRequest ? 'sending' : 'awaiting_invoice';
}

/**
 * The Lightning refunds of a payment that its provider pays to the buyer (not those made outside
 * AgentCart), oldest first, as the buyer's order page shows them, and the payment's exchange rate.
 */
export async function buyerLightningRefunds(
  deps: Pick<EngineDeps, 'db'>,
  payment: Payment,
): Promise<{ refunds: BuyerLightningRefund[]; btcPriceMinor: number | null }> {
  const paidSats = paidSatsOf(payment);
  if (!payment.method.startsWith('btc_')) return { refunds: [], btcPriceMinor: null };
  const rows = await deps.db
    .select()
    .from(refunds)
    .where(
      and(eq(refunds.paymentId, payment.id), eq(refunds.rail, 'lightning'), isNotNull(refunds.amountSats)),
    )
    .orderBy(asc(refunds.createdAt), asc(refunds.id));
  return {
    refunds: rows.map((refund) => ({
      amount: refund.amountMinor,
      amountSats: refund.amountSats!,
      status: buyerStatus(refund),
      createdAt: refund.createdAt.toISOString(),
    })),
    // The fiat price of one bitcoin the buyer paid at, in minor units: stated with every refund in sats.
    btcPriceMinor: paidSats ? Math.round((payment.amountMinor * 100_000_000) / paidSats) : null,
  };
}

/** Whether a provider's refusal is about the invoice (the buyer can make another), and which. */
function invoiceRefusal(err: ProviderError): 'expired' | 'used' | 'amount' | null {
  if (err.kind !== 'invalid_request') return null;
  const words = err.message.toLowerCase();
  if (words.includes('expired')) return 'expired';
  if (words.includes('already paid') || words.includes('already been paid')) return 'used';
  if (words.includes('amount')) return 'amount';
  return null;
}

/**
 * Pays the oldest Lightning refund of `payment` awaiting an invoice to the buyer's `invoice`. The
 * invoice is checked first (a BOLT11 invoice, on the payment's network, for exactly the refund's sats,
 * never given for a refund before); the refund is then claimed by setting its invoice, so of two
 * submits at once only one reaches the provider. The provider's refusal of the invoice (expired, paid
 * already) gives the claim back for another invoice; its refusal of the payout (no balance, no
 * permission) fails the refund with its reason, releasing its amount to the merchant. A provider that
 * could not be reached leaves the refund claimed, as the payout may have been made: nothing is asked
 * twice (ADR 053). Returns the refund as it now stands.
 */
export async function payBuyerInvoice(deps: EngineDeps, payment: Payment, invoice: string): Promise<Refund> {
  const [waiting] = await deps.db
    .select()
    .from(refunds)
    .where(
      and(
        eq(refunds.paymentId, payment.id),
        eq(refunds.rail, 'lightning'),
        eq(refunds.status, 'pending'),
        isNotNull(refunds.amountSats),
        isNull(refunds.paymentRequest),
      ),
    )
    .orderBy(asc(refunds.createdAt), asc(refunds.id))
    .limit(1);
  if (!waiting) {
    const [sending] = await deps.db
      .select({ id: refunds.id })
      .from(refunds)
      .where(
        and(
          eq(refunds.paymentId, payment.id),
          eq(refunds.status, 'pending'),
          isNotNull(refunds.paymentRequest),
        ),
      )
      .limit(1);
    throw new AppError('conflict', sending ? LIGHTNING_REFUND_MESSAGES.busy : LIGHTNING_REFUND_MESSAGES.none);
  }
  const owed = waiting.amountSats!;
  const paymentRequest = checkedInvoice(payment, invoice, owed);

  const [used] = await deps.db
    .select({ id: refunds.id })
    .from(refunds)
    .where(eq(refunds.paymentRequest, paymentRequest))
    .limit(1);
  if (used) throw invoiceError(LIGHTNING_REFUND_MESSAGES.used(owed));
  let claimed: Refund | undefined;
  try {
    [claimed] = await deps.db
      .update(refunds)
      .set({ paymentRequest, updatedAt: deps.clock.now() })
      .where(and(eq(refunds.id, waiting.id), eq(refunds.status, 'pending'), isNull(refunds.paymentRequest)))
      .returning();
  } catch (err) {
    // The unique index: another refund took this invoice in the meantime.
    if (isUniqueViolation(err)) throw invoiceError(LIGHTNING_REFUND_MESSAGES.used(owed));
    throw err;
  }
  if (!claimed) throw new AppError('conflict', LIGHTNING_REFUND_MESSAGES.busy);
  return sendPayout(deps, claimed);
}

/** The invoice as the provider is given it, or the buyer's error. */
function checkedInvoice(payment: Payment, invoice: string, owed: number): string {
  const read = readBolt11(invoice);
  if (!read) throw invoiceError(LIGHTNING_REFUND_MESSAGES.notAnInvoice);
  const paidWith =
    typeof payment.providerPayload.payment_request === 'string'
      ? readBolt11(payment.providerPayload.payment_request)
      : null;
  if (paidWith && paidWith.network !== read.network)
    throw invoiceError(LIGHTNING_REFUND_MESSAGES.otherNetwork);
  if (read.amountSats === null) throw invoiceError(LIGHTNING_REFUND_MESSAGES.noAmount(owed));
  if (read.amountSats !== owed)
    throw invoiceError(LIGHTNING_REFUND_MESSAGES.otherAmount(read.amountSats, owed));
  return invoice
    .trim()
    .replace(/^lightning:/i, '')
    .toLowerCase();
}

const invoiceError = (message: string) =>
  new AppError('unprocessable', message, { fieldErrors: { invoice: message } });

const isUniqueViolation = (err: unknown) =>
  (err as { code?: string })?.code === '23505' ||
  (err as { cause?: { code?: string } })?.cause?.code === '23505';

/**
 * Asks the provider to pay the claimed refund's invoice. `retry` is a payout in doubt sent again after
 * the provider was found to have none (ADR 058): a refusal of the invoice as paid already then means the
 * first request was paid after all, so the claim is kept for the next lookup rather than given back.
 */
async function sendPayout(deps: EngineDeps, refund: Refund, opts: { retry?: boolean } = {}): Promise<Refund> {
  const [merchant] = await deps.db.select().from(merchants).where(eq(merchants.id, refund.merchantId));
  try {
    const account = await merchantPayoutAccount(deps, merchant!, refund.provider);
    let payout = await account.provider.payInvoice(account.ctx, {
      paymentRequest: refund.paymentRequest!,
      amountSats: refund.amountSats!,
      reference: refund.id,
    });
    // The provider's asynchronous answer is pending; the payment has usually settled by the time we ask.
    if (payout.status === 'pending') {
      payout = await account.provider.getPayout(account.ctx, payout.id).catch(() => payout);
    }
    return await recordPayout(deps, refund, payout);
  } catch (err) {
    if (err instanceof ProviderError && err.retryable) {
      deps.logger.warn({ err, refundId: refund.id }, 'Lightning refund payout in doubt; left claimed');
      throw new AppError('provider_unavailable', LIGHTNING_REFUND_MESSAGES.unavailable);
    }
    if (err instanceof ProviderError) {
      const refusal = invoiceRefusal(err);
      if (refusal === 'used' && opts.retry) {
        deps.logger.warn({ refundId: refund.id }, 'Lightning refund invoice paid but its payout not found');
        return refund;
      }
      if (refusal) {
        // Nothing was paid: the refund waits for another invoice.
        await deps.db
          .update(refunds)
          .set({ paymentRequest: null, updatedAt: deps.clock.now() })
          .where(and(eq(refunds.id, refund.id), isNull(refunds.providerRefundId)));
        const owed = refund.amountSats!;
        throw invoiceError(
          refusal === 'expired'
            ? LIGHTNING_REFUND_MESSAGES.expired(owed)
            : refusal === 'used'
              ? LIGHTNING_REFUND_MESSAGES.used(owed)
              : LIGHTNING_REFUND_MESSAGES.otherAmount(refund.amountSats!, owed),
        );
      }
    } else if (!(err instanceof CommerceError)) {
      throw err;
    }
    return settlePendingRefund(deps, refund, { status: 'failed', failureReason: err.message });
  }
}

/** Records a payout's outcome on its refund; a succeeded refund is owed to the store's order. */
async function recordPayout(deps: EngineDeps, refund: Refund, payout: ProviderPayout) {
  const settled = await settlePendingRefund(deps, refund, {
    status: payout.status,
    providerRefundId: payout.id,
    failureReason: payout.failureReason,
  });
  if (settled.status === 'succeeded') await queueStoreRefunds(deps, refund.paymentId);
  return settled;
}

/**
 * How long a payout in doubt is left alone before it is looked up: far longer than a call to the
 * provider may take, so the lookup never runs beside the request it is about (which could still
 * arrive after an empty lookup and be paid twice).
 */
export const PAYOUT_IN_DOUBT_GRACE_MS = 2 * 60 * 1000;

/**
 * A payout whose answer was lost (ADR 058): the refund holds the buyer's invoice but no payout id. The
 * provider is asked for a payout of that refund (our reference, the invoice); one found is recorded as
 * if its answer had come, and only when there is none is the invoice sent again, where a Lightning
 * invoice is still paid at most once. The claim's time is moved first, so two instances of the job
 * never resolve the same refund at once. A provider that cannot be asked leaves it for the next round.
 */
async function resolvePayoutInDoubt(deps: EngineDeps, merchant: Merchant, refund: Refund): Promise<void> {
  const [taken] = await deps.db
    .update(refunds)
    .set({ updatedAt: deps.clock.now() })
    .where(
      and(
        eq(refunds.id, refund.id),
        eq(refunds.status, 'pending'),
        isNull(refunds.providerRefundId),
        eq(refunds.updatedAt, refund.updatedAt),
      ),
    )
    .returning();
  if (!taken) return;
  const account = await merchantPayoutAccount(deps, merchant, taken.provider);
  const found = await account.provider.findPayout(account.ctx, {
    reference: taken.id,
    paymentRequest: taken.paymentRequest!,
  });
  if (found) {
    await recordPayout(deps, taken, found);
    return;
  }
  await sendPayout(deps, taken, { retry: true }).catch((err: unknown) => {
    if (!(err instanceof AppError)) throw err;
  });
}

/**
 * Reads again the payouts the provider answered pending: each settles its refund once, succeeded or
 * failed with the provider's reason (`settle-lightning-payouts`, every minute). Then looks up the
 * payouts in doubt past their grace (resolvePayoutInDoubt). Answers how many pending payouts settled.
 */
export async function settlePendingPayouts(deps: EngineDeps, limit = 50): Promise<number> {
  const settled = await settleAnsweredPayouts(deps, limit);
  const inDoubt = await deps.db
    .select({ refund: refunds, merchant: merchants })
    .from(refunds)
    .innerJoin(merchants, eq(merchants.id, refunds.merchantId))
    .where(
      and(
        eq(refunds.rail, 'lightning'),
        eq(refunds.status, 'pending'),
        isNotNull(refunds.paymentRequest),
        isNull(refunds.providerRefundId),
        lt(refunds.updatedAt, new Date(deps.clock.now().getTime() - PAYOUT_IN_DOUBT_GRACE_MS)),
      ),
    )
    .limit(limit);
  for (const { refund, merchant } of inDoubt) {
    try {
      await resolvePayoutInDoubt(deps, merchant, refund);
    } catch (err) {
      deps.logger.warn({ err, refundId: refund.id }, 'Lightning refund payout in doubt not resolved yet');
    }
  }
  return settled;
}

async function settleAnsweredPayouts(deps: EngineDeps, limit: number): Promise<number> {
  const pending = await deps.db
    .select({ refund: refunds, merchant: merchants })
    .from(refunds)
    .innerJoin(merchants, eq(merchants.id, refunds.merchantId))
    .where(
      and(
        eq(refunds.rail, 'lightning'),
        eq(refunds.status, 'pending'),
        isNotNull(refunds.paymentRequest),
        isNotNull(refunds.providerRefundId),
      ),
    )
    .limit(limit);
  let settled = 0;
  for (const { refund, merchant } of pending) {
    try {
      const account = await merchantPayoutAccount(deps, merchant, refund.provider);
      const payout = await account.provider.getPayout(account.ctx, refund.providerRefundId!);
      if (payout.status === 'pending') continue;
      const after = await settlePendingRefund(deps, refund, {
        status: payout.status,
        providerRefundId: payout.id,
        failureReason: payout.failureReason,
      });
      if (after.status === 'succeeded') await queueStoreRefunds(deps, refund.paymentId);
      settled++;
    } catch (err) {
      deps.logger.warn({ err, refundId: refund.id }, 'Lightning refund payout not read; tried again later');
    }
  }
  return settled;
}
