import { z } from 'zod';
import { ProviderError, sendRequest, type AdapterContext, type HttpRequest } from '../../http';
import type { BtcpayCredentials } from './credentials';

/** Greenfield serializes decimals as strings ("5.00"); older servers sent numbers. */
const decimal = z.union([z.string(), z.number()]);

/** The parts of a Greenfield InvoiceData we read (swagger.template.invoices.json). */
export const btcpayInvoice = z.object({
  id: z.string(),
  storeId: z.string().nullish(),
  amount: decimal,
  currency: z.string(),
  status: z.string(),
  additionalStatus: z.string().nullish(),
  checkoutLink: z.string().nullish(),
  createdTime: z.number().nullish(),
  expirationTime: z.number().nullish(),
  metadata: z.record(z.string(), z.unknown()).nullish(),
});
export type BtcpayInvoice = z.infer<typeof btcpayInvoice>;

/** One entry of `GET .../invoices/{id}/payment-methods`. */
export const btcpayPaymentMethod = z.object({
  /** `BTC-LN`, `BTC-CHAIN`, … since BTCPay 2.0; older servers sent `paymentMethod` instead. */
  paymentMethodId: z.string().nullish(),
  paymentMethod: z.string().nullish(),
  destination: z.string().nullish(),
  paymentLink: z.string().nullish(),
  amount: decimal.nullish(),
  due: decimal.nullish(),
  totalPaid: decimal.nullish(),
  activated: z.boolean().nullish(),
});
export type BtcpayPaymentMethod = z.infer<typeof btcpayPaymentMethod>;

/** Validation failures are `[{path, message}]`; everything else `{code, message}`. */
function describeFailure(body: unknown): { message?: string; code?: string } {
  if (Array.isArray(body)) {
    const parts = body
      .map((e: { path?: unknown; message?: unknown }) =>
        typeof e?.message === 'string'
          ? typeof e.path === 'string' && e.path
            ? `${e.path}: ${e.message}`
            : e.message
          : null,
      )
      .filter(Boolean);
    return { message: parts.join('; ') || undefined, code: 'validation' };
  }
  const { code, message } = (body ?? {}) as { code?: unknown; message?: unknown };
  return {
    message: typeof message === 'string' && message ? message : undefined,
    code: typeof code === 'string' ? code : undefined,
  };
}

/** Calls the merchant's BTCPay Server with `Authorization: token <apiKey>` (Greenfield API). */
export async function btcpayRequest<T extends z.ZodType>(
  ctx: AdapterContext<BtcpayCredentials>,
  req: HttpRequest,
  schema: T,
): Promise<z.infer<T>> {
  const res = await sendRequest('btcpay', ctx.http, {
    ...req,
    headers: { authorization: `token ${ctx.credentials.apiKey}`, ...req.headers },
  });
  if (res.status >= 200 && res.status < 300) {
    const parsed = schema.safeParse(res.body);
    if (!parsed.success) {
      throw new ProviderError(
        'btcpay',
        'malformed_response',
        'BTCPay Server answered with an unexpected response',
        {
          status: res.status,
        },
      );
    }
    return parsed.data;
  }
  const { message, code } = describeFailure(res.body);
  const text = message ?? `BTCPay Server answered ${res.status}`;
  const opts = { status: res.status, statusText: res.statusText, providerCode: code };
  if (res.status === 401 || res.status === 403) {
    throw new ProviderError('btcpay', 'auth', 'BTCPay Server refused the API key for this store', opts);
  }
  if (res.status === 404) throw new ProviderError('btcpay', 'not_found', text, opts);
  if (res.status === 429) throw new ProviderError('btcpay', 'rate_limited', text, opts);
  if (res.status >= 500) throw new ProviderError('btcpay', 'unavailable', text, opts);
  throw new ProviderError('btcpay', 'invalid_request', text, opts);
}

/** `/api/v1/stores/{storeId}` + rest, with the ids escaped. */
export const storePath = (ctx: AdapterContext<BtcpayCredentials>, rest: string) =>
  `/api/v1/stores/${encodeURIComponent(ctx.credentials.storeId)}${rest}`;
