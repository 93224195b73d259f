import type { AppContext } from '../../app-context';
import type { Clock } from '../../lib/clock';
import type { Logger } from '../../lib/logger';
import type { OfferCaches } from '../commerce';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  accountStatusOutput,
  bitcoinSettingsInput,
  bitcoinTestInput,
  connectedAccountOutput,
  connectionCheckOutput,
  connectionsOutput,
  messageOutput,
  sellingStoreOutput,
  storeCredentialsInput,
  storeSaveInput,
  storeSaveOutput,
  storeTestOutput,
  stripeReturnInput,
  stripeVerifyInput,
  urlOutput,
} from '#common/api/connections';
import { CONNECTION_MESSAGES } from '#common/validation/connections';
import type { Db } from '../../db/client';
import type { Merchant } from '../../db/schema/index';
import { lightningProviderIdSchema } from '../../integrations/payments/registry';
import { storePlatform, storePlatformIdSchema } from '../../integrations/stores/registry';
import { AppError } from '../../lib/app-error';
import type { Keyring } from '../../lib/crypto';
import { type Auth, requireMerchant, requireUser, sessionRateKey } from '../auth';
import { notifyDepsOf, type NotifyDeps } from '../notifications';
import { recordSettingsChange } from '../security-events';
import type { IntegrationRuntime } from '../../integrations/runtime';
import { listConnections } from './list-connections';
import {
  disconnectStripeAccount,
  saveBitcoinSettings,
  testPaymentCredentials,
  verifyAndSaveStripeKey,
} from './payment-connections';
import { announceSellingStoreChange, chooseSellingStore, disconnectStore } from './selling-store';
import { checkStoreConnection, saveStoreConnection, testStoreCredentials } from './store-connections';
import {
  completeStripeOAuth,
  createAccountLink,
  createConnectedAccount,
  getAccountStatus,
  startStripeOAuth,
} from './stripe-connect';

export interface ConnectionDeps {
  auth: Auth;
  db: Db;
  runtime: IntegrationRuntime;
  keyring: Keyring;
  publicUrl: string;
  clock: Clock;
  logger: Logger;
  caches: OfferCaches;
  notify: NotifyDeps;
}

// Connection tests reach outside services; a person needs a few, a script probing addresses needs many.
const TEST_LIMIT = { rateLimit: { max: 20, timeWindow: '1 minute', keyGenerator: sessionRateKey } };

/** Dashboard API for store and payment connections (session cookie; every query scoped by merchant). */
export function registerConnectionRoutes(
  app: FastifyInstance,
  ctx: Pick<AppContext, 'auth' | 'db' | 'runtime' | 'config' | 'clock' | 'logger' | 'engine' | 'mailer'>,
) {
  const deps: ConnectionDeps = {
    auth: ctx.auth,
    db: ctx.db,
    runtime: ctx.runtime,
    keyring: ctx.config.keyring,
    publicUrl: ctx.config.publicUrl,
    clock: ctx.clock,
    logger: ctx.logger,
    caches: ctx.engine.caches,
    notify: notifyDepsOf(ctx),
  };
  registerStripeOAuthCallback(app, deps);
  // Everything else needs a signed-in merchant, checked before the body is even validated.
  app.register(async (scope) => {
    const merchantByRequest = new WeakMap<FastifyRequest, Merchant>();
    scope.addHook('onRequest', async (request) => {
      merchantByRequest.set(request, await requireMerchant(deps.auth, deps.db, request));
    });
    registerMerchantConnectionRoutes(scope, deps, async (request) => merchantByRequest.get(request)!);
  });
}

