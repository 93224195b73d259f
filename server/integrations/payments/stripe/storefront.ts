import { z } from 'zod';
import { ProviderError, type AdapterContext } from '../../http';
import { callStripe, stripeClient } from './api';
import type { StripePlatformCredentials } from './connect';

type PlatformContext = AdapterContext<StripePlatformCredentials>;

/** The platform's client acting on a connected account (the Stripe-Account header on every call). */
const onAccount = (ctx: PlatformContext, accountId: string) =>
  stripeClient(ctx.http, ctx.credentials.secretKey, accountId);

const price = z.looseObject({
  id: z.string(),
  object: z.literal('price'),
  active: z.boolean(),
  currency: z.string(),
  type: z.enum(['one_time', 'recurring']),
  unit_amount: z.number().int().nullable(),
  product: z.union([z.string(), z.looseObject({ id: z.string(), name: z.string() })]).optional(),
});
const product = z.looseObject({
  id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  images: z.array(z.string()),
  default_price: z.union([price, z.string(), z.null()]),
});
const productList = z.looseObject({ data: z.array(product), has_more: z.boolean() });
const checkoutSession = z.looseObject({
  id: z.string(),
  object: z.literal('checkout.session'),
  url: z.string().nullable(),
  status: z.enum(['open', 'complete', 'expired']).nullable(),
  payment_status: z.enum(['paid', 'unpaid', 'no_payment_required']),
  amount_total: z.number().int().nullable(),
  currency: z.string().nullable(),
  metadata: z.record(z.string(), z.string()).nullable().optional(),
  payment_intent: z
    .union([z.string(), z.object({ id: z.string() })])
    .nullable()
    .optional(),
  customer_details: z
    .looseObject({ email: z.string().nullable().optional(), name: z.string().nullable().optional() })
    .nullable()
    .optional(),
});
const publishedProduct = z.looseObject({
  id: z.string(),
  default_price: z.union([z.string(), z.object({ id: z.string() }), z.null()]),
});

/** Session metadata the storefront's checkout carries, read back when the sale is recorded. */
export const SALE_METADATA = {
  price: 'agentcart_price',
  quantity: 'agentcart_quantity',
  name: 'agentcart_product_name',
} as const;

/** What a store product is published as: its current amount and whether it can be bought now. */
export interface ProductToPublish {
  listingId: string;
  name: string;
  description: string | null;
  images: string[];
  amountMinor: number;
  currency: string;
  active: boolean;
  /** What was published before, if anything. */
  published: { productId: string; priceId: string; amountMinor: number; currency: string } | null;
}

const idOf = (value: string | { id: string } | null | undefined) =>
  typeof value === 'string' ? value : (value?.id ?? null);

export interface ConnectedProduct {
  id: string;
  name: string;
  description: string | null;
  image: string | null;
  /** The default price when it can be bought once (a one-time price with an amount). */
  price: { id: string; unitAmount: number; currency: string } | null;
}

/** Stripe shows at most 100 objects per page; a storefront lists the first page of active products. */
const PRODUCTS_PAGE = 100;

/**
 * A connected account's shop window and till, run with the platform's key and the account's id:
 * its active products with their default prices, a Checkout Session (payment mode, a direct charge
 * carrying the platform's application fee), and that session read back.
 */
