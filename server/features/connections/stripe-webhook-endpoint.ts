import { cardProvider } from '../../integrations/payments/registry';
import type { IntegrationRuntime } from '../../integrations/runtime';
import { seal, type Keyring } from '../../lib/crypto';
import type { Logger } from '../../lib/logger';
import { paymentContextFor } from '../commerce';
import { STRIPE_WEBHOOK_EVENTS, stripeRefundWebhookPath } from '../refunds';

/** What a merchant's own Stripe account is subscribed to: where, and the secret its deliveries are signed with. */
export interface StripeWebhookSubscription {
  endpointId: string;
  /** The whsec_ secret, sealed with the keyring as the connection's credentials are. */
  secretSealed: string;
}

type Deps = { runtime: IntegrationRuntime; keyring: Keyring; logger: Logger };

const stripeAdapter = () => cardProvider('stripe')!;

/**
 * Registers the merchant's refund and dispute route as a webhook endpoint on the Stripe account the
 * secret key belongs to (ADR 058). Stripe answers the signing secret only here, so it is sealed at once.
 * A refusal (a live account refusing our address, the account's endpoint limit) leaves the connection
 * without one: the key still charges, and the route then reads every event's truth from Stripe as it did
 * before signatures (nothing in an unsigned event is believed), so connecting is never blocked by it.
 */
export async function subscribeStripeWebhooks(
  deps: Deps & { publicUrl: string },
  merchantId: string,
  credentials: Record<string, unknown>,
): Promise<StripeWebhookSubscription | null> {
  try {
    const endpoint = await stripeAdapter().createWebhookEndpoint(
      paymentContextFor(deps.runtime, 'stripe', credentials),
      {
        url: `${deps.publicUrl}${stripeRefundWebhookPath(merchantId)}`,
        events: STRIPE_WEBHOOK_EVENTS,
        description: 'AgentCart: refunds and disputes of agent orders',
      },
    );
    return { endpointId: endpoint.id, secretSealed: seal(deps.keyring, endpoint.secret) };
  } catch (err) {
    deps.logger.warn({ err, merchantId }, 'stripe webhook endpoint not created; deliveries stay unsigned');
    return null;
  }
}

/**
 * Deletes an endpoint at Stripe with the key that made it (one already gone counts as deleted). Answers
 * false when Stripe could not be asked: the caller then keeps the endpoint and its secret, so what it
 * still sends is still checked, and a later connect or disconnect tries again.
 */
export async function deleteStripeWebhookEndpoint(
  deps: Deps,
  endpointId: string,
  credentials: Record<string, unknown> | null,
): Promise<boolean> {
  // Only a key connection subscribes an endpoint; without its key there is nothing we could delete with.
  if (!credentials) return true;
  try {
    await stripeAdapter().deleteWebhookEndpoint(
      paymentContextFor(deps.runtime, 'stripe', credentials),
      endpointId,
    );
    return true;
  } catch (err) {
    deps.logger.warn({ err, endpointId }, 'stripe webhook endpoint not deleted');
    return false;
  }
}
