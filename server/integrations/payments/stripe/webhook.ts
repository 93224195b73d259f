import { createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import { ProviderError } from '../../http';
import type { PaymentWebhook, WebhookRequest } from '../payment-provider';

/** stripe-node's default: only the age of a signature is checked, not whether it is in the future. */
export const STRIPE_SIGNATURE_TOLERANCE_SECONDS = 300;

const hmac = (secret: string, timestamp: number, payload: string) =>
  createHmac('sha256', secret).update(`${timestamp}.${payload}`, 'utf8').digest('hex');

/** The `Stripe-Signature` value Stripe sends with a delivery: `t=<unix seconds>,v1=<hex HMAC-SHA256>`. */
export function stripeSignatureHeader(secret: string, payload: string, timestamp: number): string {
  return `t=${timestamp},v1=${hmac(secret, timestamp, payload)}`;
}

const refuse = (message: string) => new ProviderError('stripe', 'auth', message);

/**
 * Checks a `Stripe-Signature` header the way stripe-node's `constructEvent` does: any `v1` entry may
 * match (several appear while a secret is being rolled) and the timestamp must be at most 300 s old.
 */
export function verifyStripeSignature(
  rawBody: string,
  header: string | undefined,
  secret: string,
  now: Date,
): void {
  if (!secret.trim()) throw refuse('No Stripe webhook signing secret is configured');
  if (!header) throw refuse('The Stripe-Signature header is missing');
  let timestamp = Number.NaN;
  const signatures: string[] = [];
  for (const part of header.split(',')) {
    const eq = part.indexOf('=');
    const [key, value] = [part.slice(0, eq).trim(), part.slice(eq + 1).trim()];
    if (key === 't') timestamp = Number(value);
    if (key === 'v1') signatures.push(value);
  }
  if (!Number.isInteger(timestamp) || signatures.length === 0) {
    throw refuse('The Stripe-Signature header has no timestamp or no v1 signature');
  }
  const expected = Buffer.from(hmac(secret, timestamp, rawBody), 'utf8');
  const matches = signatures.some((signature) => {
    const given = Buffer.from(signature, 'utf8');
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
  if (!matches) throw refuse('No Stripe signature matches the payload');
  if (Math.floor(now.getTime() / 1000) - timestamp > STRIPE_SIGNATURE_TOLERANCE_SECONDS) {
    throw refuse('The Stripe signature timestamp is outside the tolerance zone');
  }
}

const stripeEvent = z.object({
  id: z.string().min(1),
  type: z.string().min(1),
  data: z.object({
    object: z.looseObject({
      id: z.string().optional(),
      object: z.string().optional(),
      payment_intent: z.union([z.string(), z.object({ id: z.string() })]).nullish(),
    }),
  }),
});

/**
 * Verifies a Stripe delivery and names the PaymentIntent it is about: the object itself for
 * `payment_intent.*`, the object's `payment_intent` for charges, refunds and disputes. Events about no
 * payment (account.updated, …) are refused as `invalid_request`: the caller acknowledges and drops them.
 */
export function parseStripeWebhook(
  input: WebhookRequest & { signingSecret: string; now: Date },
): PaymentWebhook {
  const header = Object.entries(input.headers).find(
    ([name]) => name.toLowerCase() === 'stripe-signature',
  )?.[1];
  verifyStripeSignature(
    input.rawBody,
    Array.isArray(header) ? header[0] : header,
    input.signingSecret,
    input.now,
  );
  let event: z.infer<typeof stripeEvent>;
  try {
    event = stripeEvent.parse(JSON.parse(input.rawBody));
  } catch (cause) {
    throw new ProviderError('stripe', 'invalid_request', 'The Stripe event body is not an event', { cause });
  }
  const object = event.data.object;
  const related = object.payment_intent;
  const paymentId =
    object.object === 'payment_intent' ? object.id : typeof related === 'string' ? related : related?.id;
  if (!paymentId) {
    throw new ProviderError('stripe', 'invalid_request', `Stripe event ${event.type} is not about a payment`);
  }
  return { paymentId, eventId: event.id, type: event.type };
}
