import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  billingSummary as billingSummaryOutput,
  createCheckoutInput,
  hostedPageOutput,
  sandboxPlanInput,
  subscriptionState as subscriptionStateOutput,
} from '#common/api/billing';
import type { AppContext } from '../../app-context';
import { ProviderError } from '../../integrations/http';
import { AppError } from '../../lib/app-error';
import { rawBodyOf, registerRawBodyRoutes, SIGNED_RECEIVER_LIMIT } from '../../lib/raw-body';
import { requireMerchantForScope } from '../auth';
import { createCheckoutPage, createPortalPage, stripeCall } from './hosted-pages';
import { loadBillingAccount, setSandboxPlan } from './plan';
import type { PlatformBilling } from './platform-stripe';
import { billingSummary, subscriptionStateOf } from './summary';
import { syncCustomer } from './sync-subscription';
import { receiveBillingWebhook } from './webhook';

/** Where Stripe delivers the platform's billing events. */
export const BILLING_WEBHOOK_PATH = '/webhooks/stripe/billing';

/** How old a stored subscription may be before check-subscription reads it from Stripe again. */
const RESYNC_AFTER_MS = 5 * 60 * 1000;

function requireBilling(billing: PlatformBilling | null): PlatformBilling {
  if (!billing) throw new AppError('provider_unavailable', 'Billing is not available on this instance.');
  return billing;
}

/**
 * The merchant's own billing (session cookie; every query scoped by the merchant): plan, trial, usage and
 * fees, checkout and the customer portal on the platform's Stripe account. And Stripe's billing webhook.
 */
export function registerBillingRoutes(
  app: FastifyInstance,
  ctx: Pick<AppContext, 'auth' | 'db' | 'billing' | 'config' | 'clock'>,
) {
  const { db } = ctx;
  const now = () => ctx.clock.now();

  app.register(async (scope) => {
    const merchantOf = requireMerchantForScope(scope, ctx.auth, db);
    const r = scope.withTypeProvider<ZodTypeProvider>();
    const pageDeps = () => ({
      db,
      billing: requireBilling(ctx.billing),
      publicUrl: ctx.config.publicUrl,
      now: now(),
    });

    r.get(
      '/api/billing/check-subscription',
      {
        schema: {
          querystring: z.object({ refresh: z.enum(['true', 'false']).optional() }),
          response: { 200: subscriptionStateOutput },
        },
      },
      async (request) => {
        const merchant = merchantOf(request);
        let account = await loadBillingAccount(db, merchant.id);
        const stale =
          request.query.refresh === 'true' ||
          !account?.subscriptionSyncedAt ||
          now().getTime() - account.subscriptionSyncedAt.getTime() > RESYNC_AFTER_MS;
        // Webhooks keep the state current; a return from checkout or the portal, or a webhook that never
        // came, is caught up here by reading Stripe again.
        if (ctx.billing && account?.stripeCustomerId && stale) {
          const customer = account.stripeCustomerId;
          account =
            (await stripeCall(() => syncCustomer(db, ctx.billing!, customer, now()))) ??
            (await loadBillingAccount(db, merchant.id));
        }
        return subscriptionStateOf(account);
      },
    );

    r.get('/api/billing/summary', { schema: { response: { 200: billingSummaryOutput } } }, (request) =>
      billingSummary(db, merchantOf(request).id, now()),
    );

    r.post(
      '/api/billing/create-checkout',
      { schema: { body: createCheckoutInput, response: { 200: hostedPageOutput } } },
      (request) => createCheckoutPage(pageDeps(), merchantOf(request), request.body),
    );

    // Sandbox only: try any plan's features without paying (docs/decisions/044).
    r.post(
      '/api/billing/sandbox-plan',
      { schema: { body: sandboxPlanInput, response: { 200: billingSummaryOutput } } },
      async (request) => {
        if (ctx.config.mode !== 'sandbox')
          throw new AppError('forbidden', 'Plans can only be switched without paying in the sandbox.');
        const merchant = merchantOf(request);
        await setSandboxPlan(db, merchant.id, request.body.plan, now());
        return billingSummary(db, merchant.id, now());
      },
    );

    r.post('/api/billing/customer-portal', { schema: { response: { 200: hostedPageOutput } } }, (request) =>
      createPortalPage(pageDeps(), merchantOf(request)),
    );
  });

  registerRawBodyRoutes(app, 256 * 1024, (scope) => {
    // Stripe signs the exact bytes it sent, so the body is read as text and parsed only once verified.
    scope.post(BILLING_WEBHOOK_PATH, { config: SIGNED_RECEIVER_LIMIT }, async (request, reply) => {
      if (!ctx.billing) return reply.status(404).send({ received: false });
      const header = request.headers['stripe-signature'];
      try {
        return await receiveBillingWebhook(
          { db, billing: ctx.billing },
          {
            rawBody: rawBodyOf(request),
            signature: Array.isArray(header) ? header[0] : header,
            now: now(),
          },
        );
      } catch (err) {
        if (err instanceof ProviderError && (err.kind === 'auth' || err.kind === 'invalid_request'))
          return reply.status(400).send({ received: false, error: err.message });
        if (err instanceof z.ZodError)
          return reply.status(400).send({ received: false, error: 'Not an event' });
        throw err;
      }
    });
  });
}
