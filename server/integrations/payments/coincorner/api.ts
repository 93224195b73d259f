import { z } from 'zod';
import { ProviderError, sendRequest, type AdapterContext, type ProviderErrorKind } from '../../http';
import type { CoincornerCredentials } from './credentials';
import { coincornerSignature, nextNonce } from './signature';

/** Decimal amounts come back as JSON numbers (C# decimals); accept strings too. */
const decimal = z.union([z.number(), z.string()]);
const orderId = z.union([z.string(), z.number()]).transform(String);

/** CheckOrder's answer (checkout.coincorner.com/Help/Api/POST-api-CheckOrder). */
export const coincornerCheck = z.object({
  OrderId: orderId.nullish(),
  OrderStatus: z.union([z.number(), z.string()]).nullish(),
  OrderStatusText: z.string().nullish(),
});
export type CoincornerCheck = z.infer<typeof coincornerCheck>;

/** GetOrder's answer; the public docs list only part of it. */
export const coincornerOrder = z.object({
  OrderId: orderId.nullish(),
  PaymentAddress: z.string().nullish(),
  InvoiceAmount: decimal,
  InvoiceCurrency: z.string(),
  SettleAmount: decimal.nullish(),
  SettleCurrency: z.string().nullish(),
  CryptoAmount: decimal.nullish(),
  /** Provisional: no public CoinCorner page shows a BOLT11 field; used when present. */
  LightningInvoice: z.string().nullish(),
  /** Provisional: the public docs show no expiry field; used when present. */
  ExpiryDate: z.string().nullish(),
});
export type CoincornerOrder = z.infer<typeof coincornerOrder>;

/** CreateOrder answers with a JSON string: the hosted checkout URL, or an error message. */
export const coincornerCheckoutUrl = z.string().regex(/\/Checkout\/[^/?#\s]+/);

export type CoincornerMethod = 'CreateOrder' | 'CheckOrder' | 'GetOrder';

const AUTH_WORDS = /signature|api ?key|unauthori[sz]ed|authori[sz]ation|denied|credential/i;
const NONCE_WORDS = /nonce/i;
const NOT_FOUND_WORDS = /not found|no order|does not exist|doesn't exist|unknown order/i;

/**
 * CoinCorner reports failures as a non-2xx status, a 200 whose body is a bare JSON string, or an object
 * with an `Error` (or ASP.NET `Message`) field. Only the words tell a refused signature from a missing
 * order, so `fallback` says what an unrecognised message means for the call at hand.
 */
export function coincornerError(
  status: number,
  message: string | undefined,
  fallback: ProviderErrorKind = 'invalid_request',
): ProviderError {
  const opts = { status };
  const text = message || `CoinCorner answered ${status}`;
  if (status === 401 || status === 403 || (message && AUTH_WORDS.test(message)))
    return new ProviderError('coincorner', 'auth', 'CoinCorner refused the API credentials', opts);
  if (status === 404 || (message && NOT_FOUND_WORDS.test(message)))
    return new ProviderError('coincorner', 'not_found', text, opts);
  if (status === 429) return new ProviderError('coincorner', 'rate_limited', text, opts);
  if (status >= 500) return new ProviderError('coincorner', 'unavailable', text, opts);
  return new ProviderError('coincorner', status >= 400 ? 'invalid_request' : fallback, text, opts);
}

function errorText(body: unknown): string | undefined {
  if (typeof body === 'string') return body;
  if (body && typeof body === 'object') {
    const { Error: error, Message: message } = body as { Error?: unknown; Message?: unknown };
    if (typeof error === 'string' && error) return error;
    if (typeof message === 'string' && message) return message;
  }
  return undefined;
}

/**
 * One signed call: every CoinCorner method is `POST /api/<Method>` with APIKey, Nonce and Signature in the
 * body, form-encoded as the official plugins send it. A rejected nonce (another process using the same
 * key in the same millisecond) is retried once with a fresh one.
 */
export async function coincornerRequest<T extends z.ZodType>(
  ctx: AdapterContext<CoincornerCredentials>,
  method: CoincornerMethod,
  fields: Record<string, string>,
  schema: T,
  opts: { unrecognisedError?: ProviderErrorKind } = {},
): Promise<z.infer<T>> {
  for (let attempt = 1; ; attempt += 1) {
    const nonce = nextNonce();
    const form = new URLSearchParams({
      ...fields,
      APIKey: ctx.credentials.apiKey.toLowerCase(),
      Nonce: String(nonce),
      Signature: coincornerSignature({ ...ctx.credentials, nonce }),
    });
    const res = await sendRequest('coincorner', ctx.http, { method: 'POST', path: `/api/${method}`, form });
    const ok = res.status >= 200 && res.status < 300;
    const message = errorText(res.body);
    // A 200 string is either the answer (CreateOrder's URL) or an error; an object with Error is an error.
    const objectWithError = typeof res.body === 'object' && res.body !== null && message !== undefined;
    if (ok && !objectWithError) {
      const parsed = schema.safeParse(res.body);
      if (parsed.success) return parsed.data;
      if (message === undefined) {
        throw new ProviderError(
          'coincorner',
          'malformed_response',
          'CoinCorner answered with an unexpected response',
          {
            status: res.status,
          },
        );
      }
    }
    if (message && NONCE_WORDS.test(message) && attempt < 2) continue;
    throw coincornerError(res.status, message, opts.unrecognisedError);
  }
}
