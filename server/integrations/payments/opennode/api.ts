import { z } from 'zod';
import { ProviderError, sendRequest, type AdapterContext, type HttpRequest } from '../../http';
import type { OpennodeCredentials } from './credentials';

const decimalAmount = z.union([z.number(), z.string().regex(/^-?\d+(\.\d+)?$/)]);

/** The parts of an OpenNode charge we read (https://developers.opennode.com, v1). */
export const opennodeCharge = z.object({
  id: z.string(),
  status: z.string(),
  /** Satoshis. */
  amount: z.number().int(),
  currency: z.string().nullish(),
  /** Decimal fiat amounts: JSON numbers in the API's answers, decimal strings in some; never floats to us. */
  fiat_value: decimalAmount.nullish(),
  source_fiat_value: decimalAmount.nullish(),
  order_id: z.string().nullish(),
  description: z.string().nullish(),
  created_at: z.number(),
  address: z.string().nullish(),
  hosted_checkout_url: z.string().nullish(),
  lightning_invoice: z.object({ payreq: z.string(), expires_at: z.number() }).nullish(),
  missing_amt: z.number().nullish(),
});
export type OpennodeCharge = z.infer<typeof opennodeCharge>;

/** The parts of an OpenNode Lightning withdrawal we read (POST /v2/withdrawals, GET /v1/withdrawal/:id). */
export const opennodeWithdrawal = z.object({
  id: z.string(),
  type: z.string(),
  /** Satoshis. */
  amount: z.number().int(),
  fee: z.number().nullish(),
  /** pending | confirmed | failed. */
  status: z.string(),
  error: z.string().nullish(),
});
export type OpennodeWithdrawal = z.infer<typeof opennodeWithdrawal>;

/**
 * A withdrawal as `GET /v1/withdrawals` lists it, in the parts a lost payout is recognised by. The SDK's
 * v1 type names the invoice `address`, its v2 type `reference`, and only v2 has `custom_id` [?]: all
 * three are read when present, nothing else is relied on (the full withdrawal is then read by its id).
 */
export const opennodeListedWithdrawal = z.looseObject({
  id: z.string(),
  custom_id: z.string().nullish(),
  reference: z.string().nullish(),
  address: z.string().nullish(),
});

/**
 * Calls OpenNode: the API key goes in Authorization with no "Bearer" prefix; success bodies are
 * `{ data }`; failures carry a top-level `message`.
 */
export async function opennodeRequest<T extends z.ZodType>(
  ctx: AdapterContext<OpennodeCredentials>,
  req: HttpRequest,
  schema: T,
): Promise<z.infer<T>> {
  const res = await sendRequest('opennode', ctx.http, {
    ...req,
    headers: { authorization: ctx.credentials.apiKey, ...req.headers },
  });
  if (res.status >= 200 && res.status < 300) {
    const parsed = schema.safeParse((res.body as { data?: unknown } | undefined)?.data);
    if (!parsed.success) {
      throw new ProviderError(
        'opennode',
        'malformed_response',
        'OpenNode answered with an unexpected response',
        {
          status: res.status,
        },
      );
    }
    return parsed.data;
  }
  const message = (res.body as { message?: unknown } | undefined)?.message;
  const text = typeof message === 'string' && message ? message : `OpenNode answered ${res.status}`;
  const opts = { status: res.status, statusText: res.statusText };
  if (res.status === 401 || res.status === 403)
    throw new ProviderError('opennode', 'auth', 'OpenNode refused the API key', opts);
  if (res.status === 404) throw new ProviderError('opennode', 'not_found', text, opts);
  if (res.status === 429) throw new ProviderError('opennode', 'rate_limited', text, opts);
  if (res.status >= 500) throw new ProviderError('opennode', 'unavailable', text, opts);
  throw new ProviderError('opennode', 'invalid_request', text, opts);
}
