import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  canonicalForm,
  FormShapeError,
  parseStripeForm,
  type FormObject,
  type FormValue,
} from './simulator-form';

/**
 * The HTTP conventions every Stripe simulator route shares: form bodies, Bearer/Basic API keys, the
 * Stripe-Account header, `{"error": {...}}` failures, `request-id` headers and idempotent POSTs,
 * as the real API has them.
 */

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/** A whitespace-separated list, e.g. of the parameters an endpoint accepts. */
export const words = (list: string): string[] => list.trim().split(/\s+/);

/** A Stripe-style id: `pi_` + 24 base62 characters. */
export function stripeId(prefix: string, length = 24): string {
  return `${prefix}_${[...randomBytes(length)].map((b) => BASE62[b % 62]).join('')}`;
}

/** The `error` object of a Stripe failure body. */
export interface StripeErrorObject {
  type: 'api_error' | 'card_error' | 'idempotency_error' | 'invalid_request_error';
  message: string;
  code?: string;
  param?: string;
  decline_code?: string;
  charge?: string;
  payment_intent?: unknown;
  payment_method?: unknown;
  advice_code?: string;
}

/** A failure answered as Stripe answers it. Declines and 5xx are kept for idempotent replay. */
export class StripeSimError extends Error {
  constructor(
    readonly status: number,
    readonly error: StripeErrorObject,
  ) {
    super(error.message);
  }
}

/** A 400 `invalid_request_error` (or another status, for 403/404/409 variants). */
export function invalidRequest(
  message: string,
  extra: { code?: string; param?: string; status?: number } = {},
): StripeSimError {
  const { status = 400, ...rest } = extra;
  return new StripeSimError(status, { type: 'invalid_request_error', message, ...rest });
}

/**
 * Stripe's refusal of an application fee on a payment that is neither a direct charge on a connected
 * account (Stripe-Account header, or the account's OAuth key) nor a destination charge
 * (`transfer_data[destination]`). Stripe's reference does not list this error; its wording, code and
 * param are those the live API answers with, as quoted in public integrations' logs (ADR 027).
 */
export function applicationFeeNotAllowed(param: string): StripeSimError {
  return invalidRequest(
    'Can only apply an application_fee_amount when the PaymentIntent is attempting a direct payment (using an OAuth key or Stripe-Account header) or destination payment (using `transfer_data[destination]`).',
    { code: 'parameter_missing', param },
  );
}

/** `No such payment_intent: 'pi_123'`: 404 for the object in the path, 400 for one named in the body. */
export function resourceMissing(kind: string, id: string, param: string, status = 404): StripeSimError {
  return invalidRequest(`No such ${kind}: '${id}'`, { code: 'resource_missing', param, status });
}

/** Typed reads of a form body with Stripe's validation messages; `name` is the bracketed param path. */
export class Params {
  constructor(
    readonly values: FormObject,
    private readonly prefix = '',
  ) {}

  private name(key: string) {
    return this.prefix ? `${this.prefix}[${key}]` : key;
  }

  has(key: string): boolean {
    return this.values[key] !== undefined;
  }

  /** Refuses parameters the endpoint does not know, as Stripe does (this catches typos in adapters). */
  only(allowed: readonly string[]): this {
    const unknown = Object.keys(this.values).find((k) => !allowed.includes(k));
    if (unknown !== undefined) {
      throw invalidRequest(`Received unknown parameter: ${this.name(unknown)}`, {
        code: 'parameter_unknown',
        param: this.name(unknown),
      });
    }
    return this;
  }

  private scalar(key: string, required: boolean): string | undefined {
    const value: FormValue | undefined = this.values[key];
    if (value === undefined) {
      if (required) throw this.missing(key);
      return undefined;
    }
    if (typeof value === 'object') {
      throw invalidRequest(`Invalid value for ${this.name(key)}: expected a single value`, {
        param: this.name(key),
      });
    }
    const text = String(value);
    if (required && text === '') {
      throw invalidRequest(
        `You passed an empty string for '${this.name(key)}'. We assume empty values are an attempt to unset a parameter; however '${this.name(key)}' cannot be unset. You should remove '${this.name(key)}' from your request or supply a non-empty value.`,
        { code: 'parameter_invalid_empty', param: this.name(key) },
      );
    }
    return text;
  }

  missing(key: string): StripeSimError {
    return invalidRequest(`Missing required param: ${this.name(key)}.`, {
      code: 'parameter_missing',
      param: this.name(key),
    });
  }

  string(key: string): string | undefined {
    const text = this.scalar(key, false);
    return text === '' ? undefined : text;
  }

