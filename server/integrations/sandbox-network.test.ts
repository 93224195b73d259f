import { describe, expect, it, vi } from 'vitest';
import { createSandboxFetch, resolveSandboxUrl } from './sandbox-network';

const routes = [
  { host: 'api.stripe.com', target: 'http://127.0.0.1:4401' },
  { host: '*.woocommerce.sandbox', target: 'http://127.0.0.1:4410' },
];

describe('sandbox network', () => {
  it('sends a provider host to its simulator, keeping path and query', () => {
    const r = resolveSandboxUrl(
      routes,
      new URL('https://demo.woocommerce.sandbox/wp-json/wc/v3/products?per_page=1'),
    );
    expect(r?.url.toString()).toBe('http://127.0.0.1:4410/wp-json/wc/v3/products?per_page=1');
    expect(r).toMatchObject({ forwardedHost: 'demo.woocommerce.sandbox', forwardedProto: 'https' });
  });

  it('leaves other hosts alone and does not match the bare suffix', () => {
    expect(resolveSandboxUrl(routes, new URL('https://shop.example.com/'))).toBeNull();
    expect(resolveSandboxUrl(routes, new URL('https://woocommerce.sandbox/'))).toBeNull();
    expect(resolveSandboxUrl(routes, new URL('https://evil-api.stripe.com.attacker.io/'))).toBeNull();
  });

  it('adds the proxy headers a simulator needs to see the original scheme and host', async () => {
    const inner = vi.fn(async () => new Response('ok'));
    const sandboxFetch = createSandboxFetch(routes, inner as unknown as typeof fetch);
    await sandboxFetch('https://api.stripe.com/v1/account', {
      headers: { authorization: 'Bearer sk_test_x' },
    });
    const [url, init] = inner.mock.calls[0] as unknown as [URL, RequestInit];
    expect(url.toString()).toBe('http://127.0.0.1:4401/v1/account');
    const headers = new Headers(init.headers);
    expect(headers.get('x-forwarded-host')).toBe('api.stripe.com');
    expect(headers.get('x-forwarded-proto')).toBe('https');
    expect(headers.get('authorization')).toBe('Bearer sk_test_x');
  });
});