function registerMerchantConnectionRoutes(
  app: FastifyInstance,
  deps: ConnectionDeps,
  merchantOf: (request: FastifyRequest) => Promise<Merchant>,
) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/api/connections', { schema: { response: { 200: connectionsOutput } } }, async (request) => {
    const merchant = await merchantOf(request);
    return listConnections(deps.db, merchant.id, { sandbox: deps.runtime.mode === 'sandbox' });
  });

  r.post(
    '/api/connections/stores/test',
    {
      schema: {
        body: storeCredentialsInput.extend({ platform: storePlatformIdSchema }),
        response: { 200: storeTestOutput },
      },
      config: TEST_LIMIT,
    },
    async (request) => {
      await merchantOf(request);
      const { platform } = request.body;
      const { storeName } = await testStoreCredentials(deps.runtime, platform, request.body.credentials);
      return {
        success: true as const,
        message: CONNECTION_MESSAGES.connectionSucceeded(storePlatform(platform).manifest.name),
        storeName,
      };
    },
  );

  r.put(
    '/api/connections/stores/:platform',
    {
      schema: {
        params: z.object({ platform: storePlatformIdSchema }),
        body: storeSaveInput,
        response: { 200: storeSaveOutput },
      },
      config: TEST_LIMIT,
    },
    async (request) => {
      const merchant = await merchantOf(request);
      const { platform } = request.params;
      const { credentials, selling } = request.body;
      const saved = await saveStoreConnection(deps, merchant, platform, credentials, { selling });
      await recordSettingsChange(deps.db, request, {
        merchantId: merchant.id,
        area: 'connections',
        action: 'store_connected',
        changes: { platform },
      });
      if (saved.switched) await announceSellingStoreChange(deps, request, merchant.id, saved.switched);
      return {
        integrationId: saved.integrationId,
        selling: saved.selling,
        message: CONNECTION_MESSAGES.storeConnected,
      };
    },
  );

  r.post(
    '/api/connections/stores/:integrationId/selling',
    { schema: { params: z.object({ integrationId: z.uuid() }), response: { 200: sellingStoreOutput } } },
    async (request) => {
      const merchant = await merchantOf(request);
      const change = await chooseSellingStore(deps, merchant, request.params.integrationId);
      if (change) await announceSellingStoreChange(deps, request, merchant.id, change);
      return { integrationId: request.params.integrationId, changed: change !== null };
    },
  );

  r.post(
    '/api/connections/stores/:integrationId/check',
    {
      schema: { params: z.object({ integrationId: z.uuid() }), response: { 200: connectionCheckOutput } },
      config: TEST_LIMIT,
    },
    async (request) => {
      const merchant = await merchantOf(request);
      return checkStoreConnection(deps, merchant.id, request.params.integrationId);
    },
  );

  r.delete(
    '/api/connections/stores/:platform',
    { schema: { params: z.object({ platform: storePlatformIdSchema }) } },
    async (request, reply) => {
      const merchant = await merchantOf(request);
      const platform = request.params.platform;
      await disconnectStore(deps, merchant, platform);
      await recordSettingsChange(deps.db, request, {
        merchantId: merchant.id,
        area: 'connections',
        action: 'store_disconnected',
        changes: { platform },
      });
      return reply.status(204).send();
    },
  );

  r.post(
    '/api/connections/bitcoin/test',
    {
      schema: {
        body: bitcoinTestInput.extend({ provider: lightningProviderIdSchema }),
        response: { 200: connectionCheckOutput },
      },
      config: TEST_LIMIT,
    },
    async (request) => {
      await merchantOf(request);
      await testPaymentCredentials(deps.runtime, request.body.provider, request.body.credentials);
      return { success: true };
    },
  );

  r.put(
    '/api/connections/bitcoin',
    {
      schema: {
        body: bitcoinSettingsInput.extend({ provider: lightningProviderIdSchema }),
        response: { 200: messageOutput },
      },
      config: TEST_LIMIT,
    },
    async (request) => {
      const merchant = await merchantOf(request);
      await saveBitcoinSettings(deps, merchant, request.body);
      await recordSettingsChange(deps.db, request, {
        merchantId: merchant.id,
        area: 'connections',
        action: 'bitcoin_saved',
        changes: request.body,
      });
      return { message: request.body.enabled ? 'Bitcoin payments enabled.' : 'Bitcoin payments disabled.' };
    },
  );

  r.post(
    '/api/connections/stripe/verify',
    { schema: { body: stripeVerifyInput, response: { 200: messageOutput } }, config: TEST_LIMIT },
    async (request) => {
      const merchant = await merchantOf(request);
      const { message } = await verifyAndSaveStripeKey(deps, merchant, request.body.secretKey);
      await recordSettingsChange(deps.db, request, {
        merchantId: merchant.id,
        area: 'connections',
        action: 'card_provider_key_saved',
      });
      return { message };
    },
  );

  r.delete('/api/connections/stripe', async (request, reply) => {
    const merchant = await merchantOf(request);
    const accountId = await disconnectStripeAccount(deps, merchant);
    if (accountId)
      await recordSettingsChange(deps.db, request, {
        merchantId: merchant.id,
        area: 'connections',
        action: 'card_provider_disconnected',
        changes: { accountId },
      });
    return reply.status(204).send();
  });

  r.post(
    '/api/connections/stripe/oauth/start',
    { schema: { body: stripeReturnInput, response: { 200: urlOutput } } },
    async (request) => {
      const merchant = await merchantOf(request);
      // The route needs a signed-in session, so the guard has admitted one.
      const sessionId = deps.auth.sessionGuard.sessionOf(request)!.session.id;
      return startStripeOAuth(deps, merchant, sessionId, request.body?.returnTo ?? 'settings');
    },
  );

  r.post(
    '/api/connections/stripe/connected-account',
    { schema: { response: { 200: connectedAccountOutput } } },
    async (request) => {
      const user = await requireUser(deps.auth, request);
      const merchant = await merchantOf(request);
      const created = await createConnectedAccount(deps, merchant, user.email);
      if (!created.alreadyExists)
        await recordSettingsChange(deps.db, request, {
          merchantId: merchant.id,
          area: 'connections',
          action: 'card_provider_account_created',
          changes: { accountId: created.accountId },
        });
      return created;
    },
  );

  r.post(
    '/api/connections/stripe/account-link',
    { schema: { body: stripeReturnInput, response: { 200: urlOutput } } },
    async (request) => {
      const merchant = await merchantOf(request);
      return createAccountLink(deps, merchant, request.body?.returnTo ?? 'settings');
    },
  );

  r.get(
    '/api/connections/stripe/account-status',
    { schema: { response: { 200: accountStatusOutput } } },
    async (request) => {
      const merchant = await merchantOf(request);
      return getAccountStatus(deps, merchant);
    },
  );
}

