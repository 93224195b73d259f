import type { Merchant, UcpPublicJwk } from '../../db/schema/index';
import { CARD_HANDLER, LIGHTNING_HANDLER, UCP_REST_PREFIX, UCP_SPEC_URLS, UCP_VERSION } from './protocol';

/** The merchant's Stripe account, when it takes cards (the card handler's config). */
export function cardAccountOf(merchant: Merchant): string | null {
  const account = merchant.stripeAccountId;
  return account && account !== 'pending_setup' ? account : null;
}

/** The payment handlers a merchant offers, keyed by reverse-DNS name, as profiles and checkouts list them. */
export function paymentHandlers(merchant: Merchant, publicUrl: string) {
  const account = cardAccountOf(merchant);
  return {
    ...(account
      ? {
          [CARD_HANDLER.name]: [
            {
              id: CARD_HANDLER.id,
              version: UCP_VERSION,
              spec: `${publicUrl}/docs#ucp-card-handler`,
              available_instruments: [{ type: 'card' }],
              config: {
                psp: 'stripe',
                merchant_id: account,
                credential_types: [CARD_HANDLER.credentialType],
              },
            },
          ],
        }
      : {}),
    ...(merchant.btcEnabled && merchant.btcProvider
      ? {
          [LIGHTNING_HANDLER.name]: [
            {
              id: LIGHTNING_HANDLER.id,
              version: UCP_VERSION,
              spec: `${publicUrl}/docs#ucp-lightning-handler`,
              available_instruments: [{ type: LIGHTNING_HANDLER.instrumentType }],
              config: { network: 'lightning', settlement: 'continue_url' },
            },
          ],
        }
      : {}),
  };
}

/** The capabilities this business serves, each at this version (fulfillment extends checkout). */
export function capabilities() {
  return {
    'dev.ucp.shopping.checkout': [{ version: UCP_VERSION, ...UCP_SPEC_URLS.checkout }],
    'dev.ucp.shopping.fulfillment': [
      { version: UCP_VERSION, ...UCP_SPEC_URLS.fulfillment, extends: 'dev.ucp.shopping.checkout' },
    ],
    'dev.ucp.shopping.order': [{ version: UCP_VERSION, ...UCP_SPEC_URLS.order }],
  };
}

/**
 * GET /.well-known/ucp: the merchant's business profile (profile_schema.json, business_profile). The
 * merchant is the caller's (its agent API key), as on /acp: one platform serves many merchants from one
 * origin, so the key says whose profile, keys and handlers these are.
 */
export function businessProfile(merchant: Merchant, publicUrl: string, signingKey: UcpPublicJwk) {
  return {
    ucp: {
      version: UCP_VERSION,
      services: {
        'dev.ucp.shopping': [
          {
            version: UCP_VERSION,
            spec: UCP_SPEC_URLS.overview,
            transport: 'rest',
            endpoint: `${publicUrl}${UCP_REST_PREFIX}`,
            schema: UCP_SPEC_URLS.restSchema,
          },
        ],
      },
      capabilities: capabilities(),
      payment_handlers: paymentHandlers(merchant, publicUrl),
    },
    signing_keys: [signingKey],
  };
}