  requiredString(key: string): string {
    return this.scalar(key, true)!;
  }

  int(key: string, required = false): number | undefined {
    const text = this.scalar(key, required);
    if (text === undefined || text === '') return undefined;
    if (!/^-?\d+$/.test(text) || !Number.isSafeInteger(Number(text))) {
      throw invalidRequest(`Invalid integer: ${text}`, {
        code: 'parameter_invalid_integer',
        param: this.name(key),
      });
    }
    return Number(text);
  }

  requiredInt(key: string): number {
    return this.int(key, true)!;
  }

  bool(key: string): boolean | undefined {
    const text = this.scalar(key, false);
    if (text === undefined || text === '') return undefined;
    if (text !== 'true' && text !== 'false') {
      throw invalidRequest(`Invalid boolean: ${text}`, { param: this.name(key) });
    }
    return text === 'true';
  }

  oneOf<T extends string>(key: string, allowed: readonly T[], required = false): T | undefined {
    const text = this.scalar(key, required);
    if (text === undefined || text === '') return undefined;
    if (!allowed.includes(text as T)) {
      const list =
        allowed.length > 1 ? `${allowed.slice(0, -1).join(', ')}, or ${allowed.at(-1)}` : allowed[0];
      throw invalidRequest(`Invalid ${this.name(key)}: must be one of ${list}`, { param: this.name(key) });
    }
    return text as T;
  }

  object(key: string): Params | undefined {
    const value = this.values[key];
    if (value === undefined || value === '') return undefined;
    if (typeof value !== 'object' || Array.isArray(value)) {
      throw invalidRequest('Invalid object', { param: this.name(key) });
    }
    return new Params(value, this.name(key));
  }

  /** An array of objects (`line_items[0][price]=…`), each read as its own Params. */
  objects(key: string): Params[] | undefined {
    const value = this.values[key];
    if (value === undefined || value === '') return undefined;
    const list = Array.isArray(value) ? value : typeof value === 'object' ? Object.values(value) : null;
    if (!list || list.some((item) => typeof item !== 'object' || Array.isArray(item))) {
      throw invalidRequest('Invalid array', { param: this.name(key) });
    }
    return list.map((item, index) => new Params(item as FormObject, `${this.name(key)}[${index}]`));
  }

  strings(key: string): string[] | undefined {
    const value = this.values[key];
    if (value === undefined || value === '') return undefined;
    if (!Array.isArray(value) || value.some((v) => typeof v === 'object')) {
      throw invalidRequest('Invalid array', { param: this.name(key) });
    }
    return value.map(String);
  }

  /**
   * `metadata[k]=v` pairs, applied onto `current`: an empty value removes a key and `metadata=` (empty)
   * removes them all, as on Stripe.
   */
  metadata(current: Record<string, string> = {}, key = 'metadata'): Record<string, string> {
    const value = this.values[key];
    if (value === undefined) return current;
    if (value === '') return {};
    const entries = this.object(key)!.values;
    const next = { ...current };
    for (const [k, v] of Object.entries(entries)) {
      if (typeof v === 'object') throw invalidRequest('Invalid metadata value', { param: `${key}[${k}]` });
      if (k.length > 40)
        throw invalidRequest('Metadata keys can be at most 40 characters', { param: `${key}[${k}]` });
      if (String(v).length > 500) {
        throw invalidRequest('Metadata values can be at most 500 characters', { param: `${key}[${k}]` });
      }
      if (v === '') delete next[k];
      else next[k] = String(v);
    }
    if (Object.keys(next).length > 50)
      throw invalidRequest('Metadata can have at most 50 keys', { param: key });
    return next;
  }
}

/** A three-letter currency code; Stripe accepts any case and answers in lowercase. */
export function currencyParam(params: Params, key = 'currency'): string {
  const currency = params.requiredString(key).toLowerCase();
  if (!/^[a-z]{3}$/.test(currency)) {
    throw invalidRequest(`Invalid currency: ${currency}. Stripe currently supports three-letter ISO codes.`, {
      param: key,
    });
  }
  return currency;
}

/** Who is calling: the API key's own account, and the account the request acts on. */
export interface Caller {
  apiKey: string;
  keyAccount: string;
  /** The Stripe-Account header's account, or the key's own. */
  account: string;
  stripeAccountHeader: string | null;
  requestId: string;
  idempotencyKey: string | null;
}

/** What a route handler gets: the caller, the parsed parameters and the path's named parts. */
export interface Call {
  caller: Caller;
  params: Params;
  path: Record<string, string>;
}

