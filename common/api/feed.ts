import { z } from 'zod';

/**
 * The product feed (ACP 2026-04-17 `schema.feed.json`): the records an agent receives, and the
 * merchant's preview of them, where every product and variant is ready, warning (sent, with a problem
 * worth fixing) or blocked (left out of the feed until fixed).
 */

const price = z.object({ amount: z.number().int().min(0), currency: z.string().regex(/^[A-Z]{3}$/) });
const media = z.object({ type: z.literal('image'), url: z.string() });

/** A feed `Variant` as AgentCart writes it: `id` is the SKU, the item id checkout accepts. */
export const feedVariant = z.object({
  id: z.string(),
  title: z.string(),
  description: z.object({ plain: z.string() }).optional(),
  url: z.string().optional(),
  barcodes: z.array(z.object({ type: z.string(), value: z.string() })).optional(),
  price: price.optional(),
  availability: z.object({ available: z.boolean(), status: z.enum(['in_stock', 'out_of_stock']) }),
  categories: z.array(z.object({ value: z.string(), taxonomy: z.literal('merchant') })).optional(),
  variant_options: z.array(z.object({ name: z.string(), value: z.string() })).optional(),
  media: z.array(media).optional(),
  seller: z.object({ name: z.string() }).optional(),
});
export type FeedVariant = z.infer<typeof feedVariant>;

/** A feed `Product`: the store's product id (stable) grouping its sellable variants. */
export const feedProduct = z.object({
  id: z.string(),
  title: z.string(),
  description: z.object({ plain: z.string() }).optional(),
  url: z.string().optional(),
  media: z.array(media).optional(),
  variants: z.array(feedVariant),
});
export type FeedProduct = z.infer<typeof feedProduct>;

export const FEED_STATUSES = ['ready', 'warning', 'blocked'] as const;
export const feedStatus = z.enum(FEED_STATUSES);
export type FeedStatus = z.infer<typeof feedStatus>;

export const FEED_PROBLEMS = [
  'no_price',
  'no_sku',
  'duplicate_variant_id',
  'currency_not_store',
  'no_image',
  'image_not_https',
  'description_too_long',
  'out_of_stock_marked_available',
] as const;
export const feedProblem = z.object({ code: z.enum(FEED_PROBLEMS), message: z.string() });
export type FeedProblem = z.infer<typeof feedProblem>;

export const feedVariantCheck = z.object({
  /** The store's variant id, or null for a product sold as itself. */
  storeVariantId: z.string().nullable(),
  sku: z.string().nullable(),
  title: z.string(),
  status: feedStatus,
  problems: z.array(feedProblem),
});

export const feedProductCheck = z.object({
  productId: z.string(),
  title: z.string(),
  /** The worst of its variants: blocked only when no variant can be sent. */
  status: feedStatus,
  problems: z.array(feedProblem),
  variants: z.array(feedVariantCheck),
  /** The product's page in the store, where the merchant fixes it. */
  storeUrl: z.string().nullable(),
});
export type FeedProductCheck = z.infer<typeof feedProductCheck>;

const statusCounts = z.object({
  ready: z.number().int(),
  warning: z.number().int(),
  blocked: z.number().int(),
});

export const FEED_PAGE_SIZE = 50;

export const feedPreviewQuery = z.object({
  status: feedStatus.optional(),
  q: z.string().trim().max(200).optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
});

export const feedPreviewOutput = z.object({
  /** Why no feed could be built (no store connected, the store not answering), or null. */
  storeProblem: z.string().nullable(),
  currency: z.string().nullable(),
  counts: z.object({ products: statusCounts, variants: statusCounts }),
  builtAt: z.string().nullable(),
  products: z.array(feedProductCheck),
  page: z.number().int(),
  pageCount: z.number().int(),
  /** Products matching the filter and search, over every page. */
  total: z.number().int(),
});
export type FeedPreview = z.infer<typeof feedPreviewOutput>;

export const feedProductParams = z.object({ productId: z.string().min(1).max(200) });

export const feedProductOutput = z.object({
  check: feedProductCheck,
  /** Exactly what an agent receives for this product, or null when every variant is blocked. */
  record: feedProduct.nullable(),
});
export type FeedProductView = z.infer<typeof feedProductOutput>;

/* ---- Pushing the feed to the agent's Feed API (ADR 055) ---- */

export const FEED_SCHEDULES = ['off', 'hourly', 'daily'] as const;
export const feedSchedule = z.enum(FEED_SCHEDULES);
export type FeedSchedule = z.infer<typeof feedSchedule>;

const country = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z]{2}$/, 'Use a two-letter country code, such as US or GB.');

export const feedPushSettingsOutput = z.object({
  /** The agent's Feed API base URL, or null when pushing is not set up. */
  endpointUrl: z.string().nullable(),
  tokenSet: z.boolean(),
  /** The token's last characters, to recognise it by. */
  tokenHint: z.string().nullable(),
  countries: z.array(z.string()),
  schedule: feedSchedule,
  /** Sandbox: these are the agent simulator's defaults, nothing saved yet. */
  sandboxDefault: z.boolean(),
});
export type FeedPushSettingsView = z.infer<typeof feedPushSettingsOutput>;

export const updateFeedPushSettingsInput = z
  .object({
    endpointUrl: z.string().trim().min(1, "Enter your agent's Feed API address.").max(500),
    /** A new bearer token; left out, the saved one stays. */
    token: z.string().trim().min(8, 'The token is too short.').max(1000).optional(),
    countries: z.array(country).min(1, 'Choose at least one country.').max(20),
    schedule: feedSchedule,
  })
  .strict();
export type UpdateFeedPushSettingsInput = z.infer<typeof updateFeedPushSettingsInput>;

export const FEED_DELIVERY_STATUSES = ['pending', 'accepted', 'partial', 'rejected', 'failed'] as const;
export const feedDeliveryStatus = z.enum(FEED_DELIVERY_STATUSES);
export type FeedDeliveryStatus = z.infer<typeof feedDeliveryStatus>;

export const feedDeliveryView = z.object({
  id: z.string(),
  /** Push now, the schedule, or the store's catalogue changed. */
  trigger: z.enum(['manual', 'schedule', 'change']),
  country: z.string(),
  /** The agent's feed id, once created. */
  feedId: z.string().nullable(),
  status: feedDeliveryStatus,
  attempts: z.number().int(),
  productsSent: z.number().int(),
  productsAccepted: z.number().int(),
  productsRejected: z.number().int(),
  /** The agent's read-back found the feed after the upserts. */
  confirmed: z.boolean(),
  error: z.string().nullable(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type FeedDeliveryView = z.infer<typeof feedDeliveryView>;

export const feedDeliveriesOutput = z.object({ deliveries: z.array(feedDeliveryView) });
export const pushFeedOutput = z.object({ deliveries: z.array(feedDeliveryView) });

export const feedExportQuery = z.object({ country: country.optional() });
