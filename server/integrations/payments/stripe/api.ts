import { LRUCache } from 'lru-cache';
import Stripe from 'stripe';
import { z } from 'zod';
import { ProviderError, type HttpContext } from '../../http';

/**
 * The official SDK, for the adapter context, so the same code talks to api.stripe.com in live mode and to
 * the simulator in sandbox. Only `ctx.http.fetch` is used; retries are the caller's business (it retries
 * with the same idempotency key); telemetry is off so the SDK writes no id file. A base URL path is
 * ignored: the SDK always calls `/v1/...` at the root of the host.
 *
 * A client is reused for the same fetch, host, timeout, key and account: building one sets up every
 * resource of the API (over a millisecond of CPU, 1.3 % of a card flow's), and the SDK keeps no state
 * between calls. Keyed by the fetch first, so a test's or a fault injector's fetch gets clients of its own.
 */
export function stripeClient(http: HttpContext, secretKey: string, stripeAccount?: string): Stripe {
  let clients = clientsByFetch.get(http.fetch);
  if (!clients) clientsByFetch.set(http.fetch, (clients = new LRUCache({ max: 1_000 })));
  const key = [http.baseUrl, http.timeoutMs ?? '', secretKey, stripeAccount ?? ''].join('\n');
  let client = clients.get(key);
  if (!client) clients.set(key, (client = newStripeClient(http, secretKey, stripeAccount)));
  return client;
}

const clientsByFetch = new WeakMap<typeof fetch, LRUCache<string, Stripe>>();

function newStripeClient(http: HttpContext, secretKey: string, stripeAccount?: string): Stripe {
  const url = new URL(http.baseUrl);
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  return new Stripe(secretKey, {
    host: url.hostname,
    port: url.port || (protocol === 'http' ? 80 : 443),
    protocol,
    maxNetworkRetries: 0,
    timeout: http.timeoutMs ?? 10_000,
    httpClient: Stripe.createFetchHttpClient(http.fetch),
    telemetry: false,
    ...(stripeAccount ? { stripeAccount } : {}),
  });
}

const { errors } = Stripe;

/** A Stripe SDK error as the ProviderError kind the rest of the platform understands. */
export function toProviderError(err: InstanceType<typeof errors.StripeError>): ProviderError {
  const opts = { status: err.statusCode, providerCode: err.code ?? err.rawType, cause: err };
  const fail = (kind: ProviderError['kind'], message: string, providerCode = opts.providerCode) =>
    new ProviderError('stripe', kind, message, { ...opts, providerCode });
  if (err instanceof errors.StripeCardError) {
    return fail('declined', err.message || 'The card was declined', err.decline_code || err.code);
  }
  if (err instanceof errors.StripeAuthenticationError) return fail('auth', 'Stripe refused the secret key');
  if (err instanceof errors.StripePermissionError) {
    return fail('auth', 'The Stripe secret key has no access to this account or resource');
  }
  if (err instanceof errors.StripeRateLimitError) {
    return fail('rate_limited', 'Stripe is limiting the rate of requests; try again shortly');
  }
  if (err instanceof errors.StripeInvalidClientError) {
    return fail('auth', 'Stripe refused the platform credentials', err.rawType);
  }
  if (err instanceof errors.StripeOAuthError) return fail('invalid_request', err.message, err.rawType);
  // A 404 is an object named in the path that does not exist; a 400 resource_missing is a bad reference
  // inside the request (an unknown token or payment method), which is the caller's mistake.
  if (
    err instanceof errors.StripeInvalidRequestError &&
    err.code === 'resource_missing' &&
    err.statusCode === 404
  ) {
    return fail('not_found', err.message);
  }
  if (err instanceof errors.StripeInvalidRequestError || err instanceof errors.StripeIdempotencyError) {
    return fail('invalid_request', err.message);
  }
  if (err instanceof errors.StripeConnectionError) {
    const timedOut = (err.detail as { code?: unknown } | undefined)?.code === 'ETIMEDOUT';
    return fail('unavailable', timedOut ? 'Stripe did not answer in time' : 'Could not reach Stripe');
  }
  if ((err.raw as { exception?: unknown }).exception instanceof SyntaxError) {
    return fail('malformed_response', 'Stripe answered with something that is not JSON');
  }
  return fail('unavailable', 'Stripe is unavailable right now');
}

