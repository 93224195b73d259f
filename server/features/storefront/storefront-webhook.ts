import { z } from 'zod';
import { ProviderError } from '../../integrations/http';
import { constructStripeEvent } from '../../integrations/payments/stripe/webhook';
import { stripeStorefront } from '../../integrations/payments/stripe/storefront';
import type { StorefrontDeps } from './storefront';
import { platformContext } from './storefront';
import { merchantOfSale, recordStorefrontSale } from './storefront-sales';

export const STOREFRONT_WEBHOOK_PATH = '/webhooks/stripe/storefront';
/** The one event the storefront's Connect endpoint is subscribed to. */
export const STOREFRONT_EVENT_TYPES = ['checkout.session.completed'] as const;

const completedSession = z.object({
  type: z.string(),
  /** The connected account the session was paid on (a Connect endpoint's events carry it). */
  account: z.string().optional(),
  data: z.object({ object: z.looseObject({ id: z.string(), object: z.string() }) }),
});

/**
 * A signed delivery from the storefront's Connect endpoint. Its content is not trusted beyond naming
 * the session: the session is read back from Stripe on that account and, when paid and sold by the
 * storefront (it carries the storefront's metadata), recorded as the merchant's order, once however often
 * Stripe delivers. Returns what to answer; events of no interest are acknowledged so Stripe stops.
 */
export async function receiveStorefrontWebhook(
  deps: StorefrontDeps & { secret: string },
  input: { rawBody: string; signature: string | undefined },
): Promise<{ received: true; recorded: boolean }> {
  const event = completedSession.parse(
    constructStripeEvent(input.rawBody, input.signature, deps.secret, deps.engine.clock.now()),
  );
  if (!STOREFRONT_EVENT_TYPES.includes(event.type as never) || !event.account) {
    return { received: true, recorded: false };
  }
  const session = await stripeStorefront.getCheckout(
    platformContext(deps),
    event.account,
    event.data.object.id,
  );
  if (!session.paid || !session.priceId) return { received: true, recorded: false };
  const merchant = await merchantOfSale(deps, event.account, session.priceId);
  if (!merchant) return { received: true, recorded: false };
  await recordStorefrontSale(deps.engine, merchant, event.account, session);
  return { received: true, recorded: true };
}

/** How a refused delivery is answered: a bad signature or body is the sender's error, never a 500. */
export function refusalOf(err: unknown): { status: number; message: string } | null {
  if (err instanceof ProviderError && (err.kind === 'auth' || err.kind === 'invalid_request'))
    return { status: 400, message: err.message };
  if (err instanceof z.ZodError) return { status: 400, message: 'Not an event' };
  // Stripe could not be asked about the session: Stripe delivers the event again later.
  if (err instanceof ProviderError) return { status: 503, message: 'Stripe is unavailable; try again' };
  return null;
}
