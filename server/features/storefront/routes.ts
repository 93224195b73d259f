import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  createStorefrontCheckoutInput,
  storefrontListingsOutput,
  storefrontParams,
  storefrontSessionParams,
  updateStorefrontListingsInput,
} from '#common/api/storefront';
import type { AppContext } from '../../app-context';
import { rawBodyOf, registerRawBodyRoutes, SIGNED_RECEIVER_LIMIT } from '../../lib/raw-body';
import { requireMerchantForScope } from '../auth';
import { recordSettingsChange } from '../security-events';
import { getStorefrontListings, saveStorefrontListings } from './listings';
import {
  createStorefrontCheckout,
  getStorefrontSession,
  listStorefrontProducts,
  storefrontDepsOf,
} from './storefront';
import { receiveStorefrontWebhook, refusalOf, STOREFRONT_WEBHOOK_PATH } from './storefront-webhook';

// Public pages: a shopper browses and buys a few times a minute; a script enumerating stores needs many.
const BROWSE_LIMIT = { rateLimit: { max: 60, timeWindow: '1 minute' } };
const CHECKOUT_LIMIT = { rateLimit: { max: 10, timeWindow: '1 minute' } };
// Publishing calls Stripe for every listed product: a merchant saves a few times a minute at most.
const PUBLISH_LIMIT = { rateLimit: { max: 10, timeWindow: '1 minute' } };

/**
 * The public storefront's API (no sign-in): a connected account's products, Buy Now and its outcome;
 * the merchant's Settings › Storefront (session); and the Connect webhook that records its sales.
 */
export function registerStorefrontRoutes(
  app: FastifyInstance,
  ctx: Pick<AppContext, 'db' | 'runtime' | 'config' | 'engine' | 'auth'>,
) {
  const deps = storefrontDepsOf(ctx);
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.get(
    '/api/storefront/:accountId/products',
    { schema: { params: storefrontParams }, config: BROWSE_LIMIT },
    async (request) => listStorefrontProducts(deps, request.params.accountId),
  );
  api.post(
    '/api/storefront/:accountId/checkout',
    { schema: { params: storefrontParams, body: createStorefrontCheckoutInput }, config: CHECKOUT_LIMIT },
    async (request) => createStorefrontCheckout(deps, request.params.accountId, request.body),
  );
  api.get(
    '/api/storefront/:accountId/sessions/:sessionId',
    { schema: { params: storefrontSessionParams }, config: BROWSE_LIMIT },
    async (request) => getStorefrontSession(deps, request.params.accountId, request.params.sessionId),
  );

  app.register(async (scope) => {
    const merchantOf = requireMerchantForScope(scope, ctx.auth, ctx.db);
    const r = scope.withTypeProvider<ZodTypeProvider>();
    r.get(
      '/api/storefront-listings',
      { schema: { response: { 200: storefrontListingsOutput } } },
      async (request) => getStorefrontListings(deps, merchantOf(request)),
    );
    r.put(
      '/api/storefront-listings',
      {
        schema: { body: updateStorefrontListingsInput, response: { 200: storefrontListingsOutput } },
        config: PUBLISH_LIMIT,
      },
      async (request) => {
        const merchant = merchantOf(request);
        const saved = await saveStorefrontListings(deps, merchant, request.body.products);
        await recordSettingsChange(ctx.db, request, {
          merchantId: merchant.id,
          area: 'storefront',
          action: 'updated',
          changes: { listed: saved.products.filter((p) => p.listed).length },
        });
        return saved;
      },
    );
  });

  registerRawBodyRoutes(app, 256 * 1024, (scope) => {
    // Stripe signs the exact bytes it sent, so the body is read as text and parsed only once verified.
    scope.post(STOREFRONT_WEBHOOK_PATH, { config: SIGNED_RECEIVER_LIMIT }, async (request, reply) => {
      const header = request.headers['stripe-signature'];
      try {
        return await receiveStorefrontWebhook(
          { ...deps, secret: ctx.config.storefrontWebhook.secret },
          { rawBody: rawBodyOf(request), signature: Array.isArray(header) ? header[0] : header },
        );
      } catch (err) {
        const refusal = refusalOf(err);
        if (!refusal) throw err;
        return reply.status(refusal.status).send({ received: false, error: refusal.message });
      }
    });
  });
}
