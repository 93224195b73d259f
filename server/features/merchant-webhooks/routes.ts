import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  listMerchantWebhookDeliveriesOutput,
  merchantWebhookDeliveryView,
  merchantWebhookSecretOutput,
  merchantWebhookSettingsOutput,
  savedMerchantWebhookSettingsOutput,
  testMerchantWebhookInput,
  testMerchantWebhookOutput,
  updateMerchantWebhookSettingsInput,
  type MerchantWebhookDeliveryView,
} from '#common/api/merchant-webhooks';
import type { AppContext } from '../../app-context';
import type { WebhookDelivery } from '../../db/schema/index';
import { maskSecret } from '../../integrations/credentials';
import { requireMerchant } from '../auth';
import { requirePlanFeature } from '../billing';
import { listDeliveries, redeliver } from '../outbound-webhooks';
import { recordSettingsChange } from '../security-events';
import { merchantWebhookChannel } from './channel';
import { rotateSigningSecret, saveWebhookSettings, webhookSettingsView } from './settings';
import { sendTestEvent } from './test-event';
import { listDeliveriesQuery } from '#common/api/webhook-deliveries';

function deliveryView(row: WebhookDelivery): MerchantWebhookDeliveryView {
  return {
    id: row.id,
    event_type: row.eventType as MerchantWebhookDeliveryView['event_type'],
    subject_id: row.subjectId ?? '',
    url: row.url,
    status: row.status as MerchantWebhookDeliveryView['status'],
    attempts: row.attempts,
    last_response_status: row.lastResponseStatus,
    last_response_body: row.lastResponseBody,
    last_error: row.lastError,
    last_attempt_at: row.lastAttemptAt?.toISOString() ?? null,
    delivered_at: row.deliveredAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
  };
}

/**
 * Settings › Webhooks: the endpoint and its events, the signing secret (shown in full once), a test
 * send and the delivery log with redelivery. Session cookie + same-origin, scoped to the merchant.
 */
export function registerMerchantWebhookRoutes(
  app: FastifyInstance,
  ctx: Pick<AppContext, 'auth' | 'db' | 'engine' | 'clock'>,
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const deps = ctx.engine;
  const channel = merchantWebhookChannel(deps);
  const merchantIdOf = async (request: FastifyRequest) =>
    (await requireMerchant(ctx.auth, ctx.db, request)).id;
  /** Webhooks are a Growth feature: reading the settings is free, changing or sending is the plan's. */
  const entitledMerchantIdOf = async (request: FastifyRequest) => {
    const merchant = await requireMerchant(ctx.auth, ctx.db, request);
    await requirePlanFeature(ctx.db, merchant, 'merchant_webhooks', ctx.clock.now());
    return merchant.id;
  };

  r.get(
    '/api/merchant-webhooks',
    { schema: { response: { 200: merchantWebhookSettingsOutput } } },
    async (request) => webhookSettingsView(deps, await merchantIdOf(request)),
  );

  r.put(
    '/api/merchant-webhooks',
    {
      schema: {
        body: updateMerchantWebhookSettingsInput,
        response: { 200: savedMerchantWebhookSettingsOutput },
      },
    },
    async (request) => {
      const merchantId = await entitledMerchantIdOf(request);
      const saved = await saveWebhookSettings(deps, merchantId, request.body);
      await recordSettingsChange(ctx.db, request, {
        merchantId,
        area: 'webhooks',
        action: 'updated',
        changes: { url: saved.url, events: saved.events, secretCreated: Boolean(saved.secret) },
      });
      return saved;
    },
  );

  r.post(
    '/api/merchant-webhooks/secret',
    {
      schema: { response: { 200: merchantWebhookSecretOutput } },
      config: { rateLimit: { max: 10, timeWindow: '1 minute' } },
    },
    async (request) => {
      const merchantId = await entitledMerchantIdOf(request);
      const secret = await rotateSigningSecret(deps, merchantId);
      await recordSettingsChange(ctx.db, request, { merchantId, area: 'webhooks', action: 'secret_rotated' });
      return { secret, secret_hint: maskSecret(secret) };
    },
  );

  r.post(
    '/api/merchant-webhooks/test',
    {
      schema: { body: testMerchantWebhookInput, response: { 200: testMerchantWebhookOutput } },
      config: { rateLimit: { max: 20, timeWindow: '1 minute' } },
    },
    async (request) => sendTestEvent(deps, await entitledMerchantIdOf(request), request.body.url),
  );

  r.get(
    '/api/merchant-webhooks/deliveries',
    {
      schema: {
        querystring: listDeliveriesQuery,
        response: { 200: listMerchantWebhookDeliveriesOutput },
      },
    },
    async (request) => ({
      deliveries: (
        await listDeliveries(ctx.db, channel, await merchantIdOf(request), request.query.limit)
      ).map(deliveryView),
    }),
  );

  r.post(
    '/api/merchant-webhooks/deliveries/:id/redeliver',
    {
      schema: {
        params: z.object({ id: z.string().max(64) }),
        response: { 200: merchantWebhookDeliveryView },
      },
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
    },
    async (request) =>
      deliveryView(await redeliver(deps, channel, await entitledMerchantIdOf(request), request.params.id)),
  );
}
