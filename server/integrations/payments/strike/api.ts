import { z } from 'zod';
import { ProviderError, sendRequest, type AdapterContext, type HttpRequest } from '../../http';
import type { StrikeCredentials } from './credentials';

const money = z.object({ amount: z.string(), currency: z.string() });

/** The parts of a Strike invoice we read (docs.strike.me/api/issue-invoice). */
export const strikeInvoice = z.object({
  invoiceId: z.string(),
  amount: money,
  state: z.string(),
  created: z.string().nullish(),
  correlationId: z.string().nullish(),
  description: z.string().nullish(),
});
export type StrikeInvoice = z.infer<typeof strikeInvoice>;

/** A quote: the BOLT11 that pays an invoice, valid until `expiration` (docs.strike.me/api/issue-quote-for-invoice). */
export const strikeQuote = z.object({
  quoteId: z.string(),
  lnInvoice: z.string(),
  onchainAddress: z.string().nullish(),
  expiration: z.string(),
  expirationInSec: z.number().nullish(),
  targetAmount: money.nullish(),
  sourceAmount: money.nullish(),
});
export type StrikeQuote = z.infer<typeof strikeQuote>;

/** A page of `GET /v1/invoices` (OData-style `$filter`, `$top`, `$skip`). */
export const strikeInvoicePage = z.object({ items: z.array(strikeInvoice), count: z.number().nullish() });

/** Failures are `{ traceId, data: { status, code, message, validationErrors? } }` (shape seen in SDKs). */
function describeFailure(body: unknown): { message?: string; code?: string } {
  const data = (body as { data?: { code?: unknown; message?: unknown } } | undefined)?.data;
  return {
    message: typeof data?.message === 'string' && data.message ? data.message : undefined,
    code: typeof data?.code === 'string' ? data.code : undefined,
  };
}

/** Calls Strike with the API key as a bearer token. */
export async function strikeRequest<T extends z.ZodType>(
  ctx: AdapterContext<StrikeCredentials>,
  req: HttpRequest,
  schema: T,
): Promise<z.infer<T>> {
  const res = await sendRequest('strike', ctx.http, {
    ...req,
    headers: { authorization: `Bearer ${ctx.credentials.apiKey}`, ...req.headers },
  });
  if (res.status >= 200 && res.status < 300) {
    const parsed = schema.safeParse(res.body);
    if (!parsed.success) {
      throw new ProviderError('strike', 'malformed_response', 'Strike answered with an unexpected response', {
        status: res.status,
      });
    }
    return parsed.data;
  }
  const { message, code } = describeFailure(res.body);
  const text = message ?? `Strike answered ${res.status}`;
  const opts = { status: res.status, statusText: res.statusText, providerCode: code };
  if (res.status === 401 || res.status === 403) {
    throw new ProviderError(
      'strike',
      'auth',
      'Strike refused the API key (or it lacks a needed scope)',
      opts,
    );
  }
  if (res.status === 404) throw new ProviderError('strike', 'not_found', text, opts);
  if (res.status === 429) throw new ProviderError('strike', 'rate_limited', text, opts);
  if (res.status >= 500) throw new ProviderError('strike', 'unavailable', text, opts);
  throw new ProviderError('strike', 'invalid_request', text, opts);
}
