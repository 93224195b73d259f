import { z } from 'zod';

/**
 * The sign-up and sign-in rules with their exact messages. The web forms and the server both
 * use these schemas, so a person sees the same words whichever side catches the problem. Checks run in
 * the order a person would fix them; the first failing message of a field is the one shown.
 */
export const AUTH_MESSAGES = {
  emailRequired: 'Email is required',
  emailTooLong: 'Email must be less than 255 characters',
  emailFormat: 'Invalid email format',
  emailCharacters: 'Email contains invalid characters',
  passwordTooShort: 'Password must be at least 8 characters',
  passwordTooLong: 'Password must be less than 128 characters',
  passwordComplexity: 'Password must contain uppercase, lowercase, number, and special character',
  passwordRequired: 'Password is required',
  businessNameRequired: 'Business name is required',
  businessNameTooLong: 'Business name must be less than 100 characters',
  businessNameCharacters: 'Business name contains invalid characters',
  businessNameProhibited: 'Business name contains prohibited content',
} as const;

export const PASSWORD_HINT = 'Must include uppercase, lowercase, number, and special character';

const EMAIL_FORMAT = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const PASSWORD_COMPLEXITY = /^(?=.*[a-z])(?=.*[A-Z])(?=.*\d)(?=.*[@$!%*?&])/;
const BUSINESS_NAME_CHARACTERS = /^[\p{L}\p{N}\s\-.'&,()]+$/u;
const PROHIBITED_CONTENT = /<\s*script|javascript\s*:|\bon[a-z]+\s*=/i;

export const emailSchema = z
  .string()
  .trim()
  .min(1, AUTH_MESSAGES.emailRequired)
  .max(255, AUTH_MESSAGES.emailTooLong)
  .refine((v) => !/[<>]/.test(v), AUTH_MESSAGES.emailCharacters)
  .refine((v) => EMAIL_FORMAT.test(v), AUTH_MESSAGES.emailFormat);

export const signUpPasswordSchema = z
  .string()
  .min(8, AUTH_MESSAGES.passwordTooShort)
  .max(128, AUTH_MESSAGES.passwordTooLong)
  .regex(PASSWORD_COMPLEXITY, AUTH_MESSAGES.passwordComplexity);

export const businessNameSchema = z
  .string()
  .trim()
  .min(1, AUTH_MESSAGES.businessNameRequired)
  .max(100, AUTH_MESSAGES.businessNameTooLong)
  // Checked before the character rule so that markup gets the more specific message.
  .refine((v) => !PROHIBITED_CONTENT.test(v), AUTH_MESSAGES.businessNameProhibited)
  .refine((v) => BUSINESS_NAME_CHARACTERS.test(v), AUTH_MESSAGES.businessNameCharacters);

export const signUpSchema = z.object({
  name: businessNameSchema,
  email: emailSchema,
  password: signUpPasswordSchema,
});
export type SignUpInput = z.infer<typeof signUpSchema>;

export const signInSchema = z.object({
  email: emailSchema,
  password: z.string().min(1, AUTH_MESSAGES.passwordRequired),
});
export type SignInInput = z.infer<typeof signInSchema>;

/** A page of this app to return to after a link from an e-mail is opened: a path, never another site. */
export const returnPathSchema = z
  .string()
  .max(500)
  .regex(/^\/(?![/\\])[^\s\\]*$/, 'Return path must be a path of this app');

/** What the sign-up form sends: the form's fields and where to land once the e-mail link is opened. */
export const signUpRequestSchema = signUpSchema.extend({ next: returnPathSchema.optional() });

/** "Email me a sign-in link": the address, and where to land once the link is opened. */
export const signInLinkSchema = z.object({ email: emailSchema, next: returnPathSchema.optional() });
export type SignInLinkInput = z.infer<typeof signInLinkSchema>;

export const TWO_FACTOR_MESSAGES = {
  codeRequired: 'Enter the 6-digit code',
  codeFormat: 'The code is 6 digits',
  recoveryCodeRequired: 'Enter one of your recovery codes',
  recoveryCodeFormat: 'Recovery codes look like abcde-12345',
  phoneRequired: 'Enter a mobile number',
  phoneFormat: 'Enter the number in international format, e.g. +447700900123',
} as const;

/** A 6-digit code from an authenticator app or an SMS; spaces people type between the digits are ignored. */
export const oneTimeCodeSchema = z
  .string()
  .transform((v) => v.replace(/\s/g, ''))
  .pipe(
    z
      .string()
      .min(1, TWO_FACTOR_MESSAGES.codeRequired)
      .regex(/^\d{6}$/, TWO_FACTOR_MESSAGES.codeFormat),
  );

/** One of the ten recovery codes (five characters, a dash, five characters). */
export const recoveryCodeSchema = z
  .string()
  .trim()
  .min(1, TWO_FACTOR_MESSAGES.recoveryCodeRequired)
  .regex(/^[A-Za-z0-9]{5}-[A-Za-z0-9]{5}$/, TWO_FACTOR_MESSAGES.recoveryCodeFormat);

/** Any second factor's code: a 6-digit code (from the app, or texted) or a recovery code. */
export const anySecondFactorCodeSchema = z.union([oneTimeCodeSchema, recoveryCodeSchema], {
  error: TWO_FACTOR_MESSAGES.codeFormat,
});

/** A mobile number in E.164 form, as SMS providers take it. */
export const phoneNumberSchema = z
  .string()
  .transform((v) => v.replace(/[\s()-]/g, ''))
  .pipe(
    z
      .string()
      .min(1, TWO_FACTOR_MESSAGES.phoneRequired)
      .regex(/^\+[1-9]\d{7,14}$/, TWO_FACTOR_MESSAGES.phoneFormat),
  );

export const passwordConfirmSchema = z
  .string({ error: AUTH_MESSAGES.passwordRequired })
  .min(1, AUTH_MESSAGES.passwordRequired)
  .max(128);

/**
 * A change to the second factors (turning two-factor off, new recovery codes, adding or removing the
 * number): the password and a fresh second factor. The code is one from the authenticator app, one of
 * the recovery codes, or, with `method: 'phone'`, the code just texted to the verified number for this
 * change (a 6-digit code alone is taken as the app's).
 */
export const factorChangeSchema = z.object({
  password: passwordConfirmSchema,
  code: anySecondFactorCodeSchema,
  method: z.enum(['totp', 'phone']).default('totp'),
});
export type FactorChangeInput = z.input<typeof factorChangeSchema>;

/** Adding a number for codes by SMS: the number, confirmed like any change to the second factors. */
export const addPhoneFactorSchema = z.object({ phoneNumber: phoneNumberSchema, ...factorChangeSchema.shape });

/** Removing the number, confirmed like any change to the second factors. */
export const removePhoneFactorSchema = factorChangeSchema;
