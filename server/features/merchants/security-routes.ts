import { and, eq } from 'drizzle-orm';
import type { AppContext } from '../../app-context';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  activeSessionsOutput,
  revokedSessionsOutput,
  securitySettingsView as viewSchema,
} from '#common/api/account-security';
import { securitySettingsInput } from '#common/validation/security-settings';
import { merchants, userRoles, type Merchant } from '../../db/schema/index';
import { AppError } from '../../lib/app-error';
import { hasPlanFeature } from '../billing';
import { forgetRecentKeys } from '../developers';
import { recordSettingsChange } from '../security-events';
import {
  listActiveSessions,
  requireSession,
  revokeOtherSessions,
  revokeSession,
  sessionTimeoutOf,
} from '../auth';
import { securitySettingsView, updateSecuritySettings } from './security-settings';

const ADMIN_ROLE = 'admin';

/**
 * Settings › Security: the idle timeout, the IP allowlist (Enterprise), the user's active sessions and
 * whether they are an admin. Every change is recorded as a security event.
 */
export function registerSecurityRoutes(
  app: FastifyInstance,
  deps: Pick<AppContext, 'auth' | 'db' | 'clock'>,
) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  async function signedInMerchant(request: FastifyRequest) {
    const signedIn = await requireSession(deps.auth, request);
    const [merchant] = await deps.db.select().from(merchants).where(eq(merchants.userId, signedIn.user.id));
    if (!merchant)
      throw new AppError('not_found', 'Save the General tab first to create your merchant account.');
    return { ...signedIn, merchant };
  }

  async function accessOf(userId: string, merchant: Merchant) {
    const [admin] = await deps.db
      .select({ role: userRoles.role })
      .from(userRoles)
      .where(and(eq(userRoles.userId, userId), eq(userRoles.role, ADMIN_ROLE)));
    return {
      isAdmin: !!admin,
      allowlistAvailable: await hasPlanFeature(deps.db, merchant, 'ip_allowlist', deps.clock.now()),
    };
  }

  r.get('/api/account/security', { schema: { response: { 200: viewSchema } } }, async (request) => {
    const { user, merchant } = await signedInMerchant(request);
    return securitySettingsView(merchant, request, await accessOf(user.id, merchant));
  });

  r.put(
    '/api/account/security',
    {
      schema: { body: securitySettingsInput, response: { 200: viewSchema } },
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
    },
    async (request) => {
      const { user, merchant } = await signedInMerchant(request);
      const access = await accessOf(user.id, merchant);
      const { settings, changed } = await updateSecuritySettings(deps.db, merchant, request.body, request, {
        allowlistAvailable: access.allowlistAvailable,
        now: deps.clock.now(),
      });
      // A cached key lookup holds the merchant row, allowlist included: the next agent call reads it afresh.
      if (changed.ipAllowlist || changed.ipAllowlistAppliesToApiKey !== undefined)
        forgetRecentKeys(deps.db, merchant.id);
      if (Object.keys(changed).length > 0) {
        await recordSettingsChange(deps.db, request, {
          merchantId: merchant.id,
          area: 'security',
          action: 'updated',
          changes: changed,
        });
      }
      return securitySettingsView({ ...merchant, securitySettings: settings }, request, access);
    },
  );

  r.get('/api/account/sessions', { schema: { response: { 200: activeSessionsOutput } } }, async (request) => {
    const { user, sessionId, merchant } = await signedInMerchant(request);
    return {
      sessions: await listActiveSessions(
        deps.db,
        { userId: user.id, currentSessionId: sessionId },
        { now: deps.clock.now(), timeoutMinutes: sessionTimeoutOf(merchant.securitySettings) },
      ),
    };
  });

  r.delete(
    '/api/account/sessions/:id',
    { schema: { params: z.object({ id: z.string().uuid('Unknown session') }) } },
    async (request, reply) => {
      const { user, merchant } = await signedInMerchant(request);
      if (!(await revokeSession(deps.db, user.id, request.params.id)))
        throw new AppError('not_found', 'This session has already ended.');
      await recordSettingsChange(deps.db, request, {
        merchantId: merchant.id,
        area: 'sessions',
        action: 'revoked',
        changes: { sessionId: request.params.id },
      });
      return reply.status(204).send();
    },
  );

  r.post(
    '/api/account/sessions/revoke-others',
    { schema: { response: { 200: revokedSessionsOutput } } },
    async (request) => {
      const { user, sessionId, merchant } = await signedInMerchant(request);
      const revoked = await revokeOtherSessions(deps.db, user.id, sessionId);
      await recordSettingsChange(deps.db, request, {
        merchantId: merchant.id,
        area: 'sessions',
        action: 'revoked_others',
        changes: { revoked },
      });
      return { revoked };
    },
  );
}
