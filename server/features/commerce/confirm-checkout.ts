import { and, eq, getTableColumns, gt, isNull, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { checkouts, orders, payments, type Checkout, type Merchant, type Order } from '../../db/schema/index';
import { param, preparedQuery } from '../../db/prepared-query';
import { ProviderError } from '../../integrations/http';
import { holderGone } from '../../jobs/instances';
import { open } from '../../lib/crypto';
import { failpoint } from '../../lib/failpoint';
import type { EngineDeps } from '../../services/engine';
import { CommerceError } from './commerce-error';
import {
  merchantCardAccount,
  merchantLightningAccount,
  merchantStore,
  type CardAccount,
  type CommerceDeps,
} from './merchant-accounts';
import { priceFromStore } from './pricing';
import {
  recordPaymentFailure,
  recordPaymentProgress,
  recordPaymentSuccess,
  releaseClaim,
} from './settlement';
import { writeLeasedOrder, type OrderToWrite } from './write-store-order';

export const STORE_ORDER_QUEUE = 'store-order-write';

export type { EngineDeps };

export type ConfirmResult =
  { status: 'ACCEPTED'; order: Order } | { status: 'PENDING_PAYMENT'; checkout: Checkout };

/**
 * The time an agent's confirm gives the store in all (re-pricing and the first store write together):
 * one store timeout. A slow store then costs the agent no more than a down one does.
 */
export function storeDeadline(deps: CommerceDeps): AbortSignal {
  return AbortSignal.timeout(deps.runtime.timeoutMs);
}

function untilAborted(signal: AbortSignal): Promise<void> {
  if (signal.aborted) return Promise.resolve();
  return new Promise((resolve) => signal.addEventListener('abort', () => resolve(), { once: true }));
}

/**
 * Delivers an order just settled under this instance's store-write lease: one attempt straight away, so
 * an agent usually gets the store's order id in the confirm answer. If the store refuses, is down, or has
 * not answered by `deadline`, the store-write job takes over and tries every few seconds; if this
 * process dies first, reconciliation queues it (the lease's holder is gone). Returns the order as it
 * stands.
 */
export async function deliverOrder(
  deps: EngineDeps,
  held: OrderToWrite,
  deadline: AbortSignal,
): Promise<Order> {
  const orderId = held.order.id;
  // The attempt is not cut off at the deadline: a store write stopped mid-way may still land, and the
  // retry would then write the order twice. The caller stops waiting instead; the attempt ends on its
  // own timeouts, holding the lease (a late success is published as any order change is).
  const attempt = writeLeasedOrder(deps, held).catch((err: unknown) => {
    deps.logger.warn({ err, orderId }, 'store order write failed; the job will retry');
    return null;
  });
  const written = await Promise.race([attempt, untilAborted(deadline).then(() => null)]);
  if (written) return written;
  // Keyed by the order, so reconciliation leaves an order alone while this job still retries it.
  await deps.jobs.enqueue(STORE_ORDER_QUEUE, { orderId }, { singletonKey: orderId });
  const [current] = await deps.db.select().from(orders).where(eq(orders.id, orderId));
  return current!;
}

async function loadCheckout(deps: CommerceDeps, merchant: Merchant, checkoutId: string): Promise<Checkout> {
  const [checkout] = await deps.db
    .select()
    .from(checkouts)
    .where(and(eq(checkouts.id, checkoutId), eq(checkouts.merchantId, merchant.id)));
  if (!checkout) throw new CommerceError('invalid_checkout', 'Unknown checkout', { checkout_id: checkoutId });
  return checkout;
}

/** Tells a repeated confirm what happened to its checkout. */
async function alreadyProcessed(deps: CommerceDeps, checkout: Checkout): Promise<never> {
  if (checkout.status === 'EXPIRED')
    throw new CommerceError('expired', 'The payment window for this checkout has passed', {
      checkout_id: checkout.id,
      status: 'DECLINED',
    });
  // A declined checkout was answered 402 when it was declined; a later confirm is told how it ended (the
  // docs' 409 with details.status), so a retrying agent does not read a second decline.
  if (checkout.status === 'DECLINED') {
    throw new CommerceError('already_processed', 'This checkout was declined; start a new checkout', {
      checkout_id: checkout.id,
      status: 'DECLINED',
      reason: checkout.declineReason ?? 'The payment was declined',
    });
  }
  const [order] = await deps.db.select().from(orders).where(eq(orders.checkoutId, checkout.id));
  throw new CommerceError('already_processed', 'This checkout has already been processed', {
    checkout_id: checkout.id,
    status: checkout.status,
    ...(order ? { order_id: order.id, adapter_ref: order.storeOrderId } : {}),
  });
}

/**
 * Confirms a checkout. Card: exactly one confirm wins the PENDING → PROCESSING compare-and-set (or takes
 * over the claim of a confirm whose process died), re-prices against the store, charges the token with
 * the checkout id as Stripe's idempotency key (a retried confirm can never charge twice), records the
 * payment, then delivers the order. Bitcoin: asks the provider whether the invoice is paid and settles
 * once.
 */
export async function confirmCheckout(
  deps: EngineDeps,
  merchant: Merchant,
  checkoutId: string,
  /** `card`: the merchant's card account, when the caller has loaded it already (it is not loaded again). */
  opts: { card?: CardAccount } = {},
): Promise<ConfirmResult> {
  const claim = await claimCardCheckout(deps, merchant, checkoutId);
  if (!claim) return answerUnclaimed(deps, merchant, await loadCheckout(deps, merchant, checkoutId));
  const { checkout: claimed, takenOver } = claim;

  const release = () => releaseClaim(deps, claimed.id, { claimedBy: deps.instance.id });
  // The charge may or may not have happened; releasing lets the agent retry, and the retry reuses the
  // same idempotency key, so Stripe answers with the first attempt instead of charging again.
  const providerUnavailable = async () => {
    await release();
    return new CommerceError(
      'provider_unavailable',
      'The card provider is not answering; confirm again shortly',
      { checkout_id: claimed.id },
    );
  };
  const deadline = storeDeadline(deps);
  try {
    // A confirm taken over may have charged before its process died: that charge settles the checkout,
    // as reconciliation would. Only when the provider holds none does this one charge (with the same
    // idempotency key, so a charge its search does not show yet is answered, not repeated).
    if (takenOver) {
      const earlier = await settleWithEarlierCharge(deps, merchant, claimed, opts.card).catch(
        async (err: unknown) => {
          throw err instanceof ProviderError ? await providerUnavailable() : err;
        },
      );
      if (earlier !== 'unpaid') return reportSettled(deps, merchant, claimed.id);
    }
    // The account and the fee are the database's work and the re-price the store's, so they overlap; both
    // end before anything else happens. A decline is reported first (a fee fixed meanwhile is never
    // charged or billed, as the checkout is declined).
    const [priced, terms] = await Promise.allSettled([
      repriceOrDecline(deps, merchant, claimed, deadline),
      Promise.all([opts.card ?? merchantCardAccount(deps, merchant), fixPlatformFee(deps, claimed)]),
    ]);
    if (priced.status === 'rejected') throw priced.reason;
    if (terms.status === 'rejected') throw terms.reason;
    const catalogueChecked = priced.value;
    const [card, feeMinor] = terms.value;
    const applicationFeeMinor = card.viaConnect && feeMinor !== null ? feeMinor : undefined;
    let payment;
    try {
      payment = await card.provider.chargeSharedPaymentToken(card.ctx, {
        token: open(deps.keyring, claimed.paymentTokenSealed!),
        amountMinor: claimed.amountMinor,
        currency: claimed.currency,
        idempotencyKey: claimed.id,
        description: `${merchant.name} order ${claimed.id}`,
        metadata: { checkout_id: claimed.id },
        applicationFeeMinor,
      });
    } catch (err) {
      if (err instanceof ProviderError && (err.kind === 'declined' || err.kind === 'invalid_request')) {
        await recordPaymentFailure(deps, claimed.id, ['PROCESSING'], {
          checkoutStatus: 'DECLINED',
          paymentStatus: 'failed',
          reason: err.message,
        });
        throw new CommerceError('declined', err.message, {
          checkout_id: claimed.id,
          status: 'DECLINED',
          decline_code: err.providerCode ?? null,
        });
      }
      if (err instanceof ProviderError) throw await providerUnavailable();
      throw err;
    }
    if (payment.status !== 'succeeded') {
      await recordPaymentFailure(deps, claimed.id, ['PROCESSING'], {
        checkoutStatus: 'DECLINED',
        paymentStatus: payment.status === 'requires_action' ? 'failed' : payment.status,
        reason: payment.failureMessage ?? `Payment ${payment.providerStatus}`,
        payment,
      });
      throw new CommerceError('declined', payment.failureMessage ?? 'The payment did not complete', {
        checkout_id: claimed.id,
        status: 'DECLINED',
      });
    }
    failpoint('card.after-charge');
    // PENDING too: if this process stalled past the claim's lease, reconciliation may have released the
    // checkout (or settled it, and then this answers with that order). A charge that succeeded under this
    // checkout's idempotency key is its one payment whichever state it is found in.
    const order = await recordPaymentSuccess(deps, claimed.id, ['PROCESSING', 'PENDING'], payment, {
      accountId: card.accountId,
    });
    const delivered = order
      ? await deliverOrder(
          deps,
          { order, checkout: claimed, merchant, transactionId: payment.id, catalogueChecked },
          deadline,
        )
      : undefined;
    return reportSettled(deps, merchant, claimed.id, { order: delivered });
  } catch (err) {
    if (err instanceof CommerceError) throw err;
    await release();
    throw err;
  }
}

/**
 * Claims a card checkout for this confirm, PENDING → PROCESSING, or takes over a PROCESSING claim whose
 * instance died (docs/decisions/010): exactly one confirm wins. Null when there is nothing to claim
 * (unknown, expired, Bitcoin, held by a live confirm, or settled). `takenOver` says it was PROCESSING:
 * the `before` row is the one this statement's snapshot read, which an update never shows itself.
 */
async function claimCardCheckout(
  deps: EngineDeps,
  merchant: Merchant,
  checkoutId: string,
): Promise<{ checkout: Checkout; takenOver: boolean } | null> {
  const [claimed] = await claimStatement(deps.db).execute({
    checkoutId,
    merchantId: merchant.id,
    instanceId: deps.instance.id,
    now: deps.clock.now(),
  });
  if (!claimed) return null;
  const { takenOver, ...checkout } = claimed;
  return { checkout, takenOver };
}

const claimStatement = preparedQuery((db) => {
  const before = alias(checkouts, 'before');
  return db
    .update(checkouts)
    .set({ status: 'PROCESSING', claimedBy: param('instanceId'), updatedAt: param('now') })
    .from(before)
    .where(
      and(
        eq(checkouts.id, sql.placeholder('checkoutId')),
        eq(checkouts.merchantId, sql.placeholder('merchantId')),
        eq(before.id, checkouts.id),
        gt(checkouts.expiresAt, sql.placeholder('now')),
        or(
          eq(checkouts.status, 'PENDING'),
          and(eq(checkouts.status, 'PROCESSING'), holderGone(checkouts.claimedBy)),
        ),
      ),
    )
    .returning({ ...getTableColumns(checkouts), takenOver: sql<boolean>`${before.status} = 'PROCESSING'` });
});

/** A confirm that claimed nothing: Bitcoin is asked about, an expired checkout ends, others are told. */
async function answerUnclaimed(
  deps: EngineDeps,
  merchant: Merchant,
  checkout: Checkout,
): Promise<ConfirmResult> {
  if (checkout.method === 'btc') return confirmBitcoin(deps, merchant, checkout);
  if (checkout.status === 'PENDING' && checkout.expiresAt <= deps.clock.now()) {
    await recordPaymentFailure(deps, checkout.id, ['PENDING'], {
      checkoutStatus: 'EXPIRED',
      paymentStatus: 'expired',
      reason: 'checkout expired',
    });
    throw new CommerceError('expired', 'This checkout expired before it was confirmed', {
      checkout_id: checkout.id,
      status: 'DECLINED',
    });
  }
  return reportSettled(deps, merchant, checkout.id, { checkout });
}

/**
 * Settles a claimed card checkout with the charge its provider already holds for it (found by the
 * checkout id in its metadata, docs/decisions/010), through the exactly-once path of a confirm, and
 * delivers the order. 'unpaid': the provider holds no paid charge. 'unresolved': the charge is still
 * processing, or its amount differs from the checkout (logged and left for a person).
 */
export async function settleWithEarlierCharge(
  deps: EngineDeps,
  merchant: Merchant,
  checkout: Checkout,
  loaded?: CardAccount,
): Promise<'settled' | 'unpaid' | 'unresolved'> {
  const card = loaded ?? (await merchantCardAccount(deps, merchant, { pastPayment: true }));
  const payment = await card.provider.findPaymentByMetadata(card.ctx, 'checkout_id', checkout.id);
  if (payment?.status === 'processing') return 'unresolved';
  if (payment?.status !== 'succeeded') return 'unpaid';
  if (payment.amountMinor !== checkout.amountMinor || payment.currency !== checkout.currency) {
    deps.logger.error(
      { checkoutId: checkout.id, paymentId: payment.id },
      'a payment tagged with this checkout does not match its total; left for review',
    );
    return 'unresolved';
  }
  // The charge was found on this account, so it is the one that took it.
  const order = await recordPaymentSuccess(deps, checkout.id, ['PROCESSING'], payment, {
    accountId: card.accountId,
  });
  if (order)
    await deliverOrder(deps, { order, checkout, merchant, transactionId: payment.id }, storeDeadline(deps));
  return 'settled';
}

/**
 * The checkout's platform fee, worked out from the merchant's plan by the first charge attempt and kept:
 * a retry sends Stripe the same idempotency key, so it must send the same application fee (other
 * parameters are refused as a different request), and the order owes the fee of the plan it was charged
 * under. Null when the app provides no fee (the ledger then works it out when it records the order) and
 * for a test checkout, which owes none.
 */
async function fixPlatformFee(deps: EngineDeps, checkout: Checkout): Promise<number | null> {
  if (checkout.platformFeeMinor !== null) return checkout.platformFeeMinor;
  // A merchant's own test is not business: the platform takes no fee on it (ADR 043).
  if (!deps.platformFee || checkout.test) return null;
  const fee = await deps.platformFee(checkout.merchantId, checkout.amountMinor);
  const [fixed] = await fixFeeStatement(deps.db).execute({
    checkoutId: checkout.id,
    merchantId: checkout.merchantId,
    feeMinor: fee.feeMinor,
    plan: fee.plan,
  });
  return fixed!.feeMinor;
}

// Another attempt may have fixed it first (a claim released and taken again): its fee stands.
const fixFeeStatement = preparedQuery((db) =>
  db
    .update(checkouts)
    .set({
      platformFeeMinor: sql`coalesce(${checkouts.platformFeeMinor}, ${param('feeMinor')})`,
      platformFeePlan: sql`CASE WHEN ${isNull(checkouts.platformFeeMinor)} THEN ${param('plan')} ELSE ${checkouts.platformFeePlan} END`,
    })
    .where(
      and(
        eq(checkouts.id, sql.placeholder('checkoutId')),
        eq(checkouts.merchantId, sql.placeholder('merchantId')),
      ),
    )
    .returning({ feeMinor: checkouts.platformFeeMinor }),
);

/**
 * Prices must still hold when the money moves. If the store now charges differently or cannot supply
 * an item, the checkout is declined before any charge. If the store cannot be reached or does not
 * answer before `deadline`, the offer's prices (at most 30 minutes old) stand, so an outage delays the
 * order rather than losing the sale. Returns whether the store vouched for every line as it will be
 * written (StoreOrderInput.catalogueChecked).
 */
async function repriceOrDecline(
  deps: CommerceDeps,
  merchant: Merchant,
  checkout: Checkout,
  deadline: AbortSignal,
): Promise<boolean> {
  try {
    const store = await merchantStore(deps, merchant, { deadline });
    const { items } = await priceFromStore(store, checkout.items, checkout.currency);
    const changed = items.filter((fresh) => {
      const was = checkout.items.find((i) => i.sku === fresh.sku);
      return !was || was.unitPriceMinor !== fresh.unitPriceMinor;
    });
    if (changed.length > 0) {
      await recordPaymentFailure(deps, checkout.id, ['PROCESSING'], {
        checkoutStatus: 'DECLINED',
        paymentStatus: 'canceled',
        reason: 'prices changed',
      });
      throw new CommerceError('invalid_checkout', 'Prices changed since the offer; request a new offer', {
        checkout_id: checkout.id,
        items: changed.map((i) => ({ sku: i.sku, unit_price: i.unitPriceMinor })),
      });
    }
    // Found for sale by SKU under the ids the order will be written with: the store write need not look.
    return checkout.items.every((line) =>
      items.some(
        (fresh) =>
          fresh.sku === line.sku && fresh.productId === line.productId && fresh.variantId === line.variantId,
      ),
    );
  } catch (err) {
    if (err instanceof CommerceError && err.code === 'store_unavailable') {
      deps.logger.warn(
        { checkoutId: checkout.id },
        'store unreachable at confirm; charging at the offer prices',
      );
      return false;
    }
    if (err instanceof CommerceError && err.code === 'invalid_request') {
      await recordPaymentFailure(deps, checkout.id, ['PROCESSING'], {
        checkoutStatus: 'DECLINED',
        paymentStatus: 'canceled',
        reason: err.message,
      });
      throw new CommerceError('invalid_checkout', 'Some items can no longer be sold; request a new offer', {
        checkout_id: checkout.id,
        ...err.details,
      });
    }
    throw err;
  }
}

/**
 * A checkout that is no longer pending: the first confirm to see its acceptance gets it, others learn it
 * was processed. A settling confirm takes it here too, only once the settlement has committed and the
 * order is delivered (never inside the settlement): if the process dies in between, no answer was given,
 * and the agent's next confirm is answered ACCEPTED with the order. `known`: the checkout as just read,
 * or the order just delivered (neither is read again).
 */
async function reportSettled(
  deps: CommerceDeps,
  merchant: Merchant,
  checkoutId: string,
  known: { checkout?: Checkout; order?: Order } = {},
): Promise<ConfirmResult> {
  if (!known.checkout || known.checkout.status === 'ACCEPTED') {
    const [reported] = await reportAcceptanceStatement(deps.db).execute({
      checkoutId,
      merchantId: merchant.id,
      now: deps.clock.now(),
    });
    if (reported) {
      const order =
        known.order ?? (await deps.db.select().from(orders).where(eq(orders.checkoutId, checkoutId)))[0];
      return { status: 'ACCEPTED', order: order! };
    }
  }
  return alreadyProcessed(deps, known.checkout ?? (await loadCheckout(deps, merchant, checkoutId)));
}

const reportAcceptanceStatement = preparedQuery((db) =>
  db
    .update(checkouts)
    .set({ acceptanceReportedAt: param('now') })
    .where(
      and(
        eq(checkouts.id, sql.placeholder('checkoutId')),
        eq(checkouts.merchantId, sql.placeholder('merchantId')),
        eq(checkouts.status, 'ACCEPTED'),
        isNull(checkouts.acceptanceReportedAt),
      ),
    )
    .returning({ id: checkouts.id }),
);

/**
 * Asks the Lightning provider about the invoice and settles once (the webhook and the background job
 * call the same path). Paid → ACCEPTED; expired → EXPIRED; failed → DECLINED; otherwise still pending.
 */
export async function confirmBitcoin(
  deps: EngineDeps,
  merchant: Merchant,
  checkout: Checkout,
  opts: { fromAgent?: boolean } = {},
): Promise<ConfirmResult> {
  const fromAgent = opts.fromAgent ?? true;
  if (checkout.status !== 'PENDING_PAYMENT')
    return fromAgent
      ? reportSettled(deps, merchant, checkout.id, { checkout })
      : alreadyProcessed(deps, checkout);
  const lightning = await merchantLightningAccount(deps, merchant);
  const [paymentRow] = await deps.db.select().from(payments).where(eq(payments.checkoutId, checkout.id));
  let payment;
  try {
    payment = await lightning.provider.getPayment(lightning.ctx, paymentRow!.providerInvoiceId!);
  } catch (err) {
    if (err instanceof ProviderError)
      throw new CommerceError(
        'provider_unavailable',
        'The Bitcoin provider is not answering; try again shortly',
        { checkout_id: checkout.id },
      );
    throw err;
  }
  switch (payment.status) {
    case 'succeeded': {
      failpoint('lightning.after-paid');
      const order = await recordPaymentSuccess(deps, checkout.id, ['PENDING_PAYMENT'], payment);
      const delivered = order
        ? await deliverOrder(
            deps,
            { order, checkout, merchant, transactionId: payment.id },
            storeDeadline(deps),
          )
        : undefined;
      if (fromAgent) return reportSettled(deps, merchant, checkout.id, { order: delivered });
      // A notification or the job settles, but only an agent's confirm takes the agent's ACCEPTED.
      return delivered
        ? { status: 'ACCEPTED', order: delivered }
        : alreadyProcessed(deps, await loadCheckout(deps, merchant, checkout.id));
    }
    case 'expired':
      await recordPaymentFailure(deps, checkout.id, ['PENDING_PAYMENT'], {
        checkoutStatus: 'EXPIRED',
        paymentStatus: 'expired',
        reason: 'invoice expired',
        payment,
      });
      throw new CommerceError('expired', 'The Lightning invoice expired before it was paid', {
        checkout_id: checkout.id,
        status: 'DECLINED',
      });
    case 'failed':
    case 'canceled':
      await recordPaymentFailure(deps, checkout.id, ['PENDING_PAYMENT'], {
        checkoutStatus: 'DECLINED',
        paymentStatus: payment.status,
        reason: `invoice ${payment.providerStatus}`,
        payment,
      });
      throw new CommerceError('declined', 'The Lightning payment did not complete', {
        checkout_id: checkout.id,
        status: 'DECLINED',
      });
    default:
      // pending, processing, or needs_review (underpaid): visible states, not errors.
      await recordPaymentProgress(deps, checkout.id, payment);
      return { status: 'PENDING_PAYMENT', checkout };
  }
}