export const stripeStorefront = {
  async listProducts(ctx: PlatformContext, accountId: string): Promise<ConnectedProduct[]> {
    const page = await callStripe(
      () =>
        onAccount(ctx, accountId).products.list({
          active: true,
          limit: PRODUCTS_PAGE,
          expand: ['data.default_price'],
        }),
      productList,
    );
    return page.data.map((p) => {
      const defaultPrice = typeof p.default_price === 'object' ? p.default_price : null;
      const buyable =
        defaultPrice?.active && defaultPrice.type === 'one_time' && defaultPrice.unit_amount !== null;
      return {
        id: p.id,
        name: p.name,
        description: p.description,
        image: p.images[0] ?? null,
        price: buyable
          ? { id: defaultPrice.id, unitAmount: defaultPrice.unit_amount!, currency: defaultPrice.currency }
          : null,
      };
    });
  },

  /**
   * A hosted Checkout Session for `quantity` of a one-time price, with `feePercent` of the total as the
   * platform's application fee (rounded down to whole minor units).
   */
  async createCheckout(
    ctx: PlatformContext,
    accountId: string,
    input: { priceId: string; quantity: number; feePercent: number; successUrl: string; cancelUrl: string },
  ): Promise<{ id: string; url: string }> {
    const client = onAccount(ctx, accountId);
    const found = await callStripe(
      () => client.prices.retrieve(input.priceId, { expand: ['product'] }),
      price,
    );
    if (!found.active || found.type !== 'one_time' || found.unit_amount === null) {
      throw new ProviderError('stripe', 'invalid_request', 'This product cannot be bought here.');
    }
    const total = found.unit_amount * input.quantity;
    const session = await callStripe(
      () =>
        client.checkout.sessions.create({
          mode: 'payment',
          line_items: [{ price: found.id, quantity: input.quantity }],
          payment_intent_data: { application_fee_amount: Math.floor((total * input.feePercent) / 100) },
          metadata: {
            [SALE_METADATA.price]: found.id,
            [SALE_METADATA.quantity]: String(input.quantity),
            [SALE_METADATA.name]: (typeof found.product === 'object' ? found.product.name : '').slice(0, 500),
          },
          success_url: input.successUrl,
          cancel_url: input.cancelUrl,
        }),
      checkoutSession,
    );
    if (!session.url) throw new ProviderError('stripe', 'malformed_response', 'Stripe gave no checkout page');
    return { id: session.id, url: session.url };
  },

  /** The session as the connected account sees it (another account's session is not found). */
  async getCheckout(ctx: PlatformContext, accountId: string, sessionId: string) {
    const session = await callStripe(
      () => onAccount(ctx, accountId).checkout.sessions.retrieve(sessionId),
      checkoutSession,
    );
    const quantity = Number(session.metadata?.[SALE_METADATA.quantity] ?? '1');
    return {
      id: session.id,
      status: session.status ?? 'open',
      paid: session.payment_status === 'paid',
      amountTotal: session.amount_total,
      currency: session.currency,
      priceId: session.metadata?.[SALE_METADATA.price] ?? null,
      productName: session.metadata?.[SALE_METADATA.name] || null,
      quantity: Number.isInteger(quantity) && quantity > 0 ? quantity : 1,
      paymentIntentId: idOf(session.payment_intent),
      buyer: { email: session.customer_details?.email ?? null, name: session.customer_details?.name ?? null },
    };
  },

  /**
   * Publishes a store product on the connected account, as Stripe wants a catalogue changed: a product
   * with a default price the first time; later a new Price when the amount or currency changed (a
   * Price's amount never changes), made the default before the old one is archived; `active` false
   * (out of stock, or unlisted) takes the product off sale.
   */
  async publishProduct(
    ctx: PlatformContext,
    accountId: string,
    input: ProductToPublish,
  ): Promise<{ productId: string; priceId: string }> {
    const client = onAccount(ctx, accountId);
    const details = {
      name: input.name,
      ...(input.description ? { description: input.description } : {}),
      images: input.images.slice(0, 8),
      active: input.active,
      metadata: { agentcart_listing: input.listingId },
    };
    const was = input.published;
    if (!was) {
      const created = await callStripe(
        () =>
          client.products.create({
            ...details,
            default_price_data: { currency: input.currency.toLowerCase(), unit_amount: input.amountMinor },
          }),
        publishedProduct,
      );
      const priceId = idOf(created.default_price);
      if (!priceId)
        throw new ProviderError('stripe', 'malformed_response', 'Stripe gave the product no price');
      return { productId: created.id, priceId };
    }
    const repriced = was.amountMinor !== input.amountMinor || was.currency !== input.currency;
    const priceId = repriced
      ? (
          await callStripe(
            () =>
              client.prices.create({
                product: was.productId,
                currency: input.currency.toLowerCase(),
                unit_amount: input.amountMinor,
              }),
            price,
          )
        ).id
      : was.priceId;
    await callStripe(
      () => client.products.update(was.productId, { ...details, default_price: priceId }),
      publishedProduct,
    );
    if (repriced) await callStripe(() => client.prices.update(was.priceId, { active: false }), price);
    return { productId: was.productId, priceId };
  },

  /** Takes a published product off sale (the merchant unlisted it); its prices stay for past sales. */
  async unpublishProduct(ctx: PlatformContext, accountId: string, productId: string): Promise<void> {
    await callStripe(
      () => onAccount(ctx, accountId).products.update(productId, { active: false }),
      publishedProduct,
    );
  },
};
