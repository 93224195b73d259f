import type { PaymentView } from '#common/api/payments';
import type { Merchant } from '../../db/schema/index';
import type { CheckoutAccessRecorder } from './access-recorder';

/**
 * A payment's buyer shown to the merchant's user: its checkout's buyer data was read. Only views that
 * show buyer data record an access; the payments list and its CSV export show none, so a merchant
 * paging or exporting its history raises no rapid-access alarm.
 */
export function recordBuyerDetailsShown(
  recorder: CheckoutAccessRecorder,
  merchant: Merchant,
  payment: PaymentView,
) {
  recorder.record(merchant.id, {
    checkout_id: payment.checkout_id,
    amount: payment.amount,
    currency: payment.currency,
    // Each user owns one merchant, so the merchant's user is the reader.
    user_id: merchant.userId,
    status: payment.status,
    via: 'dashboard',
  });
}
