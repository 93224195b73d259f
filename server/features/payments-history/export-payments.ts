import type { z } from 'zod';
import { formatAmount } from '#common/domain/money';
import type { paymentsFilter } from '#common/api/payments';
import type { Db } from '../../db/client';
import type { Merchant } from '../../db/schema/index';
import { readPaymentsPage, toPaymentView, type PaymentsPageQuery } from './list-payments';
import { paymentCursor } from './payment-filter';

const COLUMNS = [
  'created_at',
  'payment_id',
  'checkout_id',
  'method',
  'status',
  'raw_status',
  'amount',
  'currency',
  'provider_invoice_id',
  'payment_request',
  'test',
  // Refunds of the payment (ADR 047): succeeded, and what may still be refunded.
  'refunded',
  'refundable',
] as const;

/**
 * A spreadsheet runs a cell that starts with = + - @ (or a tab or carriage return, which some strip
 * first) as a formula, so such a cell is prefixed with a quote and reads as text. Every cell is quoted.
 */
export function csvCell(value: string | null): string {
  const text = value ?? '';
  const inert = /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
  return `"${inert.replaceAll('"', '""')}"`;
}

// Large enough that a 100,000-row export is 200 queries, small enough to hold little in memory.
const EXPORT_PAGE_SIZE = 500;

/**
 * The filtered payments as CSV lines, header first, read page by page as the response drains, so an
 * export of every payment never holds more than one page. The rows carry no buyer data, so the export
 * is not a checkout access, however many rows it holds.
 */
export async function* exportPaymentsCsv(
  db: Db,
  merchant: Merchant,
  filter: z.output<typeof paymentsFilter>,
): AsyncGenerator<string> {
  yield `${COLUMNS.join(',')}\r\n`;
  let query: PaymentsPageQuery = { ...filter, limit: EXPORT_PAGE_SIZE };
  for (;;) {
    const { rows, nextCursor } = await readPaymentsPage(db, merchant.id, query);
    yield rows
      .map(toPaymentView)
      .map((p) =>
        [
          p.created_at,
          p.id,
          p.checkout_id,
          p.method,
          p.status,
          p.raw_status,
          formatAmount(p.amount, p.currency),
          p.currency,
          p.provider_invoice_id,
          p.payment_request,
          String(p.test),
          formatAmount(p.refunded, p.currency),
          formatAmount(p.refundable, p.currency),
        ]
          .map(csvCell)
          .join(','),
      )
      .map((line) => `${line}\r\n`)
      .join('');
    if (!nextCursor) return;
    query = { ...query, cursor: paymentCursor.parse(nextCursor) };
  }
}
