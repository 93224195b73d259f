import { and, eq, getTableColumns } from 'drizzle-orm';
import type { PaymentDetailsOutput } from '#common/api/payments';
import type { Db } from '../../db/client';
import { checkouts, payments, type Merchant } from '../../db/schema/index';
import { AppError } from '../../lib/app-error';
import { recordBuyerDetailsShown, type CheckoutAccessRecorder } from '../security-monitoring';
import { toPaymentView } from './list-payments';
import { refundTotals } from './refund-totals';

/**
 * One of the merchant's payments with its checkout's buyer: the one payments view that shows buyer
 * data, so opening it is recorded as a checkout access (the list and the export show none).
 */
export async function paymentDetails(
  deps: { db: Db; checkoutAccess: CheckoutAccessRecorder },
  merchant: Merchant,
  paymentId: string,
): Promise<PaymentDetailsOutput> {
  const [row] = await deps.db
    .select({ payment: { ...getTableColumns(payments), ...refundTotals }, buyer: checkouts.buyer })
    .from(payments)
    .innerJoin(checkouts, eq(checkouts.id, payments.checkoutId))
    .where(and(eq(payments.id, paymentId), eq(payments.merchantId, merchant.id)))
    .limit(1);
  // Another merchant's payment is as unknown as one that does not exist.
  if (!row) throw new AppError('not_found', 'Payment not found.');
  const payment = toPaymentView(row.payment);
  recordBuyerDetailsShown(deps.checkoutAccess, merchant, payment);
  const { buyer } = row;
  return {
    payment,
    buyer: {
      name: buyer.name,
      email: buyer.email,
      phone: buyer.phone ?? null,
      address: {
        line1: buyer.address.line1,
        line2: buyer.address.line2 ?? null,
        city: buyer.address.city,
        region: buyer.address.region ?? null,
        postal_code: buyer.address.postalCode,
        country: buyer.address.country,
      },
    },
  };
}
