import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { statusResponse, type StatusResponse } from '#common/api/status';
import type { AppConfig } from '../../config';
import type { Db } from '../../db/client';

/** GET /api/status: the spec's health status response, from a real database round trip. */
export function registerStatusRoutes(app: FastifyInstance, deps: { db: Db; config: AppConfig }) {
  app
    .withTypeProvider<ZodTypeProvider>()
    .get(
      '/api/status',
      { schema: { response: { 200: statusResponse, 503: statusResponse } } },
      async (_request, reply) => {
        const database = await deps.db
          .execute(sql`SELECT 1`)
          .then(() => 'operational' as const)
          .catch(() => 'down' as const);
        const body: StatusResponse = {
          status: database === 'operational' ? 'healthy' : 'unhealthy',
          timestamp: new Date().toISOString(),
          version: deps.config.version,
          mode: deps.config.mode,
          // Live mode cannot start without its required variables, so a running instance has them all.
          services: { database, environment: 'operational' },
          details: {
            missing_required_env_vars: [],
            missing_optional_env_vars: deps.config.missingOptionalEnvVars,
          },
        };
        return reply.status(database === 'operational' ? 200 : 503).send(body);
      },
    );
}