export interface StripeAuth {
  /** The account an API key belongs to (a platform secret key or an OAuth access token). */
  accountOfKey(key: string): string | undefined;
  isPublishableKey(key: string): boolean;
  /** An account may act for itself and for the accounts connected to it. */
  canActFor(accountId: string, target: string): boolean;
}

/** `sk_test_****1234`: enough to recognise a key in an error message, never enough to use it. */
export function maskKey(key: string): string {
  const prefix = /^[a-z]+_(test|live)_/.exec(key)?.[0] ?? '';
  return `${prefix}****${key.length > prefix.length + 4 ? key.slice(-4) : ''}`;
}

/** The API key of a request: `Authorization: Bearer sk_…`, or curl's `-u sk_…:` (Basic). */
export function presentedKey(request: FastifyRequest): string | null {
  const header = request.headers.authorization ?? '';
  if (/^bearer /i.test(header)) return header.slice(7).trim() || null;
  if (/^basic /i.test(header)) {
    return Buffer.from(header.slice(6).trim(), 'base64').toString('utf8').split(':')[0] || null;
  }
  return null;
}

const singleHeader = (value: string | string[] | undefined) =>
  (Array.isArray(value) ? value[0] : value) ?? null;

const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;

export interface IdempotencyEntry {
  fingerprint: string;
  at: number;
  requestId: string;
  response?: { status: number; body: string };
}

/** A route: returns the response object, or throws a StripeSimError. */
export type Handler = (call: Call) => unknown;

/** Registers Stripe routes; POSTs go through idempotency, every route through auth and error bodies. */
export interface StripeRouter {
  get(url: string, handler: Handler): void;
  post(url: string, handler: Handler): void;
  delete(url: string, handler: Handler): void;
  requestIdOf(request: FastifyRequest): string;
}

/**
 * Installs the Stripe conventions on a simulator app and returns a router whose handlers return the
 * response object or throw a StripeSimError.
 */
