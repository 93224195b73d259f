import { describe, expect, it } from 'vitest';
import { storeCredentialsSchema } from './store-credentials';

describe('storeCredentialsSchema (store setup)', () => {
  const woo = storeCredentialsSchema('WooCommerce', ['storeUrl', 'consumerKey', 'consumerSecret']);

  it('asks for every field with the platform message', () => {
    const result = woo.safeParse({ storeUrl: 'https://shop.example', consumerKey: ' ', consumerSecret: '' });
    expect(result.error?.issues.map((i) => [i.path[0], i.message])).toEqual([
      ['consumerKey', 'Please fill in all WooCommerce credentials'],
      ['consumerSecret', 'Please fill in all WooCommerce credentials'],
    ]);
  });

  it('strips trailing slashes from store addresses and trims every field', () => {
    expect(
      woo.parse({ storeUrl: ' https://shop.example/// ', consumerKey: ' ck ', consumerSecret: 'cs' }),
    ).toEqual({ storeUrl: 'https://shop.example', consumerKey: 'ck', consumerSecret: 'cs' });
  });

  it('wants store addresses on https://', () => {
    const custom = storeCredentialsSchema('custom', ['endpoint', 'apiKey']);
    expect(custom.safeParse({ endpoint: 'http://api.example', apiKey: 'k' }).error?.issues[0]?.message).toBe(
      'Store URL must start with https://',
    );
  });
});
