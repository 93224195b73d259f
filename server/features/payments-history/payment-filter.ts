import { and, eq, gte, inArray, lt, notInArray, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { SETTLED_DISPLAY_STATUS, type PaymentDisplayStatus, type paymentsFilter } from '#common/api/payments';
import { payments } from '../../db/schema/index';

/** Rows shown as `display`; PENDING is everything else, so an unknown status is never hidden. */
function statusIs(display: PaymentDisplayStatus) {
  const settled = Object.entries(SETTLED_DISPLAY_STATUS);
  if (display === 'PENDING')
    return notInArray(
      payments.status,
      settled.map(([raw]) => raw),
    );
  return inArray(
    payments.status,
    settled.filter(([, shown]) => shown === display).map(([raw]) => raw),
  );
}

const DAY_MS = 24 * 60 * 60 * 1000;
const dayStart = (day: string) => new Date(`${day}T00:00:00Z`);

/**
 * The merchant's payments the filters select: method, displayed status, inclusive UTC days, and its own
 * tests only when asked for.
 */
export function paymentsWhere(merchantId: string, filter: z.output<typeof paymentsFilter>): SQL {
  return and(
    eq(payments.merchantId, merchantId),
    filter.include_test ? undefined : eq(payments.test, false),
    filter.method ? eq(payments.method, filter.method) : undefined,
    filter.status === 'all' ? undefined : statusIs(filter.status),
    filter.from ? gte(payments.createdAt, dayStart(filter.from)) : undefined,
    filter.to ? lt(payments.createdAt, new Date(dayStart(filter.to).getTime() + DAY_MS)) : undefined,
  )!;
}

/**
 * Where a page starts: the (created_at, id) of the last row of the previous one. Keyset rather than
 * offset, so a page costs the same at row 90,000 as at row 20, and payments arriving while the merchant
 * pages (all newer than the cursor) never shift a row onto the next page twice or past it unseen.
 * `at` is the database's own microsecond text: a JavaScript Date would drop the microseconds a row
 * written with now() carries, and the next page would repeat or skip it.
 */
interface PaymentCursor {
  at: string;
  id: string;
}

const CURSOR_AT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;

export function encodeCursor(cursor: PaymentCursor): string {
  return Buffer.from(`${cursor.at}|${cursor.id}`).toString('base64url');
}

/** The `cursor` query parameter, decoded; anything that is not one of ours is a 400, never a query. */
export const paymentCursor = z
  .string()
  .max(200)
  .transform((text, ctx): PaymentCursor => {
    const [at = '', id = '', ...rest] = Buffer.from(text, 'base64url').toString('utf8').split('|');
    if (rest.length > 0 || !CURSOR_AT.test(at) || !z.uuid().safeParse(id).success) {
      ctx.addIssue({ code: 'custom', message: 'Not a cursor this list gave out' });
      return z.NEVER;
    }
    return { at, id };
  });

/** Rows strictly older than the cursor, in the (created_at desc, id desc) order pages are read in. */
export function olderThan(cursor: PaymentCursor | undefined): SQL | undefined {
  if (!cursor) return undefined;
  return sql`(${payments.createdAt}, ${payments.id}) < (${cursor.at}::timestamptz, ${cursor.id}::uuid)`;
}

/** created_at as the cursor's microsecond UTC text. */
export const cursorAt = sql<string>`to_char(${payments.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;
