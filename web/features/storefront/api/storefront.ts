import { useMutation, useQuery } from '@tanstack/react-query';
import {
  createStorefrontCheckoutOutput,
  listStorefrontProductsOutput,
  storefrontSessionOutput,
} from '#common/api/storefront';
import { apiRequest, retryUnlessNotFound } from '#web/lib/api-client';

const base = (accountId: string) => `/api/storefront/${encodeURIComponent(accountId)}`;

/** GET /api/storefront/:accountId/products: the store's active products with their prices. */
export function useStorefrontProducts(accountId: string) {
  return useQuery({
    queryKey: ['storefront', accountId, 'products'],
    queryFn: () => apiRequest(`${base(accountId)}/products`, { schema: listStorefrontProductsOutput }),
    retry: retryUnlessNotFound,
  });
}

/** POST /api/storefront/:accountId/checkout: the hosted checkout page for one unit of a price. */
export function useStorefrontCheckout(accountId: string) {
  return useMutation({
    mutationFn: (priceId: string) =>
      apiRequest(`${base(accountId)}/checkout`, {
        body: { priceId, quantity: 1 },
        schema: createStorefrontCheckoutOutput,
      }),
  });
}

/** GET /api/storefront/:accountId/sessions/:id: whether the order was paid, as Stripe says. */
export function useStorefrontSession(accountId: string, sessionId: string | null) {
  return useQuery({
    queryKey: ['storefront', accountId, 'session', sessionId],
    queryFn: () =>
      apiRequest(`${base(accountId)}/sessions/${encodeURIComponent(sessionId!)}`, {
        schema: storefrontSessionOutput,
      }),
    enabled: sessionId !== null,
    retry: retryUnlessNotFound,
  });
}
