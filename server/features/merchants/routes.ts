import { eq } from 'drizzle-orm';
import type { AppContext } from '../../app-context';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  currentAccountOutput,
  merchantView,
  onboardingProgressInput,
  orderSettingsInput,
  paymentMethodsInput,
} from '#common/api/merchant';
import { merchantProfileSchema } from '#common/validation/merchant-profile';
import { merchants, userRoles } from '../../db/schema/index';
import { requireUser } from '../auth';
import { recordSettingsChange } from '../security-events';
import { createMerchantForUser } from './create-merchant';
import { recordOnboardingProgress } from './onboarding-progress';
import { switchPaymentMethods } from './payment-methods';
import { registerSecurityRoutes } from './security-routes';
import { toMerchantView } from './to-api';
import { updateMerchantProfile } from './update-profile';

/** The name onboarding gives a merchant created there. */
const ONBOARDING_MERCHANT_NAME = 'My Store';

export function registerMerchantRoutes(
  app: FastifyInstance,
  deps: Pick<AppContext, 'auth' | 'db' | 'clock'>,
) {
  registerSecurityRoutes(app, deps);
  /** The signed-in user's merchant; onboarding and settings create one when none exists. */
  async function merchantOf(request: FastifyRequest) {
    const user = await requireUser(deps.auth, request);
    return createMerchantForUser(deps.db, user.id, ONBOARDING_MERCHANT_NAME);
  }

  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get('/api/account', { schema: { response: { 200: currentAccountOutput } } }, async (request) => {
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

  r.put(
    '/api/merchant/profile',
    { schema: { body: merchantProfileSchema, response: { 200: merchantView } } },
    async (request) => {
      // Settings › General: saving creates the merchant when there is none.
      const merchant = await merchantOf(request);
      const updated = await updateMerchantProfile(deps.db, merchant, request.body, deps.clock.now());
      await recordSettingsChange(deps.db, request, {
        merchantId: merchant.id,
        area: 'profile',
        action: 'updated',
        changes: request.body,
      });
      return toMerchantView(updated);
    },
  );

  r.put(
    '/api/merchant/payment-methods',
    { schema: { body: paymentMethodsInput, response: { 200: merchantView } } },
    async (request) => {
      const merchant = await merchantOf(request);
      const updated = await switchPaymentMethods(deps.db, merchant, request.body, deps.clock.now());
      await recordSettingsChange(deps.db, request, {
        merchantId: merchant.id,
        area: 'connections',
        action: 'payment_methods_switched',
        changes: request.body,
      });
      return toMerchantView(updated);
    },
  );

  r.put(
    '/api/merchant/order-settings',
    { schema: { body: orderSettingsInput, response: { 200: merchantView } } },
    async (request) => {
      // Settings › Platform: what an order the store cancels gets (ADR 056).
      const merchant = await merchantOf(request);
      const [updated] = await deps.db
        .update(merchants)
        .set({ storeCancellationPolicy: request.body.storeCancellationPolicy, updatedAt: deps.clock.now() })
        .where(eq(merchants.id, merchant.id))
        .returning();
      await recordSettingsChange(deps.db, request, {
        merchantId: merchant.id,
        area: 'connections',
        action: 'store_cancellation_policy_changed',
        changes: request.body,
      });
      return toMerchantView(updated!);
    },
  );

  r.post(
    '/api/onboarding/progress',
    { schema: { body: onboardingProgressInput, response: { 200: merchantView } } },
    async (request) => {
      const merchant = await merchantOf(request);
      return toMerchantView(
        await recordOnboardingProgress(deps.db, merchant, request.body, deps.clock.now()),
      );
    },
  );
}
