import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { PhoneFactorAddedOutput } from '#common/api/auth';
import { addPhoneFactorSchema, removePhoneFactorSchema } from '#common/validation/auth';
import { phoneFactors } from '../../db/schema/index';
import { inAppShape, validated, type AuthDeps, type Before } from './auth-endpoint';
import { PHONE_ERRORS } from './phone-factor-endpoints';
import { requireUser } from './require-user';
import { recordFactorChange } from './two-factor-events';
import {
  codeConfirmed,
  ownerAllowedToTry,
  passwordConfirmed,
  refuse,
  TWO_FACTOR_ERRORS,
} from './two-factor-endpoints';
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
 * by SMS comes back through /api/auth/two-factor/verify-otp) and remove it. Adding needs the password
 * and the authenticator app already on; removing needs an authenticator or recovery code.
 */
export function registerPhoneFactorRoutes(app: FastifyInstance, deps: AuthDeps) {
  app.post('/api/account/two-factor/phone', async (request, reply) => {
    await requireUser(deps.auth, request);
    if (!deps.phoneFactor)
      return answered(reply, request, refuse(404, 'PHONE_FACTOR_UNAVAILABLE', PHONE_ERRORS.unavailable));
    const input = validated(addPhoneFactorSchema, request);
    if (!input.data) return answered(reply, request, input);
    const allowed = await ownerAllowedToTry(request, deps, 'signed_in');
    if (!('owner' in allowed)) return answered(reply, request, allowed);
    const { owner } = allowed;
    if (!owner.twoFactorEnabled)
      return answered(
        reply,
        request,
        refuse(409, 'AUTHENTICATOR_APP_REQUIRED', PHONE_FACTOR_ERRORS.appFirst),
      );
    const [existing] = await deps.db.select().from(phoneFactors).where(eq(phoneFactors.userId, owner.id));
    if (existing?.verified)
      return answered(reply, request, refuse(409, 'PHONE_FACTOR_EXISTS', PHONE_FACTOR_ERRORS.alreadySet));
    if (!(await passwordConfirmed(request, deps, owner, input.data.password)))
      return answered(reply, request, refuse(400, 'INVALID_PASSWORD', TWO_FACTOR_ERRORS.wrongPassword));
    const { phoneNumber } = input.data;
    // A number not yet verified is replaced; the send counters stay, so changing numbers sends no more.
    await deps.db
      .insert(phoneFactors)
      .values({ userId: owner.id, phoneNumber, verified: false })
      .onConflictDoUpdate({
        target: phoneFactors.userId,
        set: { phoneNumber, verified: false, createdAt: new Date() },
      });
    await recordFactorChange(request, deps.db, owner, 'phone_factor_added', {
      phone: maskedPhone(phoneNumber),
    });
    return { status: 'pending', phone: maskedPhone(phoneNumber) } satisfies PhoneFactorAddedOutput;
  });

  app.post('/api/account/two-factor/phone/remove', async (request, reply) => {
    await requireUser(deps.auth, request);
    const input = validated(removePhoneFactorSchema, request);
    if (!input.data) return answered(reply, request, input);
    const allowed = await ownerAllowedToTry(request, deps, 'signed_in');
    if (!('owner' in allowed)) return answered(reply, request, allowed);
    const { owner } = allowed;
    const [existing] = await deps.db.select().from(phoneFactors).where(eq(phoneFactors.userId, owner.id));
    if (!existing)
      return answered(reply, request, refuse(404, 'NO_PHONE_FACTOR', PHONE_FACTOR_ERRORS.nothingToRemove));
    const refused = await codeConfirmed(request, deps, owner, input.data.code);
    if (refused) return answered(reply, request, refused);
    await deps.db.delete(phoneFactors).where(eq(phoneFactors.userId, owner.id));
    await recordFactorChange(request, deps.db, owner, 'phone_factor_removed', {
      phone: maskedPhone(existing.phoneNumber),
    });
    return { status: 'removed' };
  });
}
