import type { BetterAuthPlugin } from 'better-auth';
import { createAuthMiddleware } from 'better-auth/api';
import { deleteSessionCookie } from 'better-auth/cookies';
import { generateRandomString } from 'better-auth/crypto';
import { twoFactor } from 'better-auth/plugins/two-factor';
import type { SecondStepMethod } from '#common/api/auth';
import { PHONE_CODE_MINUTES } from './phone-codes';

/** The name authenticator apps show beside the account. */
export const TOTP_ISSUER = 'AgentCart';

/** How long the second step of a sign-in may take once the password (or link) has been accepted. */
export const SECOND_STEP_SECONDS = 10 * 60;

/**
 * The plugin's own cookie naming a pending second step (its constant.mjs); its verify endpoints read it
 * back, so a challenge we open must use the same name.
 */
export const TWO_FACTOR_COOKIE = 'two_factor';

/** Sends a sign-in code by SMS to the user's phone factor. */
export type SendPhoneCode = (userId: string, code: string) => Promise<void>;

/**
 * better-auth's two-factor plugin as the product uses it: an authenticator app (TOTP) with ten recovery
 * codes stored encrypted, and, when an SMS provider is configured, codes by SMS (hashed, five minutes,
 * five attempts, consumed on use). "Trust this device" is never offered: the routes do not pass it on.
 */
export function twoFactorPlugin(sendPhoneCode: SendPhoneCode | null) {
  return twoFactor({
    issuer: TOTP_ISSUER,
    twoFactorTable: 'twoFactors',
    twoFactorCookieMaxAge: SECOND_STEP_SECONDS,
    backupCodeOptions: { amount: 10, length: 10, storeBackupCodes: 'encrypted' },
    accountLockout: { enabled: true, maxFailedAttempts: 10, durationSeconds: 15 * 60 },
    ...(sendPhoneCode
      ? {
          otpOptions: {
            period: PHONE_CODE_MINUTES,
            storeOTP: 'hashed' as const,
            allowedAttempts: 5,
            sendOTP: ({ user, otp }: { user: { id: string }; otp: string }) => sendPhoneCode(user.id, otp),
          },
        }
      : {}),
  });
}

/**
 * The plugin asks for the second step after a password only. A sign-in link would otherwise open a full
 * session for an account that has two-factor sign-in on, so here the link's session is withdrawn and the
 * same second step is opened instead: the auth page then asks for a code, as after a password, offering
 * the ways `methodsOf` names (the landing's `second_step=totp,phone`).
 */
export function secondStepAfterSignInLink(
  methodsOf: (userId: string) => Promise<SecondStepMethod[]>,
): BetterAuthPlugin {
  return {
    id: 'second-step-after-sign-in-link',
    hooks: {
      after: [
        {
          matcher: (context) => context.path === '/magic-link/verify',
          handler: createAuthMiddleware(async (ctx) => {
            const created = ctx.context.newSession;
            if (!created || !(created.user as { twoFactorEnabled?: boolean }).twoFactorEnabled) return;
            deleteSessionCookie(ctx, true);
            await ctx.context.internalAdapter.deleteSession(created.session.token);
            ctx.context.setNewSession(null);

            // The challenge exactly as the plugin opens one after a password: an identifier naming the
            // user, a counter of attempts at it, and the signed cookie that carries the identifier.
            const identifier = `2fa-${generateRandomString(20)}`;
            const expiresAt = new Date(Date.now() + SECOND_STEP_SECONDS * 1000);
            await ctx.context.internalAdapter.createVerificationValue({
              value: created.user.id,
              identifier,
              expiresAt,
            });
            await ctx.context.internalAdapter.createVerificationValue({
              value: '0',
              identifier: `2fa-attempts-${identifier}`,
              expiresAt,
            });
            const cookie = ctx.context.createAuthCookie(TWO_FACTOR_COOKIE, { maxAge: SECOND_STEP_SECONDS });
            await ctx.setSignedCookie(cookie.name, identifier, ctx.context.secret, cookie.attributes);
            const landing = new URL(String(ctx.query?.callbackURL ?? '/auth'), ctx.context.baseURL);
            landing.searchParams.set('second_step', (await methodsOf(created.user.id)).join(','));
            throw ctx.redirect(`${landing.pathname}${landing.search}`);
          }),
        },
      ],
    },
  };
}
