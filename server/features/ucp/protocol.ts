/** The UCP version this platform implements; the only one it accepts (ADR 048). */
export const UCP_VERSION = '2026-04-08';
/** Where the REST binding of `dev.ucp.shopping` is served: the endpoint the business profile advertises. */
export const UCP_REST_PREFIX = '/ucp';
/** The business profile's path, fixed by the specification. */
export const UCP_PROFILE_PATH = '/.well-known/ucp';

const SPEC = `https://ucp.dev/${UCP_VERSION}`;
export const UCP_SPEC_URLS = {
  overview: `${SPEC}/specification/overview`,
  restSchema: `${SPEC}/services/shopping/rest.openapi.json`,
  checkout: { spec: `${SPEC}/specification/checkout`, schema: `${SPEC}/schemas/shopping/checkout.json` },
  order: { spec: `${SPEC}/specification/order`, schema: `${SPEC}/schemas/shopping/order.json` },
  fulfillment: {
    spec: `${SPEC}/specification/fulfillment`,
    schema: `${SPEC}/schemas/shopping/fulfillment.json`,
  },
};

/**
 * The card handler: Stripe Shared Payment Tokens minted for the merchant's own Stripe account. Its
 * reverse-DNS name says what it is; its instance id is what instruments name in `handler_id`.
 */
export const CARD_HANDLER = {
  name: 'com.stripe.shared_payment_token',
  id: 'stripe_spt',
  credentialType: 'spt',
} as const;

/**
 * AgentCart's Lightning handler (UCP has none): completing with it escalates the checkout to the invoice's
 * payment page (`requires_escalation` + `continue_url`); the buyer pays there and the engine settles.
 */
export const LIGHTNING_HANDLER = {
  name: 'com.agentcart.lightning',
  id: 'lightning',
  instrumentType: 'lightning',
} as const;
