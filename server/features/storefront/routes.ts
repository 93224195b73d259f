import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  createStorefrontCheckoutInput,
  storefrontParams,
  storefrontSessionParams,
} from '#common/api/storefront';
import { createStorefrontCheckout, getStorefrontSession, listStorefrontProducts } from './storefront';
import type { AppContext } from '../../app-context';

// Public pages: a shopper browses and buys a few times a minute; a script enumerating stores needs many.
const BROWSE_LIMIT = { rateLimit: { max: 60, timeWindow: '1 minute' } };
const CHECKOUT_LIMIT = { rateLimit: { max: 10, timeWindow: '1 minute' } };

/** The public storefront's API (no sign-in): a connected account's products, Buy Now and its outcome. */
export function registerStorefrontRoutes(
  app: FastifyInstance,
  ctx: Pick<AppContext, 'db' | 'runtime' | 'config'>,
) {
  const deps = { db: ctx.db, runtime: ctx.runtime, publicUrl: ctx.config.publicUrl };
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.get(
    '/api/storefront/:accountId/products',
    { schema: { params: storefrontParams }, config: BROWSE_LIMIT },
    async (request) => ({ products: await listStorefrontProducts(deps, request.params.accountId) }),
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
}
