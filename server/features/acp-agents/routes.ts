import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  acpAgentSettingsOutput,
  acpWebhookDeliveryView,
  listDeliveriesOutput,
  listDeliveriesQuery,
  signingSecretOutput,
  updateAcpAgentSettingsInput,
  webhookSecretOutput,
} from '#common/api/acp-agents';
import type { AppContext } from '../../app-context';
import { maskSecret } from '../../integrations/credentials';
import { requireMerchant } from '../connections';
import {
  agentSettingsView,
  rotateSigningSecret,
  rotateWebhookSecret,
  updateAgentSettings,
} from './agent-settings';
import { listDeliveries, redeliver } from './deliver-order-event';
import type { AcpAgentDeps } from './deps';

const secretLimit = { rateLimit: { max: 10, timeWindow: '1 minute' } };

/**
 * The dashboard side of the merchant's AI agent platform (ACP): settings, the two secrets (each shown
 * once), and the order-event delivery log. Session cookie + same-origin, scoped to the merchant.
 */
export function registerAcpAgentRoutes(app: FastifyInstance, ctx: AppContext) {
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
    async (request) => updateAgentSettings(deps, await merchantOf(request), request.body),
  );

  r.post(
    '/api/acp/agent-settings/signing-secret',
    { schema: { response: { 200: signingSecretOutput } }, config: secretLimit },
    async (request) => ({ signing_secret: await rotateSigningSecret(deps, (await merchantOf(request)).id) }),
  );

  r.post(
    '/api/acp/webhook-secret',
    { schema: { response: { 200: webhookSecretOutput } }, config: secretLimit },
    async (request) => {
      const secret = await rotateWebhookSecret(deps, (await merchantOf(request)).id);
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
