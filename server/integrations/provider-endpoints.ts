/**
 * Where each provider's API lives. Adapters get these real URLs in every mode; in sandbox mode the
 * network layer routes them to the simulators (integrations/sandbox-network.ts).
 */
export const PAYMENT_API_BASE = {
  stripe: 'https://api.stripe.com',
  opennode: 'https://api.opennode.com',
  coincorner: 'https://checkout.coincorner.com',
  strike: 'https://api.strike.me',
} as const;

export const STRIPE_CONNECT_BASE = 'https://connect.stripe.com';

/** The base URL a store platform's adapter talks to, from the merchant's credentials. */
export function storeApiBase(platform: string, credentials: Record<string, unknown>): string {
  switch (platform) {
    case 'woocommerce':
    case 'magento':
      return String(credentials.storeUrl);
    case 'shopify':
      return `https://${String(credentials.storeName)}.myshopify.com`;
    case 'bigcommerce':
      return 'https://api.bigcommerce.com';
    case 'custom':
      return String(credentials.endpoint);
    default:
      throw new Error(`No API base for platform ${platform}`);
  }
}

/** Platforms whose API address a merchant types in (and so must pass the private-network check). */
export const MERCHANT_SUPPLIED_HOST_PLATFORMS = new Set(['woocommerce', 'magento', 'custom']);

export function paymentApiBase(provider: string, credentials: Record<string, unknown>): string {
  if (provider === 'btcpay') return String(credentials.serverUrl ?? '');
  const base = PAYMENT_API_BASE[provider as keyof typeof PAYMENT_API_BASE];
  if (!base) throw new Error(`No API base for provider ${provider}`);
  return base;
}
