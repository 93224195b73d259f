import { z } from 'zod';
import { idSchema, storeApi } from '../store-kit';
import type { MagentoCredentials } from './credentials';

/** A store view's configuration (`/V1/store/storeConfigs`): currency and base URLs. */
export const magentoStoreConfig = z.object({
  code: z.string(),
  base_currency_code: z.string().nullish(),
  secure_base_link_url: z.string().nullish(),
  secure_base_media_url: z.string().nullish(),
});
/** A store configuration as Magento sends it. */
export type MagentoStoreConfig = z.infer<typeof magentoStoreConfig>;

/** The parts of a product we read. */
export const magentoProduct = z.object({
  id: idSchema,
  sku: z.string(),
  name: z.string(),
  price: z.number().nullish(),
  status: z.number().int().nullish(),
  type_id: z.string().nullish(),
  custom_attributes: z.array(z.object({ attribute_code: z.string(), value: z.unknown() })).nullish(),
  extension_attributes: z
    .object({
      stock_item: z
        .object({ qty: z.number().nullish(), is_in_stock: z.boolean(), manage_stock: z.boolean().nullish() })
        .nullish(),
    })
    .nullish(),
  media_gallery_entries: z.array(z.object({ file: z.string(), disabled: z.boolean().nullish() })).nullish(),
});
/** A product as Magento sends it. */
export type MagentoProduct = z.infer<typeof magentoProduct>;

/** `GET /V1/products?searchCriteria…`: one page and the total count. */
export const magentoProductSearch = z.object({
  items: z.array(magentoProduct),
  total_count: z.number().int(),
});

/** The parts of an order we read. */
export const magentoOrder = z.object({
  entity_id: idSchema,
  increment_id: z.string().nullish(),
  state: z.string().nullish(),
  status: z.string().nullish(),
  grand_total: z.number(),
  order_currency_code: z.string().nullish(),
});
/** An order as Magento sends it. */
export type MagentoOrder = z.infer<typeof magentoOrder>;

/** Magento ids come back as a JSON number, or a numeric string from some versions. */
export const magentoEntityId = z.union([z.number().int(), z.string().regex(/^\d+$/)]).transform(String);

/** `{message, parameters}`: `%name` (object) or `%1` (list) placeholders filled from `parameters`. */
export function magentoMessage(body: unknown): string | undefined {
  const { message, parameters } = (body ?? {}) as { message?: unknown; parameters?: unknown };
  if (typeof message !== 'string') return undefined;
  if (Array.isArray(parameters))
    return message.replace(/%(\d+)/g, (m, n: string) => String(parameters[Number(n) - 1] ?? m));
  if (parameters && typeof parameters === 'object') {
    return message.replace(/%(\w+)/g, (m, key: string) =>
      key in parameters ? String((parameters as Record<string, unknown>)[key]) : m,
    );
  }
  return message;
}

/** Calls the REST API with the integration token as a Bearer token. */
export const magentoRequest = storeApi<MagentoCredentials>({
  id: 'magento',
  name: 'Magento',
  authHeaders: (credentials) => ({ authorization: `Bearer ${credentials.accessToken}` }),
  describeFailure: (body) => ({ message: magentoMessage(body) }),
  authMessage:
    'Magento refused the integration token (check it, its API resources, and that tokens may be used as standalone Bearer tokens)',
});

/** searchCriteria as Magento's REST layer reads it from the query string. */
export function searchCriteria(opts: {
  pageSize: number;
  currentPage: number;
  /** Each group is ANDed with the others. */
  filters: { field: string; value: string; conditionType: string }[];
  sortBy?: string;
}): Record<string, string | number> {
  const query: Record<string, string | number> = {
    'searchCriteria[pageSize]': opts.pageSize,
    'searchCriteria[currentPage]': opts.currentPage,
  };
  opts.filters.forEach((filter, group) => {
    const prefix = `searchCriteria[filter_groups][${group}][filters][0]`;
    query[`${prefix}[field]`] = filter.field;
    query[`${prefix}[value]`] = filter.value;
    query[`${prefix}[condition_type]`] = filter.conditionType;
  });
  if (opts.sortBy) {
    query['searchCriteria[sortOrders][0][field]'] = opts.sortBy;
    query['searchCriteria[sortOrders][0][direction]'] = 'ASC';
  }
  return query;
}
