import { z } from 'zod';
import type { CredentialField } from '../../credentials';

/** Settings forms send an empty input as ''; an optional field left empty means "not set". */
const optionalKey = (prefix: string, message: string) =>
  z.preprocess(
    (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
    z.string().trim().startsWith(prefix, message).optional(),
  );

/**
 * A merchant's own Stripe account: the secret key charges it; `accountId` is set when the merchant is a
 * connected account of our platform and charges must be direct charges on it (Stripe-Account header).
 */
export const stripeCredentials = z
  .object({
    secretKey: z
      .string({ error: 'Please enter your Stripe secret key' })
      .trim()
      .min(1, 'Please enter your Stripe secret key')
      .startsWith('sk_', 'Invalid Stripe secret key format (must start with sk_)'),
    publishableKey: optionalKey('pk_', 'Invalid Stripe publishable key format (must start with pk_)'),
    accountId: optionalKey('acct_', 'Invalid Stripe account ID format (must start with acct_)'),
  })
  .refine(
    // A test secret key with a live publishable key (or the reverse) is always a paste mistake.
    (c) => !c.publishableKey || modeOf(c.publishableKey) === modeOf(c.secretKey),
    {
      path: ['publishableKey'],
      message: 'The publishable key and the secret key must both be test keys or both be live keys',
    },
  );
export type StripeCredentials = z.infer<typeof stripeCredentials>;

function modeOf(key: string): 'test' | 'live' | 'unknown' {
  if (/^[a-z]+_test_/.test(key)) return 'test';
  if (/^[a-z]+_live_/.test(key)) return 'live';
  return 'unknown';
}

/** The settings form for a merchant's own Stripe keys. */
export const stripeCredentialFields: CredentialField[] = [
  {
    name: 'secretKey',
    label: 'Secret key',
    secret: true,
    placeholder: 'sk_live_…',
    help: 'Stripe Dashboard › Developers › API keys. Use a test key (sk_test_…) to try things out.',
  },
  {
    name: 'publishableKey',
    label: 'Publishable key (optional)',
    secret: false,
    placeholder: 'pk_live_…',
  },
  {
    name: 'accountId',
    label: 'Connected account ID (optional)',
    secret: false,
    placeholder: 'acct_…',
    help: 'Only when your Stripe account is connected to AgentCart through Stripe Connect.',
  },
];
