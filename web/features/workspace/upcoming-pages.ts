/**
 * The merchant pages whose content arrives with later parts of the product. Each says plainly what it
 * will hold, so a person who opens it is never left guessing.
 */
export interface UpcomingPage {
  path: string;
  title: string;
  summary: string;
  coming: string[];
}

export const UPCOMING_PAGES: UpcomingPage[] = [
  {
    path: '/onboarding',
    title: 'Onboarding',
    summary:
      'A five-step setup: payment methods, card provider, store, a test order and your agent readiness.',
    coming: [
      'Choose card and Bitcoin Lightning payment methods',
      'Connect your Stripe account for Shared Payment Tokens',
      'Connect your WooCommerce store or custom API',
      'Run a test order end to end',
      'Check agent readiness before you go live',
    ],
  },
  {
    path: '/settings',
    title: 'Settings',
    summary:
      'Your profile, store platform, payment providers, API keys, webhooks, notifications and security.',
    coming: [
      'Profile, region and default currency',
      'Stripe and Bitcoin Lightning providers',
      'API keys for AI agents',
      'Webhooks, notifications, two-factor sign-in and sessions',
    ],
  },
  {
    path: '/payments',
    title: 'Payments',
    summary: 'Every card and Lightning payment taken by agents on your behalf, with filters.',
    coming: ['Filter by method and status', 'Provider invoice ids and Lightning payment requests'],
  },
  {
    path: '/agent/apply',
    title: 'Apply to ChatGPT Instant Checkout',
    summary: 'Generate the application bundle that ChatGPT checkout review asks for.',
    coming: [
      'Merchant details, supported payments and regions',
      'Discovery, health and OpenAPI documents in one file',
    ],
  },
];