/** Runs one SDK call and checks the part of the answer we read, so a surprise never passes silently. */
export async function callStripe<T extends z.ZodType>(
  run: () => Promise<unknown>,
  schema: T,
): Promise<z.infer<T>> {
  let result: unknown;
  try {
    result = await run();
  } catch (err) {
    // Anything that is not a Stripe error is a bug on our side and must not look like an outage.
    throw err instanceof errors.StripeError ? toProviderError(err) : err;
  }
  const parsed = schema.safeParse(result);
  if (!parsed.success) {
    throw new ProviderError('stripe', 'malformed_response', 'Stripe answered with an unexpected response');
  }
  return parsed.data;
}

/** The parts of a PaymentIntent we read. */
export const stripePaymentIntent = z.looseObject({
  id: z.string(),
  object: z.literal('payment_intent'),
  status: z.string(),
  amount: z.number().int(),
  currency: z.string(),
  last_payment_error: z.looseObject({ message: z.string().nullish() }).nullish(),
});
export type StripePaymentIntent = z.infer<typeof stripePaymentIntent>;

/** A page of `GET /v1/payment_intents/search`. */
export const stripePaymentIntentSearch = z.looseObject({
  object: z.literal('search_result'),
  data: z.array(stripePaymentIntent),
});

/** A value inside a search query's quotes: Stripe's query language escapes quotes with a backslash. */
export const searchQuoted = (text: string) => `'${text.replace(/[\\']/g, (c) => `\\${c}`)}'`;

/** The parts of a Refund we read. */
export const stripeRefund = z.looseObject({
  id: z.string(),
  object: z.literal('refund'),
  amount: z.number().int(),
  status: z.string().nullish(),
  payment_intent: z.string().nullish(),
  failure_reason: z.string().nullish(),
  reason: z.string().nullish(),
  metadata: z.record(z.string(), z.string()).nullish(),
});
export type StripeRefund = z.infer<typeof stripeRefund>;

/** A page of `GET /v1/refunds`. */
export const stripeRefundList = z.looseObject({
  object: z.literal('list'),
  data: z.array(stripeRefund),
  has_more: z.boolean(),
});

/** A Dispute, in the parts we read (its id, amount, reason and status). */
export const stripeDispute = z.looseObject({
  id: z.string(),
  amount: z.number(),
  currency: z.string(),
  reason: z.string(),
  status: z.string(),
  created: z.number(),
});

/** A page of `GET /v1/disputes`. */
export const stripeDisputeList = z.looseObject({
  object: z.literal('list'),
  data: z.array(stripeDispute),
  has_more: z.boolean(),
});

/** A WebhookEndpoint as `POST /v1/webhook_endpoints` answers it: the only answer that holds `secret`. */
export const stripeCreatedWebhookEndpoint = z.looseObject({
  id: z.string(),
  object: z.literal('webhook_endpoint'),
  secret: z.string().startsWith('whsec_'),
});

/** `DELETE /v1/webhook_endpoints/:id`. */
export const stripeDeletedWebhookEndpoint = z.looseObject({ id: z.string(), deleted: z.literal(true) });

/** The parts of an Account we read (name and whether it can take payments). */
export const stripeAccount = z.looseObject({
  id: z.string(),
  object: z.literal('account'),
  business_profile: z.looseObject({ name: z.string().nullish() }).nullish(),
  settings: z
    .looseObject({ dashboard: z.looseObject({ display_name: z.string().nullish() }).nullish() })
    .nullish(),
  charges_enabled: z.boolean(),
  details_submitted: z.boolean(),
  payouts_enabled: z.boolean(),
});

/** The seller's view of a Shared Payment Token (GET /v1/shared_payment/granted_tokens/{id}). */
export const stripeGrantedToken = z.looseObject({
  id: z.string(),
  deactivated_at: z.number().nullable().optional(),
  usage_limits: z.looseObject({
    currency: z.string(),
    max_amount: z.number().int(),
    expires_at: z.number().nullable().optional(),
  }),
});
