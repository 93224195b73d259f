import { timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import { decimalToMinor } from '#common/domain/money';
import {
  ProviderError,
  sendRequest,
  type AdapterContext,
  type HttpRequest,
  type HttpResponse,
  type Logger,
  type ProviderErrorKind,
} from '../http';
import type { ProductPage, StoreOrder, StoreOrderInput, StoreProduct } from './store-platform';
import type { WebhookHeaders } from './store-types';

/*
 * The few pieces the Custom API, Shopify, BigCommerce and Magento adapters have in common. They live in
 * one file so that the four adapters do not copy each other; everything platform-specific stays in each
 * platform's own folder.
 */

/** What an HTTP failure status means; the same for every store API. */
export function errorKindForStatus(status: number): ProviderErrorKind {
  if (status === 401 || status === 403) return 'auth';
  if (status === 404) return 'not_found';
  if (status === 429) return 'rate_limited';
  if (status >= 500) return 'unavailable';
  return 'invalid_request';
}

/** Ids arrive as numbers from some stores and as strings from others; we always hold strings. */
export const idSchema = z.union([z.string().min(1), z.number().int()]).transform(String);

/** A money amount as stores send it: a decimal string ("21.99", "21.9900") or a JSON number. */
export const moneySchema = z.union([z.string(), z.number()]);

/**
 * A store amount in integer minor units, or null when the store has no usable price (empty, negative,
 * or more precise than pence), so that the item cannot be bought rather than sold at a guessed price.
 */
export function priceToMinor(value: string | number | null | undefined): number | null {
  if (value === null || value === undefined || value === '') return null;
  try {
    const minor = decimalToMinor(value);
    return minor >= 0 ? minor : null;
  } catch {
    return null;
  }
}

/** What the buyer was charged for an order: the lines plus shipping, in minor units. */
export function chargedMinor(input: StoreOrderInput): number {
  return (
    input.lines.reduce((sum, line) => sum + line.unitPriceMinor * line.quantity, 0) +
    (input.shipping?.amountMinor ?? 0)
  );
}

/**
 * Logs when a store totals an order differently from what the buyer was charged (a store that prices
 * the cart itself, or adds tax), so that reconciliation has something to go on. The order stands.
 */
export function noteTotalMismatch(
  ctx: { logger: Logger },
  store: string,
  input: StoreOrderInput,
  order: StoreOrder,
): void {
  const charged = chargedMinor(input);
  if (order.totalMinor !== null && order.totalMinor !== charged) {
    ctx.logger.warn(
      {
        orderId: order.id,
        reference: input.reference,
        storeTotalMinor: order.totalMinor,
        chargedMinor: charged,
      },
      `${store} totalled the order differently from what was charged`,
    );
  }
}

/** "Ada King Lovelace" -> first "Ada", last "King Lovelace": stores that split names want it so. */
export function splitName(fullName: string): { first: string; last: string } {
  const [first = '', ...rest] = fullName.trim().split(/\s+/);
  return { first, last: rest.join(' ') };
}

/** A header from a webhook request, whatever the casing the transport kept. */
export function headerValue(headers: WebhookHeaders, name: string): string | undefined {
  const wanted = name.toLowerCase();
  for (const [key, value] of Object.entries(headers)) {
    if (key.toLowerCase() === wanted) return Array.isArray(value) ? value[0] : value;
  }
  return undefined;
}

/** Compares two signatures in constant time (a plain === leaks how many leading bytes matched). */
export function signaturesMatch(given: Buffer, expected: Buffer): boolean {
  return given.length === expected.length && given.length > 0 && timingSafeEqual(given, expected);
}

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * A merchant-entered base URL: trimmed, without trailing slashes, and https unless it points
 * at this machine (sandbox simulators), because the API key travels with every request.
 */
export function storeUrlSchema(messages: { required: string; https: string }) {
  return z
    .string(messages.required)
    .trim()
    .min(1, messages.required)
    .overwrite((value) => value.replace(/\/+$/, ''))
    .refine((value) => {
      try {
        const url = new URL(value);
        return url.protocol === 'https:' || (url.protocol === 'http:' && LOOPBACK_HOSTS.has(url.hostname));
      } catch {
        return false;
      }
    }, messages.https);
}

/** How one store platform's API authenticates and words its failures. */
export interface StoreApiOptions<Credentials> {
  id: string;
  /** The platform's name as a merchant knows it, used in messages. */
  name: string;
  authHeaders(credentials: Credentials): Record<string, string>;
  /** The reason (and machine code, if any) in one of this platform's failure bodies. */
  describeFailure(body: unknown): { message?: string; code?: string };
  /** Shown when the platform refuses the credentials. */
  authMessage: string;
}

/** A parsed success, with the response for its headers (pagination, rate limits). */
export interface StoreApiResult<T> {
  data: T;
  response: HttpResponse;
}

/**
 * A typed caller of one store API: adds the credentials, zod-parses successes (a 2xx that is not what
 * the API promises is `malformed_response`) and turns failures into ProviderErrors of the right kind.
 */
export function storeApi<Credentials>(opts: StoreApiOptions<Credentials>) {
  return async function call<T extends z.ZodType>(
    ctx: AdapterContext<Credentials>,
    req: HttpRequest,
    schema: T,
  ): Promise<StoreApiResult<z.infer<T>>> {
    const response = await sendRequest(opts.id, ctx.http, {
      ...req,
      headers: { ...opts.authHeaders(ctx.credentials), ...req.headers },
    });
    const meta = { status: response.status, statusText: response.statusText };
    if (response.status >= 200 && response.status < 300) {
      const garbled = response.text.trim() !== '' && response.body === undefined;
      const parsed = garbled ? null : schema.safeParse(response.body);
      if (!parsed?.success) {
        throw new ProviderError(
          opts.id,
          'malformed_response',
          `${opts.name} answered with an unexpected response`,
          meta,
        );
      }
      return { data: parsed.data, response };
    }
    if (response.status >= 300 && response.status < 400) {
      throw new ProviderError(
        opts.id,
        'invalid_request',
        `${opts.name} answered with a redirect; check the store address`,
        meta,
      );
    }
    const kind = errorKindForStatus(response.status);
    const { message, code } = opts.describeFailure(response.body);
    // A refusal keeps the platform's reason too: "missing scope" is worth more than "refused".
    const text =
      kind === 'auth'
        ? `${opts.authMessage}${message ? ` (${message})` : ''}`
        : message
          ? `${opts.name}: ${message}`
          : `${opts.name} answered ${response.status}`;
    throw new ProviderError(opts.id, kind, text, { ...meta, providerCode: code });
  };
}

/** One chunk of a store's catalogue: the sellable items of a page of products, and where the next page is. */
export interface CatalogueChunk<Cursor> {
  items: StoreProduct[];
  next: Cursor | null;
}

/** A store whose pages never end (a cursor that loops) must not hang the caller. */
const MAX_CHUNKS = 10_000;

/**
 * Page `page` of a catalogue counted in sellable items, read from a store that pages by products
 * (each product yielding one item, or one per variant). Walks the store's pages from the start, since a
 * product page does not say how many variants came before it; the caller picks chunks of `perPage`
 * products, so page N costs at most N requests. `hasMore` assumes every product has a sellable item,
 * so it can be optimistic once, on the last page. The total is known only once the walk reaches the end.
 */
export async function itemPage<Cursor>(
  store: { id: string; name: string },
  query: { page: number; perPage: number },
  fetchChunk: (cursor: Cursor | null) => Promise<CatalogueChunk<Cursor>>,
): Promise<ProductPage> {
  const start = (query.page - 1) * query.perPage;
  const end = start + query.perPage;
  const seen: StoreProduct[] = [];
  let cursor: Cursor | null = null;
  let ended = false;
  for (let chunks = 0; seen.length < end && !ended; chunks += 1) {
    if (chunks === MAX_CHUNKS) {
      throw new ProviderError(store.id, 'malformed_response', `${store.name} kept sending more pages`);
    }
    const chunk: CatalogueChunk<Cursor> = await fetchChunk(cursor);
    seen.push(...chunk.items);
    ended = chunk.next === null || chunk.next === cursor;
    cursor = chunk.next;
  }
  const total = ended ? seen.length : null;
  return {
    products: seen.slice(start, end),
    page: query.page,
    perPage: query.perPage,
    total,
    totalPages: total === null ? null : Math.ceil(total / query.perPage),
    hasMore: seen.length > end || !ended,
  };
}
