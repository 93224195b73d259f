/**
 * The store-setup, Bitcoin and Stripe messages, shared by forms and server. Platforms are named by their display name (`name` in the platform list the server serves, ADR 011).
 */
export const CONNECTION_MESSAGES = {
  fillAllCredentials: (platformName: string) => `Please fill in all ${platformName} credentials`,
  storeUrlHttps: 'Store URL must start with https://',
  invalidUrl: 'Invalid URL',
  testFirst: 'Please test the connection first',
  loginToSave: 'Please log in to save connection',
  merchantNotFound: 'Merchant account not found',
  storeConnected: 'Store connected successfully!',
  saveFailed: 'Failed to save connection',
  /** A coming-soon platform can be tested but not saved. */
  comingSoon: (platformName: string) => `${platformName} is coming soon and cannot be connected yet.`,
  connectionSucceeded: (platformName: string) => `${platformName} is properly configured and responding.`,
  /** 'Connection failed: {status} {statusText}' (status only for non-WooCommerce platforms). */
  connectionFailedStatus: (platform: string, status: number, statusText: string | undefined) =>
    platform === 'woocommerce'
      ? `Connection failed: ${status} ${statusText ?? ''}`.trim()
      : `Connection failed: ${status}`,
  couldNotConnect: 'Could not connect to platform API.',
  /** The question asked when a store is saved while another is already the selling store (ADR 042). */
  sellingStoreQuestion: 'Which store should agents sell from?',
  sellingStoreChanged: (storeName: string) => `Agents now sell from ${storeName}.`,
  noSuchStore: 'No such store connection',
  /** A merchant with other stores chooses one to sell from before the selling store can go. */
  disconnectSellingStore: (storeName: string) =>
    `${storeName} is the store agents sell from. Choose another store to sell from before disconnecting it.`,
  stripeKeyRequired: 'Please enter your Stripe secret key',
  stripeKeyFormat: 'Invalid Stripe secret key format (must start with sk_)',
  stripeVerificationFailed: 'Verification failed',
  bitcoinUnknownError: 'Unknown error',
  expiryRange: 'Invoice expiry must be between 5 and 60 minutes',
  encryptionKeyLength: 'Encryption key must be 32 bytes',
} as const;

/** Card OAuth error codes with their messages; the callback redirects with one of these. */
export const STRIPE_OAUTH_ERRORS = {
  missing_params: 'OAuth callback received invalid parameters',
  invalid_state: 'OAuth state validation failed',
  /** Ours, beside the codes above: the callback came without the session that started the flow. */
  session_required: 'You were not signed in when Stripe sent you back. Sign in and connect Stripe again.',
  not_configured: 'Stripe Connect not properly configured',
  token_exchange_failed: 'Failed to exchange OAuth code for access token',
  save_failed: 'Failed to save the Stripe connection to database',
  unexpected_error: 'An unexpected error occurred during OAuth',
  /** Ours: the account Stripe named is already another merchant's card provider here. */
  account_in_use:
    'This Stripe account is already connected to another AgentCart merchant. Disconnect it there first, or connect a different account.',
} as const;
/** Settings › Payments › Disconnect: what the confirmation says and what the merchant is told after. */
export const STRIPE_DISCONNECT = {
  title: 'Disconnect this Stripe account?',
  description:
    'Agents stop taking card payments until you connect a Stripe account again. Past orders keep their payments, and you can still refund them from AgentCart.',
  confirm: 'Disconnect',
  done: 'Stripe account disconnected.',
} as const;

export type StripeOauthErrorCode = keyof typeof STRIPE_OAUTH_ERRORS;
export const UNKNOWN_OAUTH_ERROR = 'Unknown error occurred';

/**
 * Stripe's own `access_denied`: the merchant chose not to allow access on Stripe's page. Not a failure,
 * so it is said as what happened and what to do next.
 */
export const STRIPE_OAUTH_DECLINED = {
  code: 'access_denied',
  title: 'Stripe access declined',
  message:
    'You declined access on Stripe, so no account was connected. To take card payments, choose Connect with Stripe again and allow access, or connect with a secret key.',
} as const;

export const BTC_EXPIRY_DEFAULT_MINUTES = 15;
export const BTC_EXPIRY_MIN_MINUTES = 5;
export const BTC_EXPIRY_MAX_MINUTES = 60;
