import { z } from 'zod';
import {
  buildUrl,
  ProviderError,
  sendRequest,
  type AdapterContext,
  type HttpRequest,
  type HttpResponse,
} from '../../http';
import type { WoocommerceCredentials } from './credentials';
import { oauthQueryParams } from './oauth1';

/** Every WooCommerce REST v3 route lives under this prefix of the store URL. */
export const WC_API_PREFIX = 'wp-json/wc/v3/';

const stockFields = {
  // Variations whose stock the parent product manages say "parent" instead of true.
  manage_stock: z.union([z.boolean(), z.literal('parent')]),
  stock_quantity: z.number().int().nullish(),
  stock_status: z.string(),
};

/** The parts of a WooCommerce product we read. Prices are decimal strings; "" means no price. */
export const wooProduct = z.object({
  id: z.number().int(),
  name: z.string(),
  type: z.string(),
  status: z.string(),
  sku: z.string().nullish(),
  permalink: z.string().nullish(),
  description: z.string().nullish(),
  short_description: z.string().nullish(),
  price: z.string().nullish(),
  images: z.array(z.object({ src: z.string() })).default([]),
  categories: z.array(z.object({ name: z.string() })).default([]),
  variations: z.array(z.number().int()).default([]),
  ...stockFields,
});
export type WooProduct = z.infer<typeof wooProduct>;

export const wooVariation = z.object({
  id: z.number().int(),
  status: z.string().optional(),
  sku: z.string().nullish(),
  permalink: z.string().nullish(),
  description: z.string().nullish(),
  price: z.string().nullish(),
  image: z.object({ src: z.string() }).nullish(),
  attributes: z.array(z.object({ name: z.string(), option: z.string() })).default([]),
  ...stockFields,
});
export type WooVariation = z.infer<typeof wooVariation>;

/** Kept whole (`raw` of a StoreOrder), so nothing the store said is lost to the merchant. */
export const wooOrder = z.looseObject({
  id: z.number().int(),
  number: z.string().nullish(),
  status: z.string(),
  currency: z.string().nullish(),
  total: z.string().nullish(),
  meta_data: z.array(z.looseObject({ key: z.string(), value: z.unknown() })).default([]),
});
export type WooOrder = z.infer<typeof wooOrder>;

export const wooSetting = z.object({ id: z.string(), value: z.unknown() });

/** WordPress's site index (`GET /wp-json/`), public on every site that has the REST API on. */
export const wpSiteIndex = z.object({ name: z.string(), url: z.string().optional() });

const wooError = z.object({ code: z.string(), message: z.string() }).partial();

export interface WooPage<T> {
  data: T;
  headers: Headers;
}

function fail(kind: ProviderError['kind'], message: string, res: HttpResponse, code?: string): never {
  throw new ProviderError('woocommerce', kind, message, {
    status: res.status,
    statusText: res.statusText,
    providerCode: code,
  });
}

/**
 * Turns a WooCommerce failure (`{code, message, data: {status}}`) into a ProviderError. WordPress
 * answers 400 with a `..._invalid_id` code when an update names a missing object, which is a not-found.
 */
function throwWooError(res: HttpResponse): never {
  const parsed = wooError.safeParse(res.body);
  const code = parsed.success ? parsed.data.code : undefined;
  const detail = parsed.success && parsed.data.message ? parsed.data.message : null;
  const message = detail ?? `WooCommerce answered ${res.status} ${res.statusText}`.trim();
  if (res.status === 401 || res.status === 403) {
    fail('auth', `WooCommerce refused the API keys${detail ? `: ${detail}` : ''}`, res, code);
  }
  if (res.status === 404 || code?.endsWith('_invalid_id')) fail('not_found', message, res, code);
  if (res.status === 429) fail('rate_limited', message, res, code);
  if (res.status >= 500) fail('unavailable', message, res, code);
  if (res.status >= 300 && res.status < 400) {
    const location = res.headers.get('location');
    fail(
      'invalid_request',
      `The store redirected the API request${location ? ` to ${location}` : ''}: check the store URL`,
      res,
      code,
    );
  }
  fail('invalid_request', message, res, code);
}

/**
 * Calls a WooCommerce REST v3 route (`path` is relative to /wp-json/wc/v3/). Over https:// the keys go
 * in HTTP Basic; over http:// WooCommerce ignores Basic, so every request is OAuth 1.0a signed instead.
 */
export async function wooRequest<T extends z.ZodType>(
  ctx: AdapterContext<WoocommerceCredentials>,
  req: HttpRequest,
  schema: T,
): Promise<WooPage<z.infer<T>>> {
  const path = `${WC_API_PREFIX}${req.path.replace(/^\//, '')}`;
  const method = req.method ?? (req.json === undefined ? 'GET' : 'POST');
  const url = buildUrl(ctx.http.baseUrl, path, req.query);
  const { consumerKey, consumerSecret } = ctx.credentials;
  const headers: Record<string, string> = { ...req.headers };
  let query = req.query;
  if (url.protocol === 'https:') {
    headers.authorization = `Basic ${Buffer.from(`${consumerKey}:${consumerSecret}`).toString('base64')}`;
  } else {
    const oauth = oauthQueryParams({ method, url, consumerKey, consumerSecret, now: ctx.clock.now() });
    query = { ...req.query, ...oauth };
  }
  const res = await sendRequest('woocommerce', ctx.http, { ...req, method, path, query, headers });
  if (res.status < 200 || res.status >= 300) throwWooError(res);
  const parsed = schema.safeParse(res.body);
  if (!parsed.success) {
    fail('malformed_response', 'WooCommerce answered with an unexpected response', res);
  }
  return { data: parsed.data, headers: res.headers };
}

/**
 * The WordPress site title, or null when the site index is switched off or unreadable. Only a nicety
 * for the connection test, which has already proved access, so no failure here is an error.
 */
export async function fetchSiteName(ctx: AdapterContext<WoocommerceCredentials>): Promise<string | null> {
  try {
    const res = await sendRequest('woocommerce', ctx.http, { path: 'wp-json/' });
    const parsed = wpSiteIndex.safeParse(res.body);
    return res.status === 200 && parsed.success ? parsed.data.name : null;
  } catch {
    return null;
  }
}

/** A whole number from a pagination header, or null when the store did not send one. */
export function headerInt(headers: Headers, name: string): number | null {
  const value = headers.get(name);
  return value !== null && /^\d+$/.test(value.trim()) ? Number(value) : null;
}
