import { describe, expect, it } from 'vitest';
import { customWebhookSignature } from './custom/signing';
import { shopifyWebhookHmac } from './shopify/signing';
import { woocommerceOauthSignature, woocommerceWebhookSignature } from './woocommerce/signing';

/**
 * The store simulators' signing pinned to the same written-down known answers as the adapters' tests
 * (server/integrations/stores/<id>/webhook.test.ts, and woocommerce.test.ts for OAuth 1.0a), computed
 * once outside both: each side is checked against the provider's scheme, not against the other.
 */
describe('store simulators sign the known answers', () => {
  it('Shopify X-Shopify-Hmac-Sha256', () => {
    const body = '{"id":788032119674292900,"title":"Example T-Shirt","handle":"example-t-shirt"}';
    expect(shopifyWebhookHmac('shpss_test_app_secret', body)).toBe(
      'GnofG1WgUL2iwlwKufdVR5uEfJKTl80zNhdf4oSv4pY=',
    );
  });

  it('Custom API X-Signature', () => {
    const body =
      '{"id":"evt_0a1b2c3d","type":"order.updated","created_at":"2026-05-01T12:00:00.000Z","data":{"id":"ord_5b1e0c9d7a3f2e84","status":"fulfilled","total":"43.95","currency":"GBP"}}';
    expect(customWebhookSignature('whsec_custom_test_8Fq2', body)).toBe(
      'sha256=154c2c37981d243391d2e94cc36f6733eafd3738e2db7008cd477a4ad46598e8',
    );
  });

  it('WooCommerce X-WC-Webhook-Signature', () => {
    const body = '{"id":727,"status":"processing","currency":"GBP","total":"43.95"}';
    expect(woocommerceWebhookSignature(body, 'wc-webhook-secret-7Yp')).toBe(
      '77dSiPk5SFX7d00GeUXV/sLNCYFzEJJRe+TXQ3hBym8=',
    );
  });

  it('WooCommerce OAuth 1.0a one-legged signatures (which the simulator checks)', () => {
    const oauth = (signatureMethod: 'HMAC-SHA1' | 'HMAC-SHA256') => ({
      oauth_consumer_key: 'ck_1',
      oauth_nonce: 'abc',
      oauth_signature_method: signatureMethod,
      oauth_timestamp: '1700000000',
    });
    const sign = (
      url: string,
      params: Record<string, string>,
      signatureMethod: 'HMAC-SHA1' | 'HMAC-SHA256',
    ) => woocommerceOauthSignature({ method: 'get', url, params, consumerSecret: 'cs_1', signatureMethod });
    const products = 'http://shop.test/wp-json/wc/v3/products';
    expect(sign(products, { per_page: '1', ...oauth('HMAC-SHA256') }, 'HMAC-SHA256')).toBe(
      'Slg9R6CsFSKDVYRwTb2LHTpDSQBPMNiuutS/MOjdMbg=',
    );
    expect(sign(products, { ...oauth('HMAC-SHA1'), per_page: '1' }, 'HMAC-SHA1')).toBe(
      '8fLJefecs12MJMrbjaDYzr2jeGM=',
    );
    const orders = { search: "tea & cake's", after: '2026-05-01T00:00:00', ...oauth('HMAC-SHA256') };
    expect(sign('http://shop.test/wp-json/wc/v3/orders', orders, 'HMAC-SHA256')).toBe(
      'P+PuQXOgTHZp6dArEzMD5nGJy4nsBk0q0kLUxQbOags=',
    );
  });
});
