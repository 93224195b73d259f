import { AGENT_TEST_DEFAULTS } from '#common/api/agent-tests';

/**
 * The test checkout: one item shipped to GB, for at most 29.99 GBP. The store is the authority on
 * price (the server stops a test whose expected price differs), so the tester buys the test product at
 * the price the onboarding test uses, and 29.99 is what its test card may spend: the product plus
 * shipping fits within it.
 */
export const TEST_CHECKOUT = {
  sku: AGENT_TEST_DEFAULTS.sku,
  expectedPrice: AGENT_TEST_DEFAULTS.amount,
  quantity: 1,
  shippingCountry: 'GB',
  spendingLimit: 29.99,
  currency: 'GBP',
} as const;

/** Bitcoin polling: the tester confirms every 5 s, up to 60 times (about 5 minutes). */
export const CONFIRM_POLL_MS = 5000;
export const MAX_CONFIRM_POLLS = 60;
