import Stripe from 'stripe';
import { z } from 'zod';
import { ProviderError } from '../../http';
import type { PaymentWebhook, WebhookRequest } from '../payment-provider';

/** stripe-node's default: only the age of a signature is checked, not whether it is in the future. */
export const STRIPE_SIGNATURE_TOLERANCE_SECONDS = 300;

/** The `Stripe-Signature` value Stripe sends with a delivery: `t=<unix seconds>,v1=<hex HMAC-SHA256>`. */
export function stripeSignatureHeader(secret: string, payload: string, timestamp: number): string {
  return Stripe.webhooks.generateTestHeaderString({ payload, secret, timestamp });
}

const refuse = (message: string, cause?: unknown) => new ProviderError('stripe', 'auth', message, { cause });

/**
 * Checks the `Stripe-Signature` header and reads the event with stripe-node's own `constructEvent`: any
 * `v1` entry may match (several appear while a secret is being rolled) and the timestamp must be at most
 * 300 s older than `now`. A body that verifies but is not JSON is an `invalid_request`.
 */
export function constructStripeEvent(
  rawBody: string,
  header: string | undefined,
  secret: string,
  now: Date,
): unknown {
  if (!secret.trim()) throw refuse('No Stripe webhook signing secret is configured');
  if (!header) throw refuse('The Stripe-Signature header is missing');
  try {
    return Stripe.webhooks.constructEvent(
      rawBody,
      header,
      secret,
      STRIPE_SIGNATURE_TOLERANCE_SECONDS,
      undefined,
      now.getTime(),
    );
  } catch (cause) {
    if (cause instanceof Stripe.errors.StripeSignatureVerificationError) throw refuse(cause.message, cause);
    throw new ProviderError('stripe', 'invalid_request', 'The Stripe event body is not an event', { cause });
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
  const parsed = stripeEvent.safeParse(
    constructStripeEvent(
      input.rawBody,
      Array.isArray(header) ? header[0] : header,
      input.signingSecret,
      input.now,
    ),
  );
  if (!parsed.success) {
    throw new ProviderError('stripe', 'invalid_request', 'The Stripe event body is not an event', {
      cause: parsed.error,
    });
  }
  const event = parsed.data;
  const object = event.data.object;
  const related = object.payment_intent;
  const paymentId =
    object.object === 'payment_intent' ? object.id : typeof related === 'string' ? related : related?.id;
  if (!paymentId) {
    throw new ProviderError('stripe', 'invalid_request', `Stripe event ${event.type} is not about a payment`);
  }
  return { paymentId, eventId: event.id, type: event.type };
}