export function createStripeRouter(
  app: FastifyInstance,
  auth: StripeAuth,
  opts: { now(): number; apiVersion: string; idempotency: Map<string, IdempotencyEntry> },
): StripeRouter {
  const requestIds = new WeakMap<FastifyRequest, string>();
  const callers = new WeakMap<FastifyRequest, Caller>();
  const { idempotency } = opts;
  const requestIdOf = (request: FastifyRequest) => requestIds.get(request) ?? 'req_unknown';

  const errorBody = (err: StripeSimError, requestId: string) => ({
    error: {
      ...(err.error.code
        ? { doc_url: `https://stripe.com/docs/error-codes/${err.error.code.replace(/_/g, '-')}` }
        : {}),
      ...err.error,
      request_log_url: `https://dashboard.stripe.com/test/logs/${requestId}?t=${Math.floor(opts.now() / 1000)}`,
    },
  });

  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) => {
    try {
      done(null, parseStripeForm(body as string));
    } catch (err) {
      done(err as Error);
    }
  });

  app.addHook('onRequest', async (request, reply) => {
    if (request.url.startsWith('/__sim')) return;
    const requestId = stripeId('req', 14);
    requestIds.set(request, requestId);
    if (!request.url.startsWith('/v1/')) return;
    const key = presentedKey(request);
    const fail = (message: string) => {
      const err = new StripeSimError(401, { type: 'invalid_request_error', message });
      return reply.status(401).send(errorBody(err, requestId));
    };
    if (!key) {
      return fail(
        "You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth (e.g. 'Authorization: Bearer YOUR_SECRET_KEY'). See https://stripe.com/docs/api#authentication for details, or we can help at https://support.stripe.com/.",
      );
    }
    const keyAccount = auth.accountOfKey(key);
    if (!keyAccount) {
      return fail(
        auth.isPublishableKey(key)
          ? 'This API call cannot be made with a publishable API key. Please use a secret API key. You can find a list of your API keys at https://dashboard.stripe.com/account/apikeys.'
          : `Invalid API Key provided: ${maskKey(key)}`,
      );
    }
    const stripeAccountHeader = singleHeader(request.headers['stripe-account']);
    if (stripeAccountHeader && !auth.canActFor(keyAccount, stripeAccountHeader)) {
      const err = invalidRequest(
        `The provided key '${maskKey(key)}' does not have access to account '${stripeAccountHeader}' (or that account does not exist). Application access may have been revoked.`,
        { code: 'account_invalid', status: 403 },
      );
      return reply.status(403).send(errorBody(err, requestId));
    }
    callers.set(request, {
      apiKey: key,
      keyAccount,
      account: stripeAccountHeader ?? keyAccount,
      stripeAccountHeader,
      requestId,
      idempotencyKey: request.method === 'POST' ? singleHeader(request.headers['idempotency-key']) : null,
    });
  });

  app.addHook('onSend', async (request, reply, payload) => {
    const requestId = requestIds.get(request);
    if (!requestId) return payload;
    reply.header('request-id', requestId);
    if (request.url.startsWith('/v1/')) {
      reply.header('stripe-version', singleHeader(request.headers['stripe-version']) ?? opts.apiVersion);
      const key = callers.get(request)?.idempotencyKey;
      if (key) reply.header('idempotency-key', key);
    }
    return payload;
  });

  app.setErrorHandler((err, request, reply) => {
    const requestId = requestIdOf(request);
    if (err instanceof StripeSimError) return reply.status(err.status).send(errorBody(err, requestId));
    if (err instanceof FormShapeError) {
      return reply.status(400).send(errorBody(invalidRequest(err.message, { param: err.param }), requestId));
    }
    const status = (err as { statusCode?: number }).statusCode ?? 500;
    const simError = new StripeSimError(status, {
      type: status >= 500 ? 'api_error' : 'invalid_request_error',
      message: status >= 500 ? 'An unknown error occurred' : (err as Error).message,
    });
    return reply.status(status).send(errorBody(simError, requestId));
  });

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0];
    const err = invalidRequest(
      `Unrecognized request URL (${request.method}: ${path}). Please see https://stripe.com/docs or we can help at https://support.stripe.com/.`,
      { status: 404 },
    );
    return reply.status(404).send(errorBody(err, requestIdOf(request)));
  });

  const callOf = (request: FastifyRequest, values: FormObject): Call => ({
    caller: callers.get(request)!,
    params: new Params(values),
    path: request.params as Record<string, string>,
  });

  const queryOf = (request: FastifyRequest) => parseStripeForm(request.url.split('?')[1] ?? '');

  /** Same key + same request replays the first answer; same key + different request is refused. */
  async function idempotent(request: FastifyRequest, reply: FastifyReply, handler: Handler) {
    const values = (request.body ?? {}) as FormObject;
    const call = callOf(request, values);
    const key = call.caller.idempotencyKey;
    if (!key) return handler(call);
    if (key.length > 255) {
      throw invalidRequest('Idempotency keys can be at most 255 characters long.', {
        param: 'Idempotency-Key',
      });
    }
    // Keys are kept in the order they were first used, so the expired ones come first: a request reads
    // those and one more, not every key of the last day (each record read is checked for changes before
    // the answer, docs/decisions/015).
    const cutoff = opts.now() - IDEMPOTENCY_TTL_MS;
    for (const [slot, entry] of idempotency) {
      if (entry.at >= cutoff) break;
      idempotency.delete(slot);
    }
    const slot = JSON.stringify([call.caller.apiKey, call.caller.stripeAccountHeader ?? '', key]);
    const fingerprint = `${request.method} ${request.url.split('?')[0]}\n${canonicalForm(values)}`;
    const prior = idempotency.get(slot);
    if (prior) {
      if (prior.fingerprint !== fingerprint) {
        throw new StripeSimError(400, {
          type: 'idempotency_error',
          message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`,
        });
      }
      if (!prior.response) {
        throw invalidRequest(
          `There is currently another in-progress request using this Stripe-Account, Idempotency-Key, and endpoint. Try again later: ${key}`,
          { code: 'idempotency_key_in_use', status: 409 },
        );
      }
      return reply
        .status(prior.response.status)
        .header('idempotent-replayed', 'true')
        .header('original-request', prior.requestId)
        .type('application/json; charset=utf-8')
        .send(prior.response.body);
    }
    const entry: IdempotencyEntry = { fingerprint, at: opts.now(), requestId: call.caller.requestId };
    idempotency.set(slot, entry);
    try {
      const body = await handler(call);
      entry.response = { status: 200, body: JSON.stringify(body) };
      return body;
    } catch (err) {
      // A request refused before it ran (bad parameters) stores nothing; one that ran (a decline,
      // a server error) is answered the same way on every retry.
      if (err instanceof StripeSimError && (err.status === 402 || err.status >= 500)) {
        entry.response = { status: err.status, body: JSON.stringify(errorBody(err, call.caller.requestId)) };
      } else {
        idempotency.delete(slot);
      }
      throw err;
    }
  }

  return {
    get: (url, handler) => app.get(url, async (request) => handler(callOf(request, queryOf(request)))),
    delete: (url, handler) => app.delete(url, async (request) => handler(callOf(request, queryOf(request)))),
    post: (url, handler) => app.post(url, async (request, reply) => idempotent(request, reply, handler)),
    requestIdOf,
  };
}
