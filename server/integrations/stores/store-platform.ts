import type { z } from 'zod';
import type { AdapterContext, WebhookHeaders } from './store-types';
import type { IntegrationManifest } from '../manifest';

export interface StorePlatformManifest extends IntegrationManifest {
  /** What connecting needs, in a sentence, shown on the store setup page. */
  summary: string;
  /** How a connected store is named in the dashboard; the API base's host name when omitted. */
  displayHost?(credentials: Record<string, unknown>): string;
  /**
   * Sandbox only: where "Open store" goes, a page of the platform's simulator served from the app's
   * origin (the store's orders), given the address the merchant connected. Without it, sandbox shows no
   * "Open store": a simulated store's address opens in no browser.
   */
  sandboxStorePage?(storeUrl: string | null): string;
}

/** A product as the commerce engine sees it, whatever the store. Prices are integer minor units. */
export interface StoreProduct {
  id: string;
  /** Variant/variation id when the sellable item is a variant of `id`. */
  variantId: string | null;
  sku: string | null;
  name: string;
  description: string | null;
  /** null when the store has no price for it (it cannot be bought). */
  priceMinor: number | null;
  currency: string | null;
  /** null when the store does not track stock. */
  stockQuantity: number | null;
  inStock: boolean;
  imageUrls: string[];
  url: string | null;
  /** A variant's product's own name ("Tent" for "Tent – Sand"), where it differs from `name`. */
  productName?: string;
  /** The GTIN/UPC/EAN the store holds for the item, where the platform has one. */
  barcode?: string | null;
  /** The store's category names, where the platform has them (most specific last). */
  categories?: string[];
  /** What distinguishes a variant from its siblings ("Colour: Sand"), where the platform says. */
  options?: { name: string; value: string }[];
  /**
   * How many variants a priceless container product has, on a platform whose listing gives the
   * container only (a WooCommerce variable product); its variants come from `listVariants`.
   */
  variantCount?: number;
}

export interface ProductPage {
  products: StoreProduct[];
  page: number;
  perPage: number;
  total: number | null;
  totalPages: number | null;
  hasMore: boolean;
}

export interface PostalAddress {
  name: string;
  line1: string;
  line2?: string | null;
  city: string;
  region?: string | null;
  postalCode: string;
  /** ISO 3166-1 alpha-2. */
  country: string;
  phone?: string | null;
}

export interface StoreOrderInput {
  /** Our checkout id: written to the order's metadata and used as the idempotency reference. */
  reference: string;
  currency: string;
  lines: {
    productId: string;
    variantId: string | null;
    sku: string | null;
    name: string;
    quantity: number;
    unitPriceMinor: number;
  }[];
  shipping: { methodId: string; label: string; amountMinor: number } | null;
  buyer: { name: string; email: string; phone?: string | null };
  billingAddress: PostalAddress;
  shippingAddress: PostalAddress;
  payment: { provider: string; method: 'card' | 'lightning'; transactionId: string; paid: boolean };
  /**
   * Every line was found for sale in this store by its SKU, under these ids, moments before (the card
   * confirm's re-price, ADR 063): an adapter that checks its lines against the catalogue before writing
   * need not ask the store again. Unset on a retry, which checks afresh.
   */
  catalogueChecked?: boolean;
}

export type StoreOrderStatus = 'pending' | 'paid' | 'fulfilled' | 'cancelled' | 'refunded' | 'failed';

export interface StoreOrder {
  id: string;
  /** The number a merchant sees in their store admin, when different from the id. */
  number: string | null;
  status: StoreOrderStatus;
  /** The store's own status word. */
  storeStatus: string;
  totalMinor: number | null;
  currency: string | null;
  raw: unknown;
}

