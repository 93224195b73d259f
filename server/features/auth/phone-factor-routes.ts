import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { PhoneFactorAddedOutput } from '#common/api/auth';
import { addPhoneFactorSchema, removePhoneFactorSchema } from '#common/validation/auth';
import { phoneFactors } from '../../db/schema/index';
import { inAppShape, refuse, type AuthDeps, type Before } from './auth-endpoint';
import { confirmedFactorChange } from './factor-change';
import { PHONE_ERRORS } from './phone-factor-endpoints';
import { recordFactorChange } from './two-factor-events';
import { maskedPhone } from './two-factor-routes';

export const PHONE_FACTOR_ERRORS = {
  appFirst: 'Set up an authenticator app first. Codes by text message are only offered beside it.',
  alreadySet: 'A verified number is already set. Remove it before adding another.',
  nothingToRemove: 'There is no mobile number to remove.',
} as const;

/** Sends the answer a rule decided on (a refusal), in the app's error shape. */
const answered = (reply: FastifyReply, request: FastifyRequest, before: Before) => {
  if (!('answer' in before)) throw new Error('A rule that had to refuse let the request through');
  const { status, body, headers } = before.answer;
  return reply
    .status(status)
    .headers(headers ?? {})
    .send(inAppShape(status, body, request.id));
};

/**
 * Settings › Security › Text message: add a mobile number (it stays unverified until a code sent to it
 * by SMS comes back through /api/auth/two-factor/verify-otp) and remove it. Both are changes to the
 * second factors (factor-change.ts): the password and a fresh second factor. Adding also needs the
 * authenticator app on already. The session guard has passed the caller's session before either runs.
 */
export function registerPhoneFactorRoutes(app: FastifyInstance, deps: AuthDeps) {
  const phoneOf = async (userId: string) =>
    (await deps.db.select().from(phoneFactors).where(eq(phoneFactors.userId, userId)))[0];

  app.post('/api/account/two-factor/phone', async (request, reply) => {
    if (!deps.phoneFactor)
      return answered(reply, request, refuse(404, 'PHONE_FACTOR_UNAVAILABLE', PHONE_ERRORS.unavailable));
    const change = await confirmedFactorChange(request, deps, addPhoneFactorSchema, async (owner) => {
      if (!owner.twoFactorEnabled)
        return refuse(409, 'AUTHENTICATOR_APP_REQUIRED', PHONE_FACTOR_ERRORS.appFirst);
      const existing = await phoneOf(owner.id);
      return existing?.verified ? refuse(409, 'PHONE_FACTOR_EXISTS', PHONE_FACTOR_ERRORS.alreadySet) : null;
    });
    if (!('owner' in change)) return answered(reply, request, change);
    const { owner, input } = change;
    const { phoneNumber } = input;
    // A number not yet verified is replaced; the send counters stay, so changing numbers sends no more.
    await deps.db
      .insert(phoneFactors)
      .values({ userId: owner.id, phoneNumber, verified: false })
      .onConflictDoUpdate({
        target: phoneFactors.userId,
        set: { phoneNumber, verified: false, createdAt: new Date() },
      });
    await recordFactorChange(request, deps, owner, 'phone_factor_added', { phone: maskedPhone(phoneNumber) });
    return { status: 'pending', phone: maskedPhone(phoneNumber) } satisfies PhoneFactorAddedOutput;
  });

  app.post('/api/account/two-factor/phone/remove', async (request, reply) => {
    const change = await confirmedFactorChange(request, deps, removePhoneFactorSchema, async (owner) =>
      (await phoneOf(owner.id)) ? null : refuse(404, 'NO_PHONE_FACTOR', PHONE_FACTOR_ERRORS.nothingToRemove),
    );
    if (!('owner' in change)) return answered(reply, request, change);
    const { owner } = change;
    const [removed] = await deps.db
      .delete(phoneFactors)
      .where(eq(phoneFactors.userId, owner.id))
      .returning({ phoneNumber: phoneFactors.phoneNumber });
    if (removed)
      await recordFactorChange(request, deps, owner, 'phone_factor_removed', {
        phone: maskedPhone(removed.phoneNumber),
      });
    return { status: 'removed' };
  });
}
