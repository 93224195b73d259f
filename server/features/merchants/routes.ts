import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { currentAccountOutput } from '#common/api/merchant';
import type { Db } from '../../db/client';
import { merchants, userRoles } from '../../db/schema/index';
import type { Auth } from '../auth/auth';
import { requireUser } from '../auth/require-user';
import { toMerchantView } from './to-api';

export function registerMerchantRoutes(app: FastifyInstance, deps: { auth: Auth; db: Db }) {
  app
    .withTypeProvider<ZodTypeProvider>()
    .get('/api/account', { schema: { response: { 200: currentAccountOutput } } }, async (request) => {
      const user = await requireUser(deps.auth, request);
      const [merchant] = await deps.db.select().from(merchants).where(eq(merchants.userId, user.id));
      const roles = await deps.db
        .select({ role: userRoles.role })
        .from(userRoles)
        .where(eq(userRoles.userId, user.id));
      return {
        user,
        merchant: merchant ? toMerchantView(merchant) : null,
        roles: roles.map((r) => r.role),
      };
    });
}
