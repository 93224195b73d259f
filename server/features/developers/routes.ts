import type { AppContext } from '../../app-context';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { apiKeyOutput, issuedApiKeyOutput } from '#common/api/developers';
import { requireMerchant } from '../auth';
import { AppError } from '../../lib/app-error';
import { recordSettingsChange } from '../security-events';
import { issueApiKey, revokeApiKey } from './api-keys';

/** The merchant's key for agents, shown once; rotating or revoking ends the old one at once. */
export function registerDeveloperRoutes(
  app: FastifyInstance,
  deps: Pick<AppContext, 'auth' | 'db' | 'config' | 'clock'>,
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const merchantOf = (request: FastifyRequest) => requireMerchant(deps.auth, deps.db, request);

  r.get('/api/developers/api-key', { schema: { response: { 200: apiKeyOutput } } }, async (request) => {
    const merchant = await merchantOf(request);
    return {
      key:
        merchant.apiKeyDisplay && merchant.apiKeyCreatedAt
          ? { display: merchant.apiKeyDisplay, createdAt: merchant.apiKeyCreatedAt.toISOString() }
          : null,
    };
  });

  r.post(
    '/api/developers/api-key',
    {
      schema: {
        response: { 200: issuedApiKeyOutput },
      },
      config: { rateLimit: { max: 10, timeWindow: '1 minute' } },
    },
    async (request) => {
      const merchant = await merchantOf(request);
      const issued = await issueApiKey(deps.db, merchant.id, deps.config.mode, deps.clock.now());
      await recordSettingsChange(deps.db, request, {
        merchantId: merchant.id,
        area: 'api_key',
        action: merchant.apiKeyHash ? 'rotated' : 'generated',
        // The key's last 4 are what the merchant sees of it on the API tab, so the log names it by them.
        changes: { keyId: issued.display, keyEnding: issued.display.slice(-4) },
      });
      return issued;
    },
  );

  /** Revoking ends the key at once, on every instance, for offers too (see revokeApiKey). */
  r.delete('/api/developers/api-key', async (request, reply) => {
    const merchant = await merchantOf(request);
    if (!merchant.apiKeyHash) throw new AppError('not_found', 'There is no API key to revoke.');
    await revokeApiKey(deps.db, merchant.id, deps.clock.now());
    await recordSettingsChange(deps.db, request, {
      merchantId: merchant.id,
      area: 'api_key',
      action: 'revoked',
      changes: { keyId: merchant.apiKeyDisplay, keyEnding: merchant.apiKeyDisplay?.slice(-4) },
    });
    return reply.status(204).send();
  });
}
