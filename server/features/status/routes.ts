import { count, gt, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Clock } from '../../lib/clock';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { statusResponse, type ServiceHealth, type StatusResponse } from '#common/api/status';
import type { AppContext } from '../../app-context';
import type { AppConfig } from '../../config';
import type { Db } from '../../db/client';
import { requestErrors } from '../../db/schema/index';
import { TtlCache } from '../../lib/ttl-cache';
import type { IntegrationRuntime } from '../../integrations/runtime';
import { probedPaymentProviders } from '../../integrations/payments/registry';

const ERROR_WINDOW_MS = 15 * 60 * 1000;
const HEALTHY_ERROR_LIMIT = 10;

/**
 * Whether a provider's API answers at all: any HTTP answer below 500 (a 401 for our key-less probe
 * included) means it is up. No credentials are sent. Results are kept 30 s so dashboards polling
 * every minute do not turn into traffic to the provider.
 */
function providerProbe(runtime: IntegrationRuntime) {
  const cache = new TtlCache<ServiceHealth>({ ttlMs: 30_000 });
  return (name: string, url: string): Promise<ServiceHealth> =>
    cache.getOrLoad(name, () =>
      runtime
        .context({}, url)
        .http.fetch(url, { signal: AbortSignal.timeout(3_000) })
        .then((res): ServiceHealth => (res.status < 500 ? 'operational' : 'degraded'))
        .catch((): ServiceHealth => 'down'),
    );
}

/**
 * The providers the status page checks, in registry order: every live one whose manifest has a health
 * probe, each reported under its id.
 */
export function healthProbes(): { id: string; url: string }[] {
  return probedPaymentProviders().map(({ manifest }) => ({
    id: manifest.id,
    url: `${manifest.apiBase({})}${manifest.healthProbe!.path}`,
  }));
}

export type StatusDeps = { db: Db; config: AppConfig; runtime: IntegrationRuntime; clock: Clock };

/** The health status response (services, details, recent errors), from real checks (GET /api/status and acp-health share it). */
export function healthChecker(deps: StatusDeps): () => Promise<StatusResponse> {
  const probe = providerProbe(deps.runtime);
  const probes = healthProbes();
  return async () => {
    const now = deps.clock.now();
    const [database, providers, errors] = await Promise.all([
      deps.db
        .execute(sql`SELECT 1`)
        .then((): ServiceHealth => 'operational')
        .catch((): ServiceHealth => 'down'),
      Promise.all(probes.map(({ id, url }) => probe(id, url).then((health) => [id, health] as const))),
      deps.db
        .select({ n: count() })
        .from(requestErrors)
        .where(gt(requestErrors.createdAt, new Date(now.getTime() - ERROR_WINDOW_MS)))
        .then(([row]) => row?.n ?? 0)
        .catch(() => 0),
    ]);
    const keyValid = deps.config.keyring.current.key.length === 32;
    const providersHealthy = providers.every(([, health]) => health === 'operational');
    const body: StatusResponse = {
      status:
        database !== 'operational'
          ? 'unhealthy'
          : providersHealthy && errors < HEALTHY_ERROR_LIMIT
            ? 'healthy'
            : 'degraded',
      timestamp: now.toISOString(),
      version: deps.config.version,
      mode: deps.config.mode,
      // Live mode cannot start without its required variables, so a running instance has them all.
      services: {
        database,
        environment: 'operational',
        encryption: keyValid ? 'operational' : 'down',
        ...Object.fromEntries(providers),
      },
      details: {
        encryption_key_length_valid: keyValid,
        missing_required_env_vars: [],
        missing_optional_env_vars: deps.config.missingOptionalEnvVars,
      },
      metrics: { recent_errors_15min: errors, error_rate_healthy: errors < HEALTHY_ERROR_LIMIT },
    };
    return body;
  };
}

/** GET /api/status: the health status response; 503 while the database does not answer. */
export function registerStatusRoutes(app: FastifyInstance, ctx: Pick<AppContext, 'health'>) {
  app
    .withTypeProvider<ZodTypeProvider>()
    .get(
      '/api/status',
      { schema: { response: { 200: statusResponse, 503: statusResponse } } },
      async (_request, reply) => {
        const body = await ctx.health();
        return reply.status(body.services.database === 'operational' ? 200 : 503).send(body);
      },
    );
}
