import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  acpAgentSettingsOutput,
  acpWebhookDeliveryView,
  listDeliveriesOutput,
  signingSecretOutput,
  updateAcpAgentSettingsInput,
  webhookSecretOutput,
} from '#common/api/acp-agents';
import type { AppContext } from '../../app-context';
import { maskSecret } from '../../integrations/credentials';
import { requireMerchant } from '../auth';
import { requirePlanFeature } from '../billing';
import { recordSettingsChange } from '../security-events';
import {
  agentSettingsView,
  rotateSigningSecret,
  rotateWebhookSecret,
  updateAgentSettings,
} from './agent-settings';
import { listDeliveries, redeliver } from './deliver-order-event';
import type { AcpAgentDeps } from './deps';
import { listDeliveriesQuery } from '#common/api/webhook-deliveries';

const secretLimit = { rateLimit: { max: 10, timeWindow: '1 minute' } };

/**
 * The dashboard side of the merchant's AI agent platform (ACP): settings, the two secrets (each shown
 * once), and the order-event delivery log. Session cookie + same-origin, scoped to the merchant.
 */
export function registerAcpAgentRoutes(
  app: FastifyInstance,
  ctx: Pick<AppContext, 'auth' | 'db' | 'engine' | 'config' | 'clock'>,
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const deps: AcpAgentDeps = { ...ctx.engine, publicUrl: ctx.config.publicUrl };
  const merchantOf = (request: FastifyRequest) => requireMerchant(ctx.auth, ctx.db, request);

  r.get(
    '/api/acp/agent-settings',
    { schema: { response: { 200: acpAgentSettingsOutput } } },
    async (request) => agentSettingsView(deps, await merchantOf(request)),
  );

  r.put(
    '/api/acp/agent-settings',
    { schema: { body: updateAcpAgentSettingsInput, response: { 200: acpAgentSettingsOutput } } },
    async (request) => {
      const merchant = await merchantOf(request);
      const updated = await updateAgentSettings(deps, merchant, request.body);
      await recordSettingsChange(ctx.db, request, {
        merchantId: merchant.id,
        area: 'acp_agents',
        action: 'updated',
        changes: request.body,
      });
      return updated;
    },
  );

  r.post(
    '/api/acp/agent-settings/signing-secret',
    { schema: { response: { 200: signingSecretOutput } }, config: secretLimit },
    async (request) => {
      const merchant = await merchantOf(request);
      await requirePlanFeature(ctx.db, merchant, 'agent_request_signing', ctx.clock.now());
      const merchantId = merchant.id;
      const secret = await rotateSigningSecret(deps, merchantId);
      await recordSettingsChange(ctx.db, request, {
        merchantId,
        area: 'acp_agents',
        action: 'signing_secret_rotated',
      });
      return { signing_secret: secret };
    },
  );

  r.post(
    '/api/acp/webhook-secret',
    { schema: { response: { 200: webhookSecretOutput } }, config: secretLimit },
    async (request) => {
      const { id: merchantId } = await merchantOf(request);
      const secret = await rotateWebhookSecret(deps, merchantId);
      await recordSettingsChange(ctx.db, request, {
        merchantId,
        area: 'acp_agents',
        action: 'webhook_secret_rotated',
      });
      return { webhook_secret: secret, webhook_secret_hint: maskSecret(secret) };
    },
  );

  r.get(
    '/api/acp/webhook-deliveries',
    { schema: { querystring: listDeliveriesQuery, response: { 200: listDeliveriesOutput } } },
    async (request) => ({
      deliveries: await listDeliveries(deps, (await merchantOf(request)).id, request.query.limit),
    }),
  );

  r.post(
    '/api/acp/webhook-deliveries/:id/redeliver',
    {
      schema: { params: z.object({ id: z.string().max(64) }), response: { 200: acpWebhookDeliveryView } },
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
    },
    async (request) => redeliver(deps, (await merchantOf(request)).id, request.params.id),
  );
}
