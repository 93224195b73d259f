import { asc } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  checkoutAccessOutput,
  checkoutAccessQuery,
  monitoredMerchantsOutput,
  securityLogOutput,
  securityLogQuery,
  securityMetricsOutput,
  securityMetricsQuery,
  securityScopeQuery,
  threatPatternsOutput,
} from '#common/api/security';
import type { AppContext } from '../../app-context';
import { merchants } from '../../db/schema/index';
import { AppError } from '../../lib/app-error';
import { requireUser, type SignedInUser } from '../auth';
import { checkoutAccessLog } from './checkout-access';
import { securityLog } from './security-log';
import { securityMetrics } from './security-metrics';
import { isAdmin, securityScopeOf } from './security-scope';
import { detectThreatPatterns } from './threat-patterns';

/**
 * The dashboard's security monitoring: checkout-access log, per-hour metrics, threat patterns and the
 * security log. Session cookie; each answer is scoped to the caller's merchant, or for an admin to the
 * merchant (or every merchant) they ask for.
 */
export function registerSecurityMonitoringRoutes(
  app: FastifyInstance,
  ctx: Pick<AppContext, 'auth' | 'db' | 'checkoutAccess' | 'clock'>,
) {
  const { db } = ctx;
  app.register(async (scope) => {
    // Signed in before anything else about the request is looked at: a stranger is told 401, not 400.
    const users = new WeakMap<FastifyRequest, SignedInUser>();
    scope.addHook('onRequest', async (request) => {
      users.set(request, await requireUser(ctx.auth, request));
    });
    const userOf = (request: FastifyRequest) => users.get(request)!;
    const now = () => ctx.clock.now();
    const r = scope.withTypeProvider<ZodTypeProvider>();

    r.get(
      '/api/security/checkout-access',
      { schema: { querystring: checkoutAccessQuery, response: { 200: checkoutAccessOutput } } },
      async (request) => {
        const merchantScope = await securityScopeOf(db, userOf(request), request.query);
        // Accesses this instance has queued are written first, so the log is never behind its own reads.
        await ctx.checkoutAccess.flush();
        return checkoutAccessLog(db, merchantScope, { limit: request.query.limit, now: now() });
      },
    );

    r.get(
      '/api/security/metrics',
      { schema: { querystring: securityMetricsQuery, response: { 200: securityMetricsOutput } } },
      async (request) => {
        const merchantScope = await securityScopeOf(db, userOf(request), request.query);
        await ctx.checkoutAccess.flush();
        return securityMetrics(db, merchantScope, { hours: request.query.hours, now: now() });
      },
    );

    r.get(
      '/api/security/threats',
      { schema: { querystring: securityScopeQuery, response: { 200: threatPatternsOutput } } },
      async (request) => {
        const merchantScope = await securityScopeOf(db, userOf(request), request.query);
        await ctx.checkoutAccess.flush();
        return detectThreatPatterns(db, merchantScope, { now: now() });
      },
    );

    r.get(
      '/api/security/log',
      { schema: { querystring: securityLogQuery, response: { 200: securityLogOutput } } },
      async (request) => {
        const merchantScope = await securityScopeOf(db, userOf(request), request.query);
        return { events: await securityLog(db, merchantScope, { limit: request.query.limit }) };
      },
    );

    /** Every merchant, for an admin's picker. */
    r.get(
      '/api/security/merchants',
      { schema: { response: { 200: monitoredMerchantsOutput } } },
      async (request) => {
        if (!(await isAdmin(db, userOf(request).id))) {
          throw new AppError('forbidden', 'Only administrators can list merchants.');
        }
        return {
          merchants: await db
            .select({ id: merchants.id, name: merchants.name })
            .from(merchants)
            .orderBy(asc(merchants.name), asc(merchants.id)),
        };
      },
    );
  });
}
