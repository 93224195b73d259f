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
});

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
    const found = await callStripe(() => client.prices.retrieve(input.priceId), price);
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
    return {
      id: session.id,
      status: session.status ?? 'open',
      paid: session.payment_status === 'paid',
      amountTotal: session.amount_total,
      currency: session.currency,
    };
  },
};
