import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { twoFactorStatusOutput, type FactorView, type TwoFactorStatusOutput } from '#common/api/auth';
import type { Db } from '../../db/client';
import { phoneFactors, twoFactors, users } from '../../db/schema/index';
import type { Auth } from './auth';
import { requireUser } from './require-user';
import { TOTP_ISSUER } from './two-factor';

/** A number as settings show it: enough to recognise, not enough to be worth copying. */
export const maskedPhone = (phone: string) => `${phone.slice(0, 3)} •••• ${phone.slice(-3)}`;

async function twoFactorStatus(
  auth: Auth,
  db: Db,
  userId: string,
  phoneAvailable: boolean,
): Promise<TwoFactorStatusOutput> {
  const [user] = await db.select({ enabled: users.twoFactorEnabled }).from(users).where(eq(users.id, userId));
  const [totp] = await db
    .select({ verified: twoFactors.verified })
    .from(twoFactors)
    .where(eq(twoFactors.userId, userId));
  const [phone] = await db.select().from(phoneFactors).where(eq(phoneFactors.userId, userId));
  const factors: FactorView[] = [];
  if (totp?.verified) {
    factors.push({
      factorType: 'totp',
      status: 'verified',
      friendlyName: 'Authenticator app',
      issuer: TOTP_ISSUER,
    });
  }
  if (phone) {
    factors.push({
      factorType: 'phone',
      status: phone.verified ? 'verified' : 'unverified',
      friendlyName: 'Text message',
      phone: maskedPhone(phone.phoneNumber),
    });
  }
  // The library keeps the codes encrypted; it decrypts them for us to count what is left.
  const codes = totp?.verified ? await auth.api.viewBackupCodes({ body: { userId } }) : null;
  return {
    enabled: user?.enabled === true,
    factors,
    recoveryCodesRemaining: codes ? codes.backupCodes.length : null,
    phoneAvailable,
  };
}

/** GET /api/account/two-factor: the signed-in user's second factors, for the Security tab. */
export function registerTwoFactorRoutes(
  app: FastifyInstance,
  deps: { auth: Auth; db: Db; phoneAvailable: boolean },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/api/account/two-factor',
    { schema: { response: { 200: twoFactorStatusOutput } } },
    async (request) => {
      const user = await requireUser(deps.auth, request);
      return twoFactorStatus(deps.auth, deps.db, user.id, deps.phoneAvailable);
    },
  );
}