/** Stripe sends the browser here; it always ends on /settings with the outcome in the query string. */
function registerStripeOAuthCallback(app: FastifyInstance, deps: ConnectionDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/api/connections/stripe/oauth/callback',
    {
      schema: {
        querystring: z.object({
          code: z.string().max(500).optional(),
          state: z.string().max(500).optional(),
          error: z.string().max(200).optional(),
          error_description: z.string().max(1000).optional(),
        }),
      },
    },
    async (request, reply) => {
      // The session rules apply here as on every dashboard route; a refused session is answered on the
      // page the merchant returns to, like every other outcome of the flow.
      const merchant = await requireMerchant(deps.auth, deps.db, request).catch((err: unknown) => {
        if (err instanceof AppError) return null;
        throw err;
      });
      const session = deps.auth.sessionGuard.sessionOf(request);
      const signedIn =
        merchant && session ? { merchantId: merchant.id, sessionId: session.session.id } : null;
      const { location, connected } = await completeStripeOAuth(deps, request.query, signedIn);
      if (connected)
        await recordSettingsChange(deps.db, request, {
          merchantId: connected.merchantId,
          area: 'connections',
          action: 'card_provider_oauth_connected',
          changes: { accountId: connected.accountId },
        });
      return reply.redirect(location, 303);
    },
  );
}