/** A refund AgentCart made on a paid order, for the store's order (ADR 052). */
export interface StoreRefundInput {
  /** Our refund id: written to the store's refund and used as its idempotency reference. */
  reference: string;
  amountMinor: number;
  currency: string;
  /** Why, in words a merchant reads in the store's admin. */
  reason: string;
  /** The refunded lines by SKU (with the amount refunded for each); empty for a refund by amount. */
  lines: { sku: string; quantity: number; amountMinor: number }[];
  /** Whether the store puts the refunded lines back in stock. */
  restock: boolean;
}

/** A cancellation the merchant made in AgentCart, for the store's order (ADR 056). */
export interface StoreCancelInput {
  /** Our order id: the idempotency reference of the store's cancellation. */
  reference: string;
  /** Why, in words a merchant reads in the store's admin. */
  reason: string;
}

/** A refund as the store recorded it on its order. */
export interface StoreRefund {
  id: string;
  amountMinor: number | null;
  raw: unknown;
}

export interface StorePlatform<Credentials = unknown> {
  manifest: StorePlatformManifest;
  credentialsSchema: z.ZodType<Credentials>;
  /**
   * The platform's connection test, one authenticated read of its API. Throws ProviderError with the
   * HTTP status and status text when the store refuses (the caller words the message).
   */
  testConnection(ctx: AdapterContext<Credentials>): Promise<{ storeName: string | null }>;
  listProducts(
    ctx: AdapterContext<Credentials>,
    query: { page: number; perPage: number },
  ): Promise<ProductPage>;
  /** The variants of a container product (`variantCount` > 0) on a platform that lists them apart. */
  listVariants?(ctx: AdapterContext<Credentials>, parent: StoreProduct): Promise<StoreProduct[]>;
  findProductBySku(ctx: AdapterContext<Credentials>, sku: string): Promise<StoreProduct | null>;
  /** Creates a paid (or pending) order. Throws ProviderError('invalid_request') for an unknown product. */
  createOrder(ctx: AdapterContext<Credentials>, input: StoreOrderInput): Promise<StoreOrder>;
  /**
   * The order an earlier `createOrder(input)` wrote, found by our reference (the checkout id), or null
   * when the store has none. A write whose answer was lost (a timeout after the store saved the order)
   * leaves us not knowing; the store-write retry asks this first so it never writes the order twice.
   * Throws when the store cannot be asked, so the retry waits rather than guessing. Every live platform
   * has it; Magento (coming soon) does not yet, as its order is placed before our reference is on it.
   */
  findWrittenOrder?(ctx: AdapterContext<Credentials>, input: StoreOrderInput): Promise<StoreOrder | null>;
  getOrder(ctx: AdapterContext<Credentials>, orderId: string): Promise<StoreOrder>;
  updateOrderStatus(
    ctx: AdapterContext<Credentials>,
    orderId: string,
    status: StoreOrderStatus,
  ): Promise<StoreOrder>;
  /**
   * Records a refund on the store's order, money already returned by AgentCart (the store's own gateway
   * is not asked). Platforms without it are not told of refunds.
   */
  refundOrder?(
    ctx: AdapterContext<Credentials>,
    storeOrderId: string,
    input: StoreRefundInput,
  ): Promise<StoreRefund>;
  /**
   * The refund an earlier `refundOrder` recorded under this reference, or null: asked before writing
   * again after an attempt whose answer was lost, so the store never gets a refund twice.
   */
  findRefund?(
    ctx: AdapterContext<Credentials>,
    storeOrderId: string,
    reference: string,
  ): Promise<StoreRefund | null>;
  /**
   * Cancels the store's order the merchant cancelled in AgentCart (ADR 056), money already returned by
   * AgentCart. Idempotent: cancelling a cancelled order answers it. Platforms without it are told by
   * `updateOrderStatus(…, 'cancelled')`.
   */
  cancelOrder?(
    ctx: AdapterContext<Credentials>,
    storeOrderId: string,
    input: StoreCancelInput,
  ): Promise<StoreOrder>;
  /** Verifies the store's webhook signature over the raw body, where the platform signs webhooks. */
  verifyWebhook?(input: { rawBody: string; headers: WebhookHeaders; secret: string }): boolean;
}
