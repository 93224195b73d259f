import { PRODUCT_NAME, SUPPORT_EMAIL } from '#common/domain/brand';

/** Spec §9: the offer the structured data names (a fixed marketing figure, not a plan price). */
const STRUCTURED_DATA_OFFER = { price: '49', priceCurrency: 'GBP' };

const FAQ = [
  {
    question: `Does ${PRODUCT_NAME} hold my customers' money?`,
    answer: `No. You are the merchant of record. Payments settle directly to your own Stripe, OpenNode or CoinCorner account; ${PRODUCT_NAME} is a software platform, not a payment gateway.`,
  },
  {
    question: 'Which stores can I connect?',
    answer:
      'WooCommerce (REST API v3, version 3.0 or later) and any store behind a custom API are live today. Shopify, BigCommerce and Magento are coming soon.',
  },
  {
    question: 'How long does setup take?',
    answer:
      'Under 5 minutes: choose your payment methods, connect your card provider and store, run a test order, and check your agent readiness.',
  },
];

/**
 * Spec §2 structured data of the landing page: the organisation, the software application with its
 * offer, and an FAQ, with every URL at the instance's public origin.
 */
function homeStructuredData(origin: string) {
  const organizationId = `${origin}/#organization`;
  return {
    '@context': 'https://schema.org',
    '@graph': [
      {
        '@type': 'Organization',
        '@id': organizationId,
        name: PRODUCT_NAME,
        url: `${origin}/`,
        logo: `${origin}/favicon.svg`,
        email: SUPPORT_EMAIL,
        contactPoint: {
          '@type': 'ContactPoint',
          contactType: 'customer support',
          email: SUPPORT_EMAIL,
          availableLanguage: ['en'],
        },
      },
      {
        '@type': 'SoftwareApplication',
        name: PRODUCT_NAME,
        applicationCategory: 'BusinessApplication',
        operatingSystem: 'Web',
        description:
          'Merchant payment orchestration for AI-agent checkout: connect WooCommerce or a custom API, accept cards through Stripe Shared Payment Tokens and Bitcoin Lightning, settled directly to your own accounts.',
        publisher: { '@id': organizationId },
        offers: { '@type': 'Offer', ...STRUCTURED_DATA_OFFER, url: `${origin}/pricing` },
      },
      {
        '@type': 'FAQPage',
        mainEntity: FAQ.map(({ question, answer }) => ({
          '@type': 'Question',
          name: question,
          acceptedAnswer: { '@type': 'Answer', text: answer },
        })),
      },
    ],
  };
}

/**
 * JSON-LD by page path, written into the pre-rendered head by the build (scripts/prerender.ts) only: the
 * browser never needs it, so it stays out of the app's JavaScript.
 */
export const STRUCTURED_DATA: Record<string, (origin: string) => object> = { '/': homeStructuredData };
