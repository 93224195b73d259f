import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../app-context';
import { merchants, payments } from '../../db/schema/index';
import { ProviderError } from '../../integrations/http';
import { isUuid } from '../../lib/ids';
import { SIGNED_RECEIVER_LIMIT } from '../../lib/raw-body';
import { CommerceError } from '../commerce';
import { syncCardDisputes } from './disputes';
import { queueStoreRefunds } from './store-refund';
import { syncCardRefunds } from './sync-card-refunds';

/** The Stripe events about refunds that move the ledger. */
export const STRIPE_REFUND_EVENTS = [
  'charge.refunded',
  'refund.created',
  'refund.updated',
  'refund.failed',
] as const;

/** The Stripe events about disputes (chargebacks) that mark a payment disputed (ADR 053). */
export const STRIPE_DISPUTE_EVENTS = ['charge.dispute.created'] as const;

/** Where a merchant's Stripe account tells us of its refunds. */
export const stripeRefundWebhookPath = (merchantId: string) => `/webhooks/payments/stripe/${merchantId}`;

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
 * Refund and dispute events from a merchant's Stripe account (ADR 047, 053). The event's content is never trusted: it
 * names a payment of the merchant, whose refunds are then read from Stripe with the merchant's own key
 * and recorded (`syncCardRefunds`), so a forged event can only make us read the truth again. Events of no
 * interest and payments we do not know are acknowledged, so Stripe stops sending them.
 */
export function registerRefundWebhookRoutes(app: FastifyInstance, ctx: Pick<AppContext, 'engine'>) {
  const deps = ctx.engine;
  app.post<{ Params: { merchantId: string } }>(
    '/webhooks/payments/stripe/:merchantId',
    { config: SIGNED_RECEIVER_LIMIT, bodyLimit: 256 * 1024 },
    async (request, reply) => {
      const { merchantId } = request.params;
      if (!isUuid(merchantId)) return reply.status(404).send({ received: false });
      const [merchant] = await deps.db.select().from(merchants).where(eq(merchants.id, merchantId));
      if (!merchant) return reply.status(404).send({ received: false });
      const event = refundEvent.safeParse(request.body);
      if (!event.success) return reply.status(400).send({ received: false });
      const named = event.data.data.object.payment_intent;
      const intentId = typeof named === 'string' ? named : named?.id;
      const type = event.data.type;
      const dispute = STRIPE_DISPUTE_EVENTS.includes(type as never);
      if ((!dispute && !STRIPE_REFUND_EVENTS.includes(type as never)) || !intentId) return { received: true };
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
        if (err instanceof ProviderError && err.retryable) return reply.status(503).send({ received: false });
        if (!(err instanceof ProviderError) && !(err instanceof CommerceError)) throw err;
      }
      return { received: true };
    },
  );
}
