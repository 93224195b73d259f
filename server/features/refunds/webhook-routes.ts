import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../app-context';
import { merchants, paymentConnections, payments } from '../../db/schema/index';
import { ProviderError } from '../../integrations/http';
import { constructStripeEvent } from '../../integrations/payments/stripe/webhook';
import { isUuid } from '../../lib/ids';
import { rawBodyOf, registerRawBodyRoutes, SIGNED_RECEIVER_LIMIT } from '../../lib/raw-body';
import { CommerceError } from '../commerce';
import { openWebhookSecret, STRIPE_DISPUTE_EVENTS, STRIPE_REFUND_EVENTS } from './webhook-events';
import { syncCardDisputes } from './disputes';
import { queueStoreRefunds } from './store-refund';
import { syncCardRefunds } from './sync-card-refunds';

/** Only which payment an event is about is read: a charge or refund names its PaymentIntent. */
const refundEvent = z.object({
  type: z.string(),
  data: z.object({
    object: z.looseObject({
      payment_intent: z.union([z.string(), z.object({ id: z.string() })]).nullish(),
    }),
  }),
});

/**
 * The event a delivery carries. With the endpoint's signing secret (a connection made since ADR 058) the
 * `Stripe-Signature` must verify within Stripe's 300 s tolerance, or the delivery is refused (400); a
 * connection from before has no secret, and its deliveries are read as they come. Either way only which
 * payment the event names is used.
 */
function eventOf(
  rawBody: string,
  signature: string | string[] | undefined,
  secret: string | null,
  now: Date,
): { event: unknown } | { refused: string } {
  if (secret) {
    try {
      return {
        event: constructStripeEvent(
          rawBody,
          Array.isArray(signature) ? signature[0] : signature,
          secret,
          now,
        ),
      };
    } catch (err) {
      if (err instanceof ProviderError) return { refused: err.message };
      throw err;
    }
  }
  try {
    return { event: JSON.parse(rawBody) as unknown };
  } catch {
    return { refused: 'The Stripe event body is not an event' };
  }
}

/**
 * Refund and dispute events from a merchant's Stripe account (ADR 047, 053, 058). The delivery's
 * signature is checked against the secret of the endpoint registered when the key was connected; its
 * content is still never trusted: it names a payment of the merchant, whose refunds and disputes are then
 * read from Stripe with the merchant's own key and recorded. Events of no interest and payments we do not
 * know are acknowledged, so Stripe stops sending them.
 */
export function registerRefundWebhookRoutes(app: FastifyInstance, ctx: Pick<AppContext, 'engine'>) {
  const deps = ctx.engine;
  // Stripe signs the exact bytes it sent, so the body is read as text and parsed once verified.
  registerRawBodyRoutes(app, 256 * 1024, (scope) => {
    scope.post<{ Params: { merchantId: string } }>(
      '/webhooks/payments/stripe/:merchantId',
      { config: SIGNED_RECEIVER_LIMIT },
      async (request, reply) => {
        const { merchantId } = request.params;
        if (!isUuid(merchantId)) return reply.status(404).send({ received: false });
        const [merchant] = await deps.db.select().from(merchants).where(eq(merchants.id, merchantId));
        if (!merchant) return reply.status(404).send({ received: false });
        const [connection] = await deps.db
          .select({ webhookSecretEncrypted: paymentConnections.webhookSecretEncrypted })
          .from(paymentConnections)
          .where(
            and(eq(paymentConnections.merchantId, merchant.id), eq(paymentConnections.provider, 'stripe')),
          );
        const read = eventOf(
          rawBodyOf(request),
          request.headers['stripe-signature'],
          connection ? openWebhookSecret(deps.keyring, connection) : null,
          deps.clock.now(),
        );
        if ('refused' in read) return reply.status(400).send({ received: false, error: read.refused });
        const event = refundEvent.safeParse(read.event);
        if (!event.success) return reply.status(400).send({ received: false, error: 'Not a Stripe event' });
        const named = event.data.data.object.payment_intent;
        const intentId = typeof named === 'string' ? named : named?.id;
        const type = event.data.type;
        const dispute = STRIPE_DISPUTE_EVENTS.includes(type as never);
        if ((!dispute && !STRIPE_REFUND_EVENTS.includes(type as never)) || !intentId)
          return { received: true };
        const [payment] = await deps.db
          .select()
          .from(payments)
          .where(
            and(
              eq(payments.merchantId, merchant.id),
              eq(payments.provider, 'stripe'),
              eq(payments.providerInvoiceId, intentId),
            ),
          );
        if (!payment) return { received: true };
        try {
          if (dispute) {
            await syncCardDisputes(deps, merchant, payment);
          } else {
            await syncCardRefunds(deps, merchant, payment);
            await queueStoreRefunds(deps, payment.id);
          }
        } catch (err) {
          // Stripe could not be asked: Stripe delivers the event again later.
          if (err instanceof ProviderError && err.retryable)
            return reply.status(503).send({ received: false });
          if (!(err instanceof ProviderError) && !(err instanceof CommerceError)) throw err;
        }
        return { received: true };
      },
    );
  });
}
