import { vi } from 'vitest';

export const SIGNED_IN_SESSION = {
  user: { id: 'u1', email: 'a@b.co', name: 'A' },
  session: { expiresAt: '2030-01-01' },
};

export function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

export type FetchHandler = (init: RequestInit | undefined) => Response | Promise<Response>;

/** What the auth provider's subscription check hears unless a test routes it: no subscription. */
const unsubscribed: FetchHandler = () => json({ subscribed: false, tier: null, subscription_end: null });

/**
 * Installs a fetch stub: the session endpoint answers signed out (or signed in), and any other path is
 * answered by its handler (the subscription check answers unsubscribed by default); an unexpected call
 * fails the test loudly.
 */
export function stubFetch({ signedIn = false, routes = {} as Record<string, FetchHandler> } = {}) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const path = new URL(String(input), 'http://localhost').pathname;
    if (path === '/api/auth/get-session') return json(signedIn ? SIGNED_IN_SESSION : null);
    const handler = routes[path] ?? (path === '/api/billing/check-subscription' ? unsubscribed : undefined);
    if (!handler) throw new Error(`Unexpected fetch ${path}`);
    return handler(init);
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}
