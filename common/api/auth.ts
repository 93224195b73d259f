import { z } from 'zod';

/**
 * The answer to sign-up and to "Email me a sign-in link": the same whether or not the address has an
 * account, so neither reveals it. In the sandbox it names the mailbox where the e-mail can be read.
 */
export const checkEmailOutput = z.object({
  status: z.literal('check_email'),
  sandboxMailbox: z.string().optional(),
});
export type CheckEmailOutput = z.infer<typeof checkEmailOutput>;

/** A second sign-in factor. Phone factors name their number only masked (the last three digits). */
export const factorView = z.discriminatedUnion('factorType', [
  z.object({
    factorType: z.literal('totp'),
    status: z.enum(['verified', 'unverified']),
    friendlyName: z.string(),
    issuer: z.string(),
  }),
  z.object({
    factorType: z.literal('phone'),
    status: z.enum(['verified', 'unverified']),
    friendlyName: z.string(),
    phone: z.string(),
  }),
]);
export type FactorView = z.infer<typeof factorView>;

/** GET /api/account/two-factor: the signed-in user's factors, and whether SMS codes can be offered. */
export const twoFactorStatusOutput = z.object({
  enabled: z.boolean(),
  factors: z.array(factorView),
  recoveryCodesRemaining: z.number().int().nullable(),
  phoneAvailable: z.boolean(),
});
export type TwoFactorStatusOutput = z.infer<typeof twoFactorStatusOutput>;

/** The ways a pending sign-in can finish: always a code from the app (or a recovery code), SMS if set up. */
export const secondStepMethod = z.enum(['totp', 'phone']);
export type SecondStepMethod = z.infer<typeof secondStepMethod>;

/** Sign-in's answer when the password was right and a second factor is required. */
export const secondStepOutput = z.object({
  status: z.literal('second_step'),
  methods: z.array(secondStepMethod),
});
export type SecondStepOutput = z.infer<typeof secondStepOutput>;

/** POST /api/auth/two-factor/enable: the secret (inside the otpauth URI) and the recovery codes, once. */
export const twoFactorSetupOutput = z.object({
  totpURI: z.string(),
  backupCodes: z.array(z.string()),
});
export type TwoFactorSetupOutput = z.infer<typeof twoFactorSetupOutput>;

/** POST /api/account/two-factor/phone: the number is kept, unverified, until a code sent to it comes back. */
export const phoneFactorAddedOutput = z.object({ status: z.literal('pending'), phone: z.string() });
export type PhoneFactorAddedOutput = z.infer<typeof phoneFactorAddedOutput>;

/** POST /api/auth/two-factor/send-otp: a code is on its way (in the sandbox, readable at `sandboxPhone`). */
export const phoneCodeSentOutput = z.object({
  status: z.literal('code_sent'),
  /** The number it went to, masked. */
  phone: z.string(),
  expiresInSeconds: z.number().int(),
  /** How long before another code can be sent. */
  resendAfterSeconds: z.number().int(),
  sandboxPhone: z.string().optional(),
});
export type PhoneCodeSentOutput = z.infer<typeof phoneCodeSentOutput>;
