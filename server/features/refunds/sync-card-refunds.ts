import { and, eq, ne } from 'drizzle-orm';
import { REFUND_REASONS, type RefundReason } from '#common/domain/refunds';
import { orders, refunds, type Merchant, type Payment } from '../../db/schema/index';
import type { ProviderRefund } from '../../integrations/payments/payment-provider';
import { isUuid } from '../../lib/ids';
import { merchantCardAccount, type EngineDeps } from '../commerce';
import { refundStatusOf, REFUND_METADATA_KEY } from './send-refund';

const reasonOf = (words: string | null): RefundReason =>
  REFUND_REASONS.includes(words as RefundReason) ? (words as RefundReason) : 'other';

/**
 * Brings the ledger in line with the card provider's refunds of one payment, read from the provider (a
 * webhook only says which payment to read). A refund we made carries its ledger id in its metadata and
 * updates that entry, so its own webhook never doubles it, even when the webhook comes before our call's
 * answer; any other refund was made in the provider's dashboard and is recorded once, under its provider
 * id (`refunds_provider_refund_idx`), however often the provider tells us. Statuses follow the provider
 * both ways: a refund that succeeded and later failed at the bank fails here too.
 */
export async function syncCardRefunds(deps: EngineDeps, merchant: Merchant, payment: Payment) {
  if (!payment.providerInvoiceId) return;
  const account = await merchantCardAccount(deps, merchant, { payment });
  const found = await account.provider.listRefunds(account.ctx, payment.providerInvoiceId);
  for (const refund of found) await recordProviderRefund(deps, payment, refund);
}

async function recordProviderRefund(
  deps: Pick<EngineDeps, 'db' | 'clock'>,
  payment: Payment,
  found: ProviderRefund,
) {
  const status = refundStatusOf(found.status);
  const changes = {
    status,
    providerRefundId: found.id,
    failureReason: status === 'failed' ? found.failureReason : null,
    updatedAt: deps.clock.now(),
  };
  // Metadata is anyone's to write in the dashboard: only an id of ours on this payment is taken as ours.
  const tagged = found.metadata[REFUND_METADATA_KEY];
  const ledgerId = tagged && isUuid(tagged) ? tagged : null;
  const ours = ledgerId
    ? eq(refunds.id, ledgerId)
    : and(eq(refunds.provider, payment.provider), eq(refunds.providerRefundId, found.id));
  const updated = await deps.db
    .update(refunds)
    .set(changes)
    .where(and(ours, eq(refunds.paymentId, payment.id), ne(refunds.status, status)))
    .returning({ id: refunds.id });
  if (ledgerId || updated.length) return;
  const [order] = await deps.db
    .select({ id: orders.id })
    .from(orders)
    .where(eq(orders.checkoutId, payment.checkoutId));
  await deps.db
    .insert(refunds)
    .values({
      merchantId: payment.merchantId,
      paymentId: payment.id,
      orderId: order?.id ?? null,
      rail: 'card',
      provider: payment.provider,
      amountMinor: found.amountMinor,
      currency: payment.currency,
      reason: reasonOf(found.reason),
      ...changes,
      // One logical refund per provider refund, should it ever be asked for again.
      idempotencyKey: `${payment.provider}:${found.id}`,
      origin: 'provider_dashboard',
      test: payment.test,
    })
    .onConflictDoNothing();
}
